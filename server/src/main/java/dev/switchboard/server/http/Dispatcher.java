package dev.switchboard.server.http;

import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.JsonChecks;
import dev.switchboard.server.wire.Redacted;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's {@link ApiHandler}. Before anything else it refuses what a browser should not be
 * able to make it do: a {@code Host} it does not answer to (DNS rebinding), a cross-origin call
 * from an origin not allowed (a CSRF, even a "simple" request a page sends without a preflight),
 * a body that is not JSON (an HTML form's); it answers CORS preflights of allowed origins and adds
 * CORS headers to their answers. Then it takes the caller the transport authenticated ({@link
 * ApiRequest#principal()}), else authenticates it (bearer token or {@code x-api-key}) unless the
 * route is open, routes, and answers errors as LangGraph Server does: a validation error as its
 * JSON issue list, others as plain text; an unexpected failure as a 500 that says nothing of it (it
 * is logged, without its messages). While the heap is too full (see {@link HeapGuard}) it answers
 * 503 to all but health, info, cancels and deletes. Every answer says {@code nosniff}.
 */
public final class Dispatcher implements ApiHandler {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

    /** The headers a browser may read from an answer (the SDK reads the first two). */
    private static final String EXPOSED = "Content-Location, X-Pagination-Total, Location";

    private static final String METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

    private final Router router;
    private final Function<String, Optional<String>> authenticator;
    private final int maxBodyBytes;
    private final Origins origins;
    private final JsonChecks checks;
    private final HeapGuard heap;
    private Gate gate = Gate.OPEN;

    /**
     * A dispatcher.
     *
     * @param router the routes
     * @param authenticator token to identity, or null when authentication is off
     * @param maxBodyBytes the largest body read
     * @param origins the origins and host names answered
     * @param checks what a JSON body may hold
     * @param heap when to shed load
     */
    public Dispatcher(
            Router router,
            Function<String, Optional<String>> authenticator,
            int maxBodyBytes,
            Origins origins,
            JsonChecks checks,
            HeapGuard heap) {
        this.heap = heap;
        this.router = router;
        this.authenticator = authenticator;
        this.maxBodyBytes = maxBodyBytes;
        this.origins = origins;
        this.checks = checks;
    }

    /**
     * Sets what authenticated requests pass before their handler (authorization).
     *
     * @param gate the gate
     * @return this dispatcher
     */
    public Dispatcher gate(Gate gate) {
        this.gate = java.util.Objects.requireNonNull(gate, "gate");
        return this;
    }

    @Override
    public ApiResponse handle(ApiRequest request) {
        Exchange ex = new Exchange(request, maxBodyBytes, checks);
        ex.header("X-Content-Type-Options", "nosniff");
        try {
            if (guard(request, ex)) {
                return ex.response();
            }
            if (heap.shedding() && !spared(request)) {
                throw ApiException.status(503, "the server is low on memory: retry later");
            }
            Router.Match match;
            try {
                match = router.match(ex);
            } catch (ApiException unknown) {
                authenticate(request, ex); // with authentication on, an unknown path is a 401 too
                throw unknown;
            }
            if (!match.open()) {
                authenticate(request, ex);
                gate.check(ex, match.route());
            }
            if (!ex.answered()) {
                match.handler().handle(ex);
            }
            if (!ex.answered()) {
                ex.empty(204);
            }
        } catch (ApiException e) {
            answer(ex, e);
        } catch (IOException e) {
            ex.empty(400); // the client went away while sending: nobody reads this
        } catch (GraphException e) {
            if (e.code().orElse(null) != ErrorCode.SCHEMA_TOO_NEW) {
                LOG.error("{} {} failed", request.method(), request.path(), Redacted.of(e));
                answer(ex, ApiException.status(500, "Internal server error"));
            } else {
                // A server of an older version of the graph than the thread's: the client can
                // retry against one of the new version (a rolling upgrade), nothing was written.
                answer(ex, ApiException.status(409, e.getMessage()));
            }
        } catch (RuntimeException e) {
            LOG.error("{} {} failed", request.method(), request.path(), Redacted.of(e));
            answer(ex, ApiException.status(500, "Internal server error"));
        }
        return ex.response();
    }

    /**
     * Refuses (403, 415) or answers (a preflight) what must not reach the routes; adds the CORS
     * headers of an allowed cross-origin call.
     *
     * @return true when answered
     */
    private boolean guard(ApiRequest r, Exchange ex) {
        String host = r.header("Host");
        if (!origins.hostAllowed(host)) {
            throw ApiException.status(
                    403, "this server does not answer to the host name the request names; allow it with allowHosts");
        }
        String origin = r.header("Origin");
        boolean preflight = r.method().equals("OPTIONS");
        if (origin != null) {
            if (!origins.originAllowed(origin, host)) {
                throw ApiException.status(
                        403, "cross-origin requests from this origin are not allowed; allow it with allowOrigins");
            }
            ex.header("Access-Control-Allow-Origin", origin);
            ex.header("Vary", "Origin");
            ex.header("Access-Control-Expose-Headers", EXPOSED);
        }
        if (preflight) {
            ex.header("Allow", METHODS);
            if (origin != null) {
                ex.header("Access-Control-Allow-Methods", METHODS);
                String asked = r.header("Access-Control-Request-Headers");
                ex.header(
                        "Access-Control-Allow-Headers",
                        asked == null ? "Content-Type, Authorization, X-Api-Key, Last-Event-ID" : asked);
                ex.header("Access-Control-Max-Age", "600");
            }
            ex.empty(204);
            return true;
        }
        if (hasBody(r) && !json(r.header("Content-Type"))) {
            throw ApiException.status(415, "request bodies must be JSON: send Content-Type: application/json");
        }
        return false;
    }

    /**
     * What is answered even while load is shed: health and info (cheap, and how an operator sees
     * the server), and cancels and deletes (they free memory).
     */
    static boolean spared(ApiRequest r) {
        String path = r.path();
        return path.equals("/ok")
                || path.equals("/info")
                || path.endsWith("/cancel")
                || r.method().equals("DELETE");
    }

    private static boolean hasBody(ApiRequest r) {
        String length = r.header("Content-Length");
        return r.header("Transfer-Encoding") != null
                || (length != null && !length.trim().equals("0"));
    }

    /** application/json, or a JSON-based type ({@code application/merge-patch+json}), any parameters. */
    private static boolean json(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
        return type.equals("application/json") || (type.startsWith("application/") && type.endsWith("+json"));
    }

    private void authenticate(ApiRequest request, Exchange ex) {
        String principal = request.principal();
        if (principal != null) {
            ex.owner(principal); // the transport (Spring Security) authenticated the caller
            return;
        }
        if (authenticator == null) {
            return;
        }
        String auth = ex.header("Authorization");
        String token = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                ? auth.substring(7).trim()
                : ex.header("x-api-key");
        Optional<String> who = token == null || token.isEmpty() ? Optional.empty() : authenticator.apply(token);
        ex.owner(who.orElseThrow(() -> ApiException.status(401, "Unauthorized: a valid bearer token is required")));
    }

    private static void answer(Exchange ex, ApiException e) {
        if (e.status() == 503) {
            ex.header("Retry-After", "5"); // shed load: the client's SDK retries after this
        }
        if (e.issue() != null) {
            ex.json(e.status(), validation(e));
        } else {
            ex.text(e.status(), String.valueOf(e.getMessage()));
        }
    }

    /** LangGraph's (zod's) validation error: {@code {success: false, error: {issues, name}}}. */
    private static ObjectNode validation(ApiException e) {
        ObjectNode body = Json.object();
        body.put("success", false);
        ObjectNode error = body.putObject("error");
        error.putArray("issues").add(e.issue());
        error.put("name", "ZodError");
        return body;
    }
}
