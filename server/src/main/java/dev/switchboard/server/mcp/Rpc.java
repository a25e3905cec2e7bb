package dev.switchboard.server.mcp;

import dev.switchboard.server.wire.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON-RPC 2.0 answers and the error codes MCP uses. */
final class Rpc {
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;

    private Rpc() {}

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode o = Json.object().put("jsonrpc", "2.0");
        o.set("id", id);
        o.set("result", result);
        return o;
    }

    static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode o = Json.object().put("jsonrpc", "2.0");
        o.set("id", id);
        o.putObject("error").put("code", code).put("message", message);
        return o;
    }

    /** A request answered with a JSON-RPC error. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Failure(int code, String message) {
            super(message);
            this.code = code;
        }
    }
}
