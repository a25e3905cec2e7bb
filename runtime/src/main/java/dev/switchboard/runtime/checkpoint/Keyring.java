package dev.switchboard.runtime.checkpoint;

import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AES-256 keys of an {@link EncryptedSaver}, by key id: the current key encrypts new values,
 * every key decrypts values written with it, so keys can be rotated without rewriting old data.
 */
public final class Keyring {
    private final String currentKeyId;
    private final Map<String, SecretKey> keys;

    private Keyring(String currentKeyId, Map<String, SecretKey> keys) {
        this.currentKeyId = currentKeyId;
        this.keys = keys;
    }

    /**
     * A keyring with a single key.
     *
     * @param keyId the key's id (up to 255 bytes of UTF-8)
     * @param key 32 bytes of key material
     * @return the keyring
     */
    public static Keyring of(String keyId, byte[] key) {
        return new Keyring(keyId, Map.of(checkId(keyId), aes(key)));
    }

    /**
     * This keyring with another key, which becomes the current one; the others still decrypt.
     *
     * @param keyId the new key's id
     * @param key 32 bytes of key material
     * @return a new keyring
     */
    public Keyring rotateTo(String keyId, byte[] key) {
        Map<String, SecretKey> all = new LinkedHashMap<>(keys);
        if (all.putIfAbsent(checkId(keyId), aes(key)) != null) {
            throw new IllegalArgumentException("key id '" + keyId + "' is already in the keyring");
        }
        return new Keyring(keyId, Map.copyOf(all));
    }

    /**
     * Fresh random key material, for tests and for generating a key to store in a secret manager.
     *
     * @return 32 random bytes
     */
    public static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    String currentKeyId() {
        return currentKeyId;
    }

    SecretKey current() {
        return keys.get(currentKeyId);
    }

    SecretKey key(String keyId) {
        return keys.get(keyId);
    }

    private static String checkId(String keyId) {
        Objects.requireNonNull(keyId, "keyId");
        int length = keyId.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (length == 0 || length > 255) {
            throw new IllegalArgumentException("key id must be 1 to 255 bytes of UTF-8");
        }
        return keyId;
    }

    private static SecretKey aes(byte[] key) {
        Objects.requireNonNull(key, "key");
        if (key.length != 32) {
            throw new IllegalArgumentException("an AES-256 key has 32 bytes, not " + key.length);
        }
        return new SecretKeySpec(key.clone(), "AES");
    }
}
