package dev.switchboard.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Matches a method and a path template such as {@code /threads/{thread_id}/runs} to a handler. */
final class Router {
    /** Handles one matched request. */
    interface Handler {
        void handle(Exchange ex) throws IOException;
    }

    private record Route(String method, Pattern pattern, List<String> names, Handler handler) {}

    private static final Pattern PARAM = Pattern.compile("\\{([a-z_]+)}");
    private final List<Route> routes = new ArrayList<>();

    Router add(String method, String template, Handler handler) {
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
        routes.add(new Route(method, Pattern.compile(regex.toString()), names, handler));
        return this;
    }

    /** The handler for the request with its path parameters set, or a 404 / 405 error. */
    Handler match(Exchange ex) {
        boolean pathKnown = false;
        for (Route r : routes) {
            Matcher m = r.pattern.matcher(ex.path());
            if (!m.matches()) {
                continue;
            }
            pathKnown = true;
            if (r.method.equals(ex.method())) {
                Map<String, String> params = new LinkedHashMap<>();
                for (int i = 0; i < r.names.size(); i++) {
                    params.put(r.names.get(i), m.group(i + 1));
                }
                ex.params = params;
                return r.handler;
            }
        }
        throw pathKnown
                ? ApiException.status(405, "method " + ex.method() + " is not allowed on " + ex.path())
                : ApiException.notFound("no endpoint " + ex.method() + " " + ex.path());
    }
}
