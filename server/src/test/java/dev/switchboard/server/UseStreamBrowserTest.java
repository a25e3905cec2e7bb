package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.PacedModel;
import dev.switchboard.server.fixtures.Show;
import dev.switchboard.server.fixtures.ShowGraph;
import dev.switchboard.server.fixtures.SlowApproval;
import dev.switchboard.server.fixtures.SlowApprovalGraph;
import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.ApiRequest;
import dev.switchboard.server.http.ApiResponse;
import dev.switchboard.server.http.JdkTransport;
import dev.switchboard.server.http.SocketFront;
import dev.switchboard.server.studio.Lookup;
import dev.switchboard.server.wire.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;

/**
 * The real {@code useStream} of {@code @langchain/react} 1.x (which speaks the thread-centric
 * protocol by default) in headless Chromium against a server: a page bundled with esbuild from
 * {@code src/test/js/react} (its packages installed by {@code npm ci} from the committed lock file)
 * shows an agent's tokens as they stream and its tool call, answers an interrupt with {@code
 * respond}, renders the generative UI cards a node pushed (values.ui, and the {@code custom} events
 * as they streamed), and after a reload in the middle of a run rejoins it by the thread id in its
 * address; tokens, the tool call and the interrupt again with {@code transport: "websocket"}.
 * The page and the API share one origin, as an app served behind the same host would. Skipped, or
 * failed under {@code CI=true}, without Chromium, node or npm.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UseStreamBrowserTest {
    private static final Path SOURCES = Path.of("src/test/js/react");
    private static final List<String> FILES =
            List.of("package.json", "package-lock.json", "app.jsx", "build.mjs", "index.html");
    private static final String QUESTION = "{\"messages\":[{\"type\":\"human\",\"content\":\"why do cats purr?\"}]}";

    private final PacedModel model = new PacedModel();
    private Path page;
    private SwitchboardServer server;
    private JdkTransport http;
    /** The same page and API through the WebSocket-taking listener, for the WebSocket transport. */
    private SocketFront front;

    private final AtomicInteger handshakes = new AtomicInteger();
    private Chromium chromium;
    private ChromeDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    void start() throws Exception {
        page = bundle();
        chromium = Chromium.start();
        driver = chromium.driver;
        wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        server = SwitchboardServer.builder()
                .graph("agent", ReactAgent.create(model, new Lookup(), null).graph())
                .graph("approval", SlowApprovalGraph.builder(new SlowApproval()))
                .graph("genui", ShowGraph.builder(new Show()))
                .checkpointer(new MemorySaver())
                .httpServer(false)
                .build()
                .start();
        ApiHandler api = server.handler();
        ApiHandler site = r -> {
            if (r.header("Upgrade") != null) {
                handshakes.incrementAndGet();
            }
            return r.path().startsWith("/app/") ? file(r) : api.handle(r);
        };
        http = JdkTransport.start("127.0.0.1", 0, site);
        front = SocketFront.start("127.0.0.1", 0, site, http.port(), 64, Duration.ofSeconds(30));
    }

    @AfterAll
    void stop() {
        if (chromium != null) {
            chromium.close();
        }
        if (front != null) {
            front.close();
        }
        if (http != null) {
            http.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /** Copies the page's sources to target/usestream, installs its packages when the lock changed, bundles it. */
    private static Path bundle() throws Exception {
        Path work = Path.of("target", "usestream").toAbsolutePath();
        Files.createDirectories(work);
        byte[] lock = Files.readAllBytes(SOURCES.resolve("package-lock.json"));
        Path installed = work.resolve("node_modules/.installed-lock.json");
        boolean fresh = Files.exists(installed) && Arrays.equals(lock, Files.readAllBytes(installed));
        for (String f : FILES) {
            Files.write(work.resolve(f), Files.readAllBytes(SOURCES.resolve(f)));
        }
        if (!fresh) {
            ConformanceCheckTest.run(work, 600, "npm", "ci", "--no-audit", "--no-fund");
            Files.write(installed, lock);
        }
        Path app = work.resolve("dist/app.js");
        Files.deleteIfExists(app);
        ConformanceCheckTest.run(work, 300, "node", "build.mjs");
        assertTrue(Files.exists(app), () -> "esbuild made no bundle; see " + work.resolve("node.err.log"));
        return work;
    }

    private ApiResponse file(ApiRequest r) {
        String name = r.path().equals("/app/") ? "index.html" : r.path().substring("/app/".length());
        Path f = name.equals("index.html")
                ? page.resolve(name)
                : page.resolve("dist").resolve(name);
        String type = name.endsWith(".html") ? "text/html; charset=utf-8" : "text/javascript; charset=utf-8";
        try {
            if (!name.matches("[a-z]+\\.(html|js)") || !Files.exists(f)) {
                return ApiResponse.of(404, List.of(), new byte[0]);
            }
            return ApiResponse.of(200, List.of(Map.entry("Content-Type", type)), Files.readAllBytes(f));
        } catch (java.io.IOException e) {
            return ApiResponse.of(500, List.of(), new byte[0]);
        }
    }

    private void open(String assistant, String input) {
        open(assistant, input, null);
    }

    /** Opens the page; with {@code transport} "websocket" its useStream streams over a WebSocket. */
    private void open(String assistant, String input, String transport) {
        // a fresh tab per scenario: the last page's streams end with its tab, whatever the browser
        // would keep of a page it navigated away from
        String old = driver.getWindowHandle();
        driver.switchTo().newWindow(WindowType.TAB);
        String fresh = driver.getWindowHandle();
        driver.switchTo().window(old).close();
        driver.switchTo().window(fresh);
        int port = transport == null ? http.port() : front.port();
        driver.get("http://127.0.0.1:" + port + "/app/?assistant=" + assistant + "&input="
                + URLEncoder.encode(input, StandardCharsets.UTF_8)
                + (transport == null ? "" : "&transport=" + transport));
        awaitState(s -> s.has("isLoading"), "the page to render");
    }

    /** What the page's useStream returned at its last render. */
    private JsonNode state() {
        Object json = driver.executeScript("return JSON.stringify(window.__stream ?? null)");
        return Json.parse(String.valueOf(json).getBytes(StandardCharsets.UTF_8));
    }

    /** What the page saw across its renders: each distinct AI text, the loading flags, the errors. */
    private JsonNode seen() {
        Object json = driver.executeScript("return JSON.stringify(window.__seen)");
        return Json.parse(String.valueOf(json).getBytes(StandardCharsets.UTF_8));
    }

    private JsonNode awaitState(Predicate<JsonNode> condition, String what) {
        wait.withMessage(() -> "waiting for " + what + "; the page shows " + state() + ", saw " + seen())
                .until(d -> {
                    JsonNode s = state();
                    return s != null && !s.isNull() && condition.test(s);
                });
        return state();
    }

    private static String lastText(JsonNode s) {
        JsonNode messages = s.path("messages");
        return messages.isEmpty()
                ? ""
                : messages.get(messages.size() - 1).path("text").asString("");
    }

    private static List<String> types(JsonNode s) {
        List<String> out = new ArrayList<>();
        s.path("messages").forEach(m -> out.add(m.path("type").asString()));
        return out;
    }

    @Test
    void tokensStreamInAndTheToolCallShows() {
        tokensAndToolCall(null);
    }

    /** The same page on the SDK's WebSocket transport: tokens, tool call and interrupt. */
    @Test
    void overAWebSocketTokensStreamAndAnInterruptIsAnswered() {
        int before = handshakes.get();
        tokensAndToolCall("websocket");
        interruptAnswered("websocket");
        assertTrue(handshakes.get() > before, "the page opened WebSockets");
    }

    private void tokensAndToolCall(String transport) {
        model.hold();
        open("agent", QUESTION, transport);
        driver.findElement(By.id("send")).click();
        String partial = "Cats purr when ";
        JsonNode held = awaitState(s -> lastText(s).equals(partial), "the first words of the answer");
        assertTrue(held.path("isLoading").asBoolean(), "the run is still going while its answer is half-streamed");
        assertEquals("running", driver.findElement(By.id("status")).getText());
        model.release();
        JsonNode done = awaitState(
                s -> !s.path("isLoading").asBoolean() && lastText(s).equals(PacedModel.ANSWER), "the whole answer");
        assertEquals(List.of("human", "ai", "tool", "ai"), types(done));
        assertEquals(
                "[\"lookup\"]", done.path("messages").get(1).path("toolCalls").toString());
        assertEquals(Lookup.FACT, done.path("messages").get(2).path("text").asString());
        List<String> texts = new ArrayList<>();
        seen().path("aiTexts").forEach(t -> texts.add(t.asString()));
        // React batches renders, so not every token shows alone (the held words may come in one
        // render or, when their frames arrive apart, in several); the held words showed, the
        // answer only grew, and it ended whole
        assertTrue(texts.size() >= 2, () -> "the answer grew in steps: " + texts);
        assertTrue(texts.contains(partial), () -> "the held words showed alone: " + texts);
        for (int i = 0; i < texts.size(); i++) {
            String t = texts.get(i);
            assertTrue(PacedModel.ANSWER.startsWith(t), () -> t + " is a prefix of the answer");
            assertTrue(i == 0 || t.length() > texts.get(i - 1).length(), () -> "the answer only grew: " + texts);
        }
        assertTrue(texts.indexOf(partial) < texts.size() - 1, () -> "the rest came after the held words: " + texts);
        assertEquals(PacedModel.ANSWER, texts.get(texts.size() - 1));
        assertTrue(
                driver.findElement(By.cssSelector("#messages li.ai .tool-call"))
                        .getText()
                        .startsWith("lookup({\"topic\":"),
                "the AI message shows its tool call");
        // the tools channel: useStream's toolCalls, assembled from tool-started and tool-finished
        assertEquals(
                "[{\"id\":\"call-1\",\"name\":\"lookup\",\"status\":\"finished\",\"output\":\"" + Lookup.FACT + "\"}]",
                done.path("toolCalls").toString());
        assertEquals(
                "lookup: finished",
                driver.findElement(By.cssSelector("#tools li.tool.finished")).getText());
        assertEquals("[]", seen().path("errors").toString());
    }

    @Test
    void anInterruptIsShownAndAnswered() {
        interruptAnswered(null);
    }

    private void interruptAnswered(String transport) {
        open("approval", "{\"trail\":[\"x\"]}", transport);
        driver.findElement(By.id("send")).click();
        JsonNode paused = awaitState(
                s -> !s.path("interrupts").isEmpty()
                        && s.path("values").path("trail").size() == 2,
                "the interrupt and the values it paused at");
        assertEquals(
                "{\"question\":\"ok?\"}",
                paused.path("interrupts").get(0).path("value").toString());
        assertEquals(
                "{\"question\":\"ok?\"}", driver.findElement(By.id("question")).getText());
        assertEquals("[\"x\",\"draft\"]", paused.path("values").path("trail").toString());
        driver.findElement(By.id("respond")).click();
        JsonNode done = awaitState(
                s -> s.path("values").path("trail").size() == 3
                        && !s.path("isLoading").asBoolean(),
                "the resumed run");
        assertEquals(
                "[\"x\",\"draft\",\"approved:yes\"]",
                done.path("values").path("trail").toString());
        assertTrue(done.path("interrupts").isEmpty(), "the interrupt is answered: " + done);
        assertTrue(driver.findElements(By.id("interrupt")).isEmpty(), "the page no longer asks");
    }

    @Test
    void generativeUiCardsStreamAndStayInTheValues() {
        open("genui", "{\"messages\":[{\"type\":\"human\",\"content\":\"weather?\"}]}");
        driver.findElement(By.id("send")).click();
        JsonNode done = awaitState(
                s -> !s.path("isLoading").asBoolean()
                        && lastText(s).equals("here")
                        && s.path("custom").size() == 4,
                "the run and its four UI events");
        // the card pushed, merged with the temperature; the note pushed and removed again
        JsonNode ui = done.path("values").path("ui");
        assertEquals(1, ui.size(), ui::toString);
        assertEquals("card-1", ui.get(0).path("id").asString());
        assertEquals("{\"city\":\"Paris\",\"temp\":21}", ui.get(0).path("props").toString());
        assertEquals(
                "weather: {\"city\":\"Paris\",\"temp\":21}",
                driver.findElement(By.cssSelector("#ui .ui.weather")).getText());
        assertTrue(driver.findElements(By.cssSelector("#ui .ui.note")).isEmpty(), "the note was removed");
        List<String> streamed = new ArrayList<>();
        done.path("custom")
                .forEach(e -> streamed.add(
                        e.has("payload")
                                ? e.path("payload").path("type").asString() + " "
                                        + e.path("payload").path("id").asString()
                                : e.path("type").asString() + " "
                                        + e.path("name").asString() + " " + e.path("props")));
        assertEquals(
                List.of(
                        "ui weather {\"city\":\"Paris\"}",
                        "ui weather {\"temp\":21}",
                        "ui note {\"text\":\"bye\"}",
                        "remove-ui card-2"),
                streamed);
    }

    @Test
    void aReloadMidRunRejoinsTheThread() {
        model.hold();
        open("agent", QUESTION);
        driver.findElement(By.id("send")).click();
        JsonNode before = awaitState(s -> lastText(s).equals("Cats purr when "), "the first words of the answer");
        String threadId = before.path("threadId").asString();
        assertTrue(driver.getCurrentUrl().contains("thread=" + threadId), driver.getCurrentUrl());
        driver.navigate().refresh(); // the address keeps the thread id; the run goes on in the server
        JsonNode rejoined = awaitState(
                s -> s.path("isLoading").asBoolean() && types(s).size() >= 3, "the reloaded page to rejoin the run");
        assertEquals(threadId, rejoined.path("threadId").asString());
        assertEquals(List.of("human", "ai", "tool"), types(rejoined).subList(0, 3));
        model.release();
        JsonNode done = awaitState(
                s -> !s.path("isLoading").asBoolean() && lastText(s).equals(PacedModel.ANSWER),
                "the rest of the answer after the reload");
        assertEquals(List.of("human", "ai", "tool", "ai"), types(done));
        assertFalse(seen().path("aiTexts").isEmpty(), "the reloaded page streamed the answer");
        assertEquals("[]", seen().path("errors").toString());
    }
}
