package dev.switchboard.spring.boot.server;

import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.ApiRequest;
import dev.switchboard.server.http.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.Principal;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.util.UrlPathHelper;

/**
 * Serves the server's {@link ApiHandler} from Spring MVC: each request handed over as it came,
 * with the caller Spring Security (or the servlet container) authenticated as its principal, and
 * the answer written back on the request's thread, a streamed one (SSE) flushed event by event as
 * the server writes it, so a stream holds its request thread while it lasts.
 */
final class ServletApiHandler implements HttpRequestHandler {
    private final ApiHandler api;

    ServletApiHandler(ApiHandler api) {
        this.api = api;
    }

    @Override
    public void handleRequest(HttpServletRequest request, HttpServletResponse response) {
        ApiResponse answer = api.handle(new Request(request));
        response.setStatus(answer.status());
        Set<String> named = new HashSet<>();
        for (Map.Entry<String, String> h : answer.headers()) {
            // the server's header replaces one a filter set before it (a CORS filter's, say), so a
            // browser never sees two values of one; a name the server repeats keeps every value
            if (named.add(h.getKey().toLowerCase(Locale.ROOT))) {
                response.setHeader(h.getKey(), h.getValue());
            } else {
                response.addHeader(h.getKey(), h.getValue());
            }
        }
        if (request.getMethod().equals("HEAD")) {
            return;
        }
        try {
            if (answer.streamed()) {
                response.flushBuffer(); // the headers now: the client sees its stream open at once
                answer.stream().writeTo(response.getOutputStream());
                return;
            }
            byte[] body = answer.body();
            if (body.length > 0) {
                response.setContentLength(body.length);
                OutputStream out = response.getOutputStream();
                out.write(body);
            }
        } catch (IOException e) {
            // the client went away: nothing left to answer
        }
    }

    /** A servlet request as the server's API reads it. */
    private record Request(HttpServletRequest http) implements ApiRequest {
        @Override
        public String method() {
            return http.getMethod();
        }

        @Override
        public String path() {
            return UrlPathHelper.defaultInstance.getPathWithinApplication(http);
        }

        @Override
        public String rawQuery() {
            return http.getQueryString();
        }

        @Override
        public String header(String name) {
            return http.getHeader(name);
        }

        @Override
        public InputStream body() {
            try {
                return http.getInputStream();
            } catch (IOException e) {
                return InputStream.nullInputStream(); // the client went away before its body
            }
        }

        @Override
        public String principal() {
            Principal p = http.getUserPrincipal();
            return p == null ? null : p.getName();
        }
    }
}
