package dev.switchboard.server.http;

import dev.switchboard.server.wire.ApiException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matches a method and a path template such as {@code /threads/{thread_id}/runs} to a handler; a
 * prefix route ({@code /studio}) takes every path under it. {@code HEAD} matches a {@code GET}
 * route (the transport sends no body).
 */
public final class Router {
    /** Handles one matched request. */
    @FunctionalInterface
    public interface Handler {
        /**
         * Handles the request, answering through the exchange.
         *
         * @param ex the request and its answer
         * @throws IOException when the client has gone
         */
        void handle(Exchange ex) throws IOException;
    }

    /**
     * A matched route: its handler, whether it answers without authentication, and its method and
     * template as {@link #routes()} lists it (null for a prefix route).
     */
    record Match(Handler handler, boolean open, String route) {}

    private record Route(
            String method,
            String template,
            Pattern pattern,
            List<String> names,
            Handler handler,
            boolean open,
            Template parts) {
        /** The path's parameters in the order named, or null when it does not match. */
        List<String> match(String path) {
            if (parts != null) {
                return parts.match(path);
            }
            Matcher m = pattern.matcher(path);
            if (!m.matches()) {
                return null;
            }
            List<String> values = new ArrayList<>(names.size());
            for (int i = 0; i < names.size(); i++) {
                values.add(m.group(i + 1));
            }
            return values;
        }
    }

    /**
     * A template whose parameters are whole segments, matched without a regex (every request is
     * matched against the routes in turn): its literal parts (null for a parameter, which takes one
     * non-empty segment); one trailing slash is allowed, as the route's pattern allows it.
     */
    private record Template(String[] parts, int params) {
        static Template of(String template) {
            List<String> parts = new ArrayList<>();
            Matcher m = PARAM.matcher(template);
            int last = 0;
            int params = 0;
            while (m.find()) {
                if (m.start() > last) {
                    parts.add(template.substring(last, m.start()));
                }
                parts.add(null);
                params++;
                last = m.end();
            }
            if (last < template.length()) {
                parts.add(template.substring(last));
            }
            for (int i = 0; i < parts.size(); i++) {
                boolean param = parts.get(i) == null;
                boolean wholeSegment =
                        i == 0 || parts.get(i - 1) != null && parts.get(i - 1).endsWith("/");
                boolean segmentEnds = i + 1 == parts.size()
                        || parts.get(i + 1) != null && parts.get(i + 1).startsWith("/");
                if (param && !(wholeSegment && segmentEnds)) {
                    return null; // a parameter inside a segment: the pattern matches it
                }
            }
            return new Template(parts.toArray(String[]::new), params);
        }

        List<String> match(String path) {
            List<String> values = params == 0 ? List.of() : new ArrayList<>(params);
            int at = 0;
            for (String part : parts) {
                if (part != null) {
                    if (!path.startsWith(part, at)) {
                        return null;
                    }
                    at += part.length();
                } else {
                    int end = path.indexOf('/', at);
                    end = end < 0 ? path.length() : end;
                    if (end == at) {
                        return null;
                    }
                    values.add(path.substring(at, end));
                    at = end;
                }
            }
            boolean whole = at == path.length() || at == path.length() - 1 && path.charAt(at) == '/';
            return whole ? values : null;
        }
    }

    private static final Pattern PARAM = Pattern.compile("\\{([a-z_]+)}");
    private final List<Route> routes = new ArrayList<>();
    private final List<Route> prefixes = new ArrayList<>();

    /**
     * Adds a route that needs the caller's token when authentication is on.
     *
     * @param method the method
     * @param template the path template
     * @param handler the handler
     * @return this router
     */
    public Router add(String method, String template, Handler handler) {
        return add(method, template, handler, false);
    }

    /**
     * Adds a route that answers without a token ({@code /ok}, Studio's files).
     *
     * @param method the method
     * @param template the path template
     * @param handler the handler
     * @return this router
     */
    public Router open(String method, String template, Handler handler) {
        return add(method, template, handler, true);
    }

    /**
     * Adds a handler of every path that starts with {@code prefix}, any method, without a token.
     *
     * @param prefix e.g. {@code /studio}
     * @param handler the handler
     * @return this router
     */
    public Router openPrefix(String prefix, Handler handler) {
        prefixes.add(new Route(
                null, prefix, Pattern.compile("^" + Pattern.quote(prefix) + ".*$"), List.of(), handler, true, null));
        return this;
    }

    private Router add(String method, String template, Handler handler, boolean open) {
        List<String> names = new ArrayList<>();
        Matcher m = PARAM.matcher(template);
        StringBuilder regex = new StringBuilder("^");
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(template.substring(last, m.start()))).append("([^/]+)");
            names.add(m.group(1));
            last = m.end();
        }
        regex.append(Pattern.quote(template.substring(last))).append("/?$");
        routes.add(new Route(
                method, template, Pattern.compile(regex.toString()), names, handler, open, Template.of(template)));
        return this;
    }

    /**
     * The routes, each as its method and template ({@code POST /threads/{thread_id}/runs}), in the
     * order added; prefix handlers are not listed.
     *
     * @return the routes
     */
    public List<String> routes() {
        return routes.stream().map(r -> r.method + " " + r.template).toList();
    }

    /** The handler for the request with its path parameters set, or a 404 / 405 error. */
    Match match(Exchange ex) {
        String path = ex.path();
        for (Route r : prefixes) {
            if (path.startsWith(r.template) && r.pattern.matcher(path).matches()) {
                return new Match(r.handler, true, null);
            }
        }
        String method = ex.method().equals("HEAD") ? "GET" : ex.method();
        boolean pathKnown = false;
        for (Route r : routes) {
            List<String> values = r.match(path);
            if (values == null) {
                continue;
            }
            pathKnown = true;
            if (r.method.equals(method)) {
                Map<String, String> params = new LinkedHashMap<>();
                for (int i = 0; i < r.names.size(); i++) {
                    params.put(r.names.get(i), values.get(i));
                }
                ex.params(params);
                return new Match(r.handler, r.open, r.method + " " + r.template);
            }
        }
        throw pathKnown
                ? ApiException.status(405, "method " + ex.method() + " is not allowed on " + ex.path())
                : ApiException.notFound("no endpoint " + ex.method() + " " + ex.path());
    }
}
