package dev.switchboard.samples.chatui;

import static org.junit.jupiter.api.Assertions.fail;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The chat page of {@code src/test/js/chat-ui}, built with its pinned packages ({@code npm ci} from
 * the committed lock file, then esbuild), served as agent-chat-ui is deployed: the page at {@code /}
 * and the LangGraph API passed through under {@code /api} (agent-chat-ui's API route), streams
 * included, so the browser talks to one origin; or the page alone, calling the API it is given in
 * its address from its own origin. Without node and npm the tests that need it are
 * skipped, or fail under {@code CI=true}.
 */
final class ChatPage implements AutoCloseable {
    private static final Set<String> HOP_BY_HOP =
            Set.of("connection", "content-length", "host", "transfer-encoding", "upgrade", "keep-alive", "expect");

    private final HttpServer http;
    private final HttpClient client = HttpClient.newHttpClient();
    private final URI api;
    private final Path site;

    private ChatPage(Path site, URI api) throws IOException {
        this.site = site;
        this.api = api;
        this.http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.setExecutor(Executors.newCachedThreadPool());
        http.createContext("/", this::handle);
        http.start();
    }

    /** The page, serving the API at {@code api} under {@code /api}. */
    static ChatPage start(URI api) throws Exception {
        return new ChatPage(build(), api);
    }

    /** The page alone, for a page told where the API is ({@code ?api=}): {@code /api} answers 404. */
    static ChatPage start() throws Exception {
        return new ChatPage(build(), null);
    }

    /** The page's address. */
    String url(String query) {
        return url("127.0.0.1", query);
    }

    /** The page's address under another name for this host (one the browser maps to loopback). */
    String url(String host, String query) {
        return "http://" + host + ":" + port() + "/?" + query;
    }

    /** The page's port. */
    int port() {
        return http.getAddress().getPort();
    }

    /** Copies the page's sources to target/chat-ui (once), installs its pinned packages and bundles it. */
    private static Path build() throws Exception {
        Path source = Path.of("src", "test", "js", "chat-ui");
        Path work = Path.of("target", "chat-ui").toAbsolutePath();
        Files.createDirectories(work);
        for (String f : List.of("package.json", "package-lock.json", "build.mjs", "app.jsx", "index.html")) {
            Files.copy(source.resolve(f), work.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(work.resolve("node_modules/@langchain/langgraph-sdk"))) {
            run(work, 600, "npm", "ci", "--no-audit", "--no-fund");
        }
        run(work, 120, "node", "build.mjs");
        return work;
    }

    private static void run(Path dir, int seconds, String... command) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve(command[0] + ".log").toFile())
                    .start();
        } catch (IOException e) {
            unavailable(command[0] + " (" + e.getMessage() + ")");
            return;
        }
        if (!p.waitFor(seconds, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " failed; see " + dir.resolve(command[0] + ".log") + ":\n"
                    + Files.readString(dir.resolve(command[0] + ".log")));
        }
    }

    private static void unavailable(String what) {
        if ("true".equals(System.getenv("CI"))) {
            fail(what + " is required when CI=true");
        }
        Assumptions.abort(what + " is not available: skipping the chat page's browser test");
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath();
            if (api != null && (path.startsWith("/api/") || path.equals("/api"))) {
                pass(ex, path.substring("/api".length()));
            } else {
                serve(ex, path.equals("/") ? "index.html" : path.substring(1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve(HttpExchange ex, String file) throws IOException {
        Path f = site.resolve(file).normalize();
        if (!f.startsWith(site) || !Files.isRegularFile(f)) {
            ex.sendResponseHeaders(404, -1);
            return;
        }
        ex.getResponseHeaders().set("Content-Type", file.endsWith(".js") ? "text/javascript" : "text/html");
        byte[] body = Files.readAllBytes(f);
        ex.sendResponseHeaders(200, body.length);
        ex.getResponseBody().write(body);
    }

    /** Forwards a request to the API and streams its answer back as it comes (server-sent events). */
    private void pass(HttpExchange ex, String path) throws IOException, InterruptedException {
        String query = ex.getRequestURI().getRawQuery();
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api + path + (query == null ? "" : "?" + query)));
        ex.getRequestHeaders().forEach((name, values) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(v -> b.header(name, v));
            }
        });
        byte[] body = ex.getRequestBody().readAllBytes();
        b.method(
                ex.getRequestMethod(),
                body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        HttpResponse<InputStream> r = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        r.headers().map().forEach((name, values) -> {
            if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                ex.getResponseHeaders().put(name, values);
            }
        });
        ex.sendResponseHeaders(r.statusCode(), r.statusCode() == 204 ? -1 : 0);
        try (InputStream in = r.body();
                OutputStream out = ex.getResponseBody()) {
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
                out.flush();
            }
        }
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
