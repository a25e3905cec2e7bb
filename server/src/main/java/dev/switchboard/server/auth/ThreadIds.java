package dev.switchboard.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Scopes thread ids to their owner, so that a tenant cannot tell whether another tenant's thread id
 * exists: with authentication on, the id a client names (in a path, a body, an answer) is not the
 * id the thread is stored under. The stored id is the client's id XOR a 128-bit key derived from
 * the owner with a secret of the database (HMAC-SHA256), the UUID's version and variant bits left
 * as they are: the same map both ways, so an answer maps a stored id back without a lookup, and two
 * tenants naming the same id address two different threads. Without the secret nobody can name an
 * id that lands on another owner's stored id, so "exists but is someone else's" and "does not
 * exist" are the same request to the store. A request without an owner (no authentication) keeps
 * its ids, as in LangGraph, where thread ids are one global space.
 */
public final class ThreadIds {
    private static final String HMAC = "HmacSHA256";
    private static final ThreadIds GLOBAL = new ThreadIds();
    /** Owners whose keys are kept; past it the kept keys are dropped and derived again as used. */
    private static final int KEPT_OWNERS = 4096;

    private final SecretKeySpec secret;
    /**
     * Each owner's key, derived once: every id of every request of an owner maps with it, and a
     * {@link Mac} costs a provider lookup and a key schedule each time it is made.
     */
    private final Map<String, Key> keys = new ConcurrentHashMap<>();

    private ThreadIds() {
        this.secret = null;
    }

    /**
     * Ids left as clients name them, one global space as in LangGraph (a server built with {@code
     * ownerScopedThreadIds(false)}): a tenant can then tell that another's thread id exists.
     *
     * @return the ids
     */
    public static ThreadIds global() {
        return GLOBAL;
    }

    /**
     * Whether ids are scoped to their owner.
     *
     * @return false for {@link #global()}
     */
    public boolean scoped() {
        return secret != null;
    }

    /**
     * The ids of a database.
     *
     * @param secret the database's secret (at least 16 bytes), the same on every server that shares it
     */
    public ThreadIds(byte[] secret) {
        if (secret.length < 16) {
            throw new IllegalArgumentException("the thread id secret needs at least 16 bytes");
        }
        this.secret = new SecretKeySpec(secret.clone(), HMAC);
    }

    /**
     * A fresh secret, for a database that has none yet (or a server that keeps nothing).
     *
     * @return 32 random bytes
     */
    public static byte[] freshSecret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return b;
    }

    /**
     * Maps an id between the owner's view and the store, either way (the map is its own inverse).
     *
     * @param owner the caller, or null without authentication
     * @param id a UUID in 8-4-4-4-12 hex form; anything else is answered unchanged (the route refuses it)
     * @return the other side's id, lower case; {@code id} itself when {@code owner} is null
     */
    public String map(String owner, String id) {
        if (owner == null || secret == null || id == null || id.length() != 36) {
            return id;
        }
        UUID u;
        try {
            u = UUID.fromString(id);
        } catch (IllegalArgumentException notAUuid) {
            return id;
        }
        Key k = key(owner);
        return new UUID(u.getMostSignificantBits() ^ k.hi, u.getLeastSignificantBits() ^ k.lo).toString();
    }

    /** The 128 bits an owner's ids are XORed with, the UUID's version and variant bits cleared. */
    private record Key(long hi, long lo) {}

    private Key key(String owner) {
        Key k = keys.get(owner);
        if (k == null) {
            if (keys.size() >= KEPT_OWNERS) {
                keys.clear();
            }
            byte[] b = derive(owner);
            long hi = 0;
            long lo = 0;
            for (int i = 0; i < 8; i++) {
                hi = (hi << 8) | (b[i] & 0xff);
                lo = (lo << 8) | (b[8 + i] & 0xff);
            }
            hi &= ~0xF000L; // the version nibble stays the client's
            lo &= ~0xC000_0000_0000_0000L; // and so do the variant bits
            k = new Key(hi, lo);
            keys.put(owner, k);
        }
        return k;
    }

    private byte[] derive(String owner) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(secret);
            return mac.doFinal(owner.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has " + HMAC, e);
        }
    }
}
