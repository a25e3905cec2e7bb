package dev.switchboard.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Serves Studio, the browser page under {@code /studio/} that draws, runs, inspects and time-travels
 * the served graphs through the public HTTP API only. The page's files are resources of this
 * package; Mermaid comes from the {@code org.webjars.npm:mermaid} jar on the classpath, so the page
 * works offline. The files hold no data, so they are served without authentication; the page sends
 * the token its user enters with every API call.
 */
final class Studio {
    static final String PREFIX = "/studio";
    private static final String MERMAID_VERSION = "11.14.0";
    private static final String MERMAID =
            "META-INF/resources/webjars/mermaid/" + MERMAID_VERSION + "/dist/mermaid.min.js";
    private static final String MERMAID_PATH = "vendor/mermaid.min.js";
    // A flat allow-list of names: no directories, so no path can climb out of the page's folder.
    private static final Pattern FILE = Pattern.compile("[a-z][a-z0-9-]*\\.(html|js|css)");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8");

    private Studio() {}

    /** Answers a request whose path starts with {@link #PREFIX}. */
    static void handle(HttpExchange h) throws IOException {
        try (h) {
            String method = h.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                h.getResponseHeaders().set("Allow", "GET, HEAD");
                send(h, 405, "text/plain; charset=utf-8", utf8("Studio only answers GET"));
                return;
            }
            String rest = h.getRequestURI().getPath().substring(PREFIX.length());
            if (rest.isEmpty()) {
                // relative module imports resolve against the directory, so the page needs the slash
                h.getResponseHeaders().set("Location", PREFIX + "/");
                send(h, 308, null, new byte[0]);
                return;
            }
            if (!rest.startsWith("/")) {
                send(
                        h,
                        404,
                        "text/plain; charset=utf-8",
                        utf8("no page " + h.getRequestURI().getPath()));
                return;
            }
            serve(h, rest.equals("/") ? "index.html" : rest.substring(1));
        }
    }

    private static void serve(HttpExchange h, String name) throws IOException {
        if (name.equals(MERMAID_PATH)) {
            byte[] js = read(MERMAID);
            if (js == null) {
                send(
                        h,
                        500,
                        "text/plain; charset=utf-8",
                        utf8("Mermaid is missing from the classpath: add " + "org.webjars.npm:mermaid:"
                                + MERMAID_VERSION + " to the server's dependencies"));
                return;
            }
            h.getResponseHeaders().set("Cache-Control", "max-age=86400");
            send(h, 200, TYPES.get("js"), js);
            return;
        }
        byte[] file = FILE.matcher(name).matches() ? read("dev/switchboard/server/studio/" + name) : null;
        if (file == null) {
            send(h, 404, "text/plain; charset=utf-8", utf8("Studio has no file " + name));
            return;
        }
        h.getResponseHeaders().set("Cache-Control", "no-cache");
        send(h, 200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), file);
    }

    private static byte[] read(String resource) throws IOException {
        try (InputStream in = Studio.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    private static void send(HttpExchange h, int status, String type, byte[] body) throws IOException {
        if (type != null) {
            h.getResponseHeaders().set("Content-Type", type);
        }
        boolean head = h.getRequestMethod().equals("HEAD");
        h.sendResponseHeaders(status, head || body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = h.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
