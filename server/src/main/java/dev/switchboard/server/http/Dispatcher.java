package dev.switchboard.server.http;

import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.Redacted;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's {@link ApiHandler}: takes the caller the transport authenticated ({@link
 * ApiRequest#principal()}), else authenticates it (bearer token or {@code x-api-key})
 * unless the route is open, routes, and answers errors as LangGraph Server does: a validation
 * error as its JSON issue list, others as plain text; an unexpected failure as a 500 that says
 * nothing of it (it is logged, without its messages).
 */
public final class Dispatcher implements ApiHandler {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

    private final Router router;
    private final Function<String, Optional<String>> authenticator;
    private final int maxBodyBytes;

    /**
     * A dispatcher.
     *
     * @param router the routes
     * @param authenticator token to identity, or null when authentication is off
     * @param maxBodyBytes the largest body read
     */
    public Dispatcher(Router router, Function<String, Optional<String>> authenticator, int maxBodyBytes) {
        this.router = router;
        this.authenticator = authenticator;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public ApiResponse handle(ApiRequest request) {
        Exchange ex = new Exchange(request, maxBodyBytes);
        try {
            Router.Match match;
            try {
                match = router.match(ex);
            } catch (ApiException unknown) {
                authenticate(request, ex); // with authentication on, an unknown path is a 401 too
                throw unknown;
            }
            if (!match.open()) {
                authenticate(request, ex);
            }
            match.handler().handle(ex);
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
        if (e.field() != null) {
            ex.json(e.status(), validation(e));
        } else {
            ex.text(e.status(), String.valueOf(e.getMessage()));
        }
    }

    private static ObjectNode validation(ApiException e) {
        ObjectNode body = Json.object();
        body.put("success", false);
        ObjectNode error = body.putObject("error");
        error.put("name", "ValidationError");
        ObjectNode issue = error.putArray("issues").addObject();
        issue.put("code", "invalid_value");
        issue.putArray("path").add(e.field());
        issue.put("message", e.getMessage());
        return body;
    }
}
