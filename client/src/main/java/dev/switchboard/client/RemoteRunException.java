package dev.switchboard.client;

import tools.jackson.databind.JsonNode;

/**
 * A remote graph's run failed on its server: the stream's {@code error} event, whose {@code error}
 * (the exception's name) and {@code message} the message repeats, as LangGraph's {@code
 * RemoteException}.
 */
public final class RemoteRunException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient JsonNode error;

    RemoteRunException(String assistantId, JsonNode error) {
        super("the run of remote graph '" + assistantId + "' failed: "
                + error.path("error").asString("Error") + ": "
                + error.path("message").asString(error.toString()));
        this.error = error;
    }

    /**
     * The error event's data, as the server sent it.
     *
     * @return the data, with {@code error} and {@code message}
     */
    public JsonNode error() {
        return error;
    }
}
