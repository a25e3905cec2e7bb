package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves the generative UI components of a graph as LangGraph's server does, for the SDK's {@code
 * LoadExternalComponent}: {@code POST /ui/{assistant_id}} with {@code {name, shadowRootId}} answers
 * the HTML that loads the graph's bundle (a {@code <link>} per CSS file, a {@code <script>} whose
 * {@code onload} calls {@code __LGUI_<graph>.render(name, shadowRootId)}), and {@code GET
 * /ui/{graph}/{file}} serves the bundle's files. A bundle is a directory the application built with
 * its own JS tool chain (LangGraph builds it with esbuild, {@code globalName: "__LGUI_<graph>"},
 * React external): its {@code .js} and {@code .css} files, found when the server starts. The files
 * hold no data, so they are served without authentication, as Studio's are.
 */
public final class UiBundles {
    /** A file name of a bundle: no directories, so no path can climb out of it. */
    private static final Pattern FILE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*\\.(js|css)");

    private final Map<String, Path> bundles;
    private final Assistants assistants;

    /**
     * The endpoints.
     *
     * @param bundles each graph's bundle directory, by graph id
     * @param assistants resolves an assistant id to its graph
     */
    public UiBundles(Map<String, Path> bundles, Assistants assistants) {
        this.bundles = Map.copyOf(bundles);
        this.assistants = assistants;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/ui/{assistant_id}", this::loader);
        r.open("GET", "/ui/{graph_id}/{file}", this::file);
    }

    private void loader(Exchange ex) throws IOException {
        String id = ex.param("assistant_id");
        ObjectNode body = ex.body();
        String name = text(body, "name");
        String root = text(body, "shadowRootId");
        String graph = bundles.containsKey(id) ? id : assistants.find(id).graphId();
        List<String> files = files(graph);
        String base = "http://" + ex.header("Host") + "/ui/" + graph + "/";
        StringBuilder html = new StringBuilder();
        for (String f : files) {
            if (f.endsWith(".css")) {
                html.append("<link rel=\"stylesheet\" href=\"")
                        .append(base)
                        .append(f)
                        .append("\" />\n");
            }
        }
        files.stream()
                .filter(f -> f.endsWith(".js"))
                .findFirst()
                .ifPresent(js -> html.append("<script src=\"")
                        .append(base)
                        .append(js)
                        .append("\" onload='__LGUI_")
                        .append(graph)
                        .append(".render(")
                        .append(literal(name))
                        .append(", ")
                        .append(literal(root))
                        .append(")'></script>"));
        ex.send(200, "text/html; charset=utf-8", html.toString().strip().getBytes(StandardCharsets.UTF_8));
    }

    private void file(Exchange ex) throws IOException {
        String graph = ex.param("graph_id");
        String name = ex.param("file");
        if (!bundles.containsKey(graph)
                || !FILE.matcher(name).matches()
                || !files(graph).contains(name)) {
            ex.send(404, "text/plain; charset=utf-8", "File not found".getBytes(StandardCharsets.UTF_8));
            return;
        }
        String type = name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
        ex.send(200, type, Files.readAllBytes(bundles.get(graph).resolve(name)));
    }

    /** The bundle's files, by name; a 404 when the graph has none. */
    private List<String> files(String graph) throws IOException {
        Path dir = bundles.get(graph);
        if (dir == null) {
            throw ApiException.notFound("UI not found for agent \"" + graph + "\"");
        }
        List<String> out = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.map(p -> p.getFileName().toString())
                    .filter(n -> FILE.matcher(n).matches())
                    .sorted()
                    .forEach(out::add);
        }
        return out;
    }

    /** A JSON string safe inside a single-quoted HTML attribute. */
    private static String literal(String s) {
        return Json.MAPPER
                .writeValueAsString(s)
                .replace("'", "\\u0027")
                .replace("<", "\\u003c")
                .replace("&", "\\u0026");
    }

    private static String text(ObjectNode body, String field) {
        if (!body.path(field).isString()) {
            throw ApiException.invalid(field, field + " must be a string");
        }
        return body.get(field).asString();
    }
}
