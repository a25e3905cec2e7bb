package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Serves Studio, the browser page under {@code /studio/} that draws, runs, inspects and time-travels
 * the served graphs through the public HTTP API only. The page's files are resources of the server
 * jar; Mermaid comes from the {@code org.webjars.npm:mermaid} jar on the classpath, so the page
 * works offline. The files hold no data, so they are served without authentication; the page sends
 * the token its user enters with every API call.
 */
public final class Studio {
    /** Where the page is served. */
    public static final String PREFIX = "/studio";

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
    private static final String TEXT = "text/plain; charset=utf-8";
    /**
     * The page runs its own scripts only (no inline script, no other origin), talks to this server
     * only, and cannot be framed by another page (clickjacking). Styles may be inline: Mermaid
     * draws its SVG with style attributes.
     */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none';"
            + " form-action 'none'; frame-ancestors 'none'";

    private Studio() {}

    /**
     * Registers the page's files.
     *
     * @param r the router
     */
    public static void routes(Router r) {
        r.openPrefix(PREFIX, Studio::handle);
    }

    private static void handle(Exchange ex) throws IOException {
        ex.header("Content-Security-Policy", CSP);
        ex.header("X-Frame-Options", "DENY");
        ex.header("Referrer-Policy", "no-referrer");
        String method = ex.method();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            ex.header("Allow", "GET, HEAD");
            ex.send(405, TEXT, utf8("Studio only answers GET"));
            return;
        }
        String rest = ex.path().substring(PREFIX.length());
        if (rest.isEmpty()) {
            // relative module imports resolve against the directory, so the page needs the slash;
            // relative itself, so it holds under an application's context path (/api/studio)
            ex.header("Location", PREFIX.substring(1) + "/");
            ex.send(308, null, new byte[0]);
            return;
        }
        if (!rest.startsWith("/")) {
            ex.send(404, TEXT, utf8("no page " + ex.path()));
            return;
        }
        serve(ex, rest.equals("/") ? "index.html" : rest.substring(1));
    }

    private static void serve(Exchange ex, String name) throws IOException {
        if (name.equals(MERMAID_PATH)) {
            byte[] js = read(MERMAID);
            if (js == null) {
                ex.send(
                        500,
                        TEXT,
                        utf8("Mermaid is missing from the classpath: add org.webjars.npm:mermaid:" + MERMAID_VERSION
                                + " to the server's dependencies"));
                return;
            }
            ex.header("Cache-Control", "max-age=86400");
            ex.send(200, TYPES.get("js"), js);
            return;
        }
        byte[] file = FILE.matcher(name).matches() ? read("dev/switchboard/server/studio/" + name) : null;
        if (file == null) {
            ex.send(404, TEXT, utf8("Studio has no file " + name));
            return;
        }
        ex.header("Cache-Control", "no-cache");
        ex.send(200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), file);
    }

    private static byte[] read(String resource) throws IOException {
        try (InputStream in = Studio.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
