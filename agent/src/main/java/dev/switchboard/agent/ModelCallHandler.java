package dev.switchboard.agent;

/**
 * The rest of the model call, as a {@code wrapModelCall} hook receives it: the next middleware's
 * hook, or the model itself. A hook may call it once, several times (to retry or fall back), or not
 * at all (to answer without the model).
 */
@FunctionalInterface
public interface ModelCallHandler {
    /**
     * Makes the call.
     *
     * @param request the request, as this hook passes it on
     * @return the response
     * @throws Exception what the model or an inner hook threw
     */
    ModelResponse call(ModelRequest request) throws Exception;
}
