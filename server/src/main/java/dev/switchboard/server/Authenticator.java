package dev.switchboard.server;

import java.util.Optional;

/**
 * The optional authentication hook (LangGraph's custom auth): given the bearer token of a request
 * ({@code Authorization: Bearer <token>}, or the SDK's {@code x-api-key} header), answers the
 * identity of the caller, or empty to refuse the request with 401. With an authenticator set,
 * every thread belongs to the identity that created it, and thread ids are scoped to their owner
 * ({@link dev.switchboard.server.auth.ThreadIds}): another identity naming the same id names a
 * different thread, so it cannot see, run, search or delete yours, nor tell that it exists (it may
 * create its own under that id). In the store, an identity reaches only namespaces whose first
 * label is that identity.
 */
@FunctionalInterface
public interface Authenticator {
    /**
     * Checks a token.
     *
     * @param token the bearer token, never null (a request without one is refused before)
     * @return the caller's identity, or empty to answer 401
     */
    Optional<String> authenticate(String token);
}
