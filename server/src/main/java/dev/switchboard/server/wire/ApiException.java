package dev.switchboard.server.wire;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An error answered to the client with LangGraph Server's status and body: handler errors are
 * {@code text/plain} messages; a request that does not match the API's schema is LangGraph's (zod's)
 * JSON {@code {success: false, error: {issues: [{code, path, message, ...}], name: "ZodError"}}},
 * 400 for the API's own fields and 422 for values the graph cannot take.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient ObjectNode issue;

    private ApiException(int status, String message, ObjectNode issue) {
        super(message, null, false, false);
        this.status = status;
        this.issue = issue;
    }

    /** @return the HTTP status answered */
    public int status() {
        return status;
    }

    /** @return the validation issue (zod's shape), or null for a plain error */
    public ObjectNode issue() {
        return issue;
    }

    /**
     * A plain error.
     *
     * @param status the HTTP status
     * @param message the text answered
     * @return the exception
     */
    public static ApiException status(int status, String message) {
        return new ApiException(status, message, null);
    }

    /**
     * A 404.
     *
     * @param message the text answered
     * @return the exception
     */
    public static ApiException notFound(String message) {
        return status(404, message);
    }

    /**
     * A plain 400.
     *
     * @param message the text answered
     * @return the exception
     */
    public static ApiException badRequest(String message) {
        return status(400, message);
    }

    /**
     * A validation error of any code.
     *
     * @param status 400 or 422
     * @param path where in the body (field names and array indexes)
     * @param code zod's issue code ({@code custom} for the server's own rules)
     * @param message what is wrong
     * @return the exception
     */
    public static ApiException issue(int status, List<?> path, String code, String message) {
        ObjectNode issue = Json.object().put("code", code);
        ArrayNode p = issue.putArray("path");
        path.forEach(step -> {
            if (step instanceof Integer i) {
                p.add(i);
            } else {
                p.add(String.valueOf(step));
            }
        });
        issue.put("message", message);
        return new ApiException(status, message, issue);
    }

    /**
     * A field the API's schema refuses, for a rule of the server's own (zod's {@code custom}).
     *
     * @param field the field
     * @param message what is wrong
     * @return the exception, 400
     */
    public static ApiException invalid(String field, String message) {
        return issue(400, List.of(field), "custom", message);
    }

    /**
     * A value of the wrong JSON type, as zod reports it.
     *
     * @param path where
     * @param expected the type expected ({@code string}, {@code number}, {@code object}, ...)
     * @param received the value received
     * @return the exception, 400
     */
    public static ApiException invalidType(List<?> path, String expected, JsonNode received) {
        String got = typeOf(received);
        String message = got.equals("undefined") ? "Required" : "Expected " + expected + ", received " + got;
        ApiException e = issue(400, path, "invalid_type", message);
        e.issue.put("expected", expected).put("received", got);
        return e;
    }

    /**
     * A value outside an enumeration, as zod reports it.
     *
     * @param path where
     * @param options the values allowed
     * @param received the value received
     * @return the exception, 400
     */
    public static ApiException invalidEnum(List<?> path, Collection<String> options, JsonNode received) {
        String listed = options.stream().map(o -> "'" + o + "'").collect(Collectors.joining(" | "));
        String got = received.isString() ? "'" + received.asString() + "'" : received.toString();
        ApiException e =
                issue(400, path, "invalid_enum_value", "Invalid enum value. Expected " + listed + ", received " + got);
        e.issue.set("options", Json.tree(List.copyOf(options)));
        e.issue.set("received", received);
        return e;
    }

    /**
     * An id that is not a canonical UUID, as zod reports it.
     *
     * @param field the field or path parameter
     * @return the exception, 400
     */
    public static ApiException invalidUuid(String field) {
        return invalidUuid(List.of(field));
    }

    /**
     * An id that is not a canonical UUID, as zod reports it.
     *
     * @param path where
     * @return the exception, 400
     */
    public static ApiException invalidUuid(List<?> path) {
        ApiException e = issue(400, path, "invalid_string", "Invalid uuid");
        e.issue.put("validation", "uuid");
        return e;
    }

    /**
     * A number out of bounds, as zod reports it.
     *
     * @param path where
     * @param small whether it is too small (else too big)
     * @param bound the bound it crosses
     * @return the exception, 400
     */
    public static ApiException outOfBounds(List<?> path, boolean small, long bound) {
        ApiException e = issue(
                400,
                path,
                small ? "too_small" : "too_big",
                "Number must be " + (small ? "greater" : "less") + " than or equal to " + bound);
        e.issue.put(small ? "minimum" : "maximum", bound).put("type", "number");
        e.issue.put("inclusive", true).put("exact", false);
        return e;
    }

    /** The name zod gives a JSON value's type. */
    static String typeOf(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "undefined";
        }
        if (n.isNull()) {
            return "null";
        }
        if (n.isArray()) {
            return "array";
        }
        if (n.isObject()) {
            return "object";
        }
        if (n.isString()) {
            return "string";
        }
        if (n.isBoolean()) {
            return "boolean";
        }
        return n.isNumber() ? "number" : "unknown";
    }
}
