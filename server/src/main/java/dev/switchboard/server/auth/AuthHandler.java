package dev.switchboard.server.auth;

/**
 * Decides one kind of request (LangGraph's {@code @auth.on.threads.create} and the like). Called
 * on the request's thread for every authenticated request of its resource and action; a handler
 * that throws answers 500, so decide, do not fail.
 */
@FunctionalInterface
public interface AuthHandler {
    /**
     * Judges a request.
     *
     * @param request who asks what
     * @return allow, deny or a filter
     */
    Decision authorize(AuthRequest request);
}
