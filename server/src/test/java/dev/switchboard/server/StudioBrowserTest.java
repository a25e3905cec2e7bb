package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.studio.Counter;
import dev.switchboard.server.studio.CounterGraph;
import dev.switchboard.server.studio.Echo;
import dev.switchboard.server.studio.EchoGraph;
import dev.switchboard.server.studio.Held;
import dev.switchboard.server.studio.HeldGraph;
import dev.switchboard.server.studio.Lookup;
import dev.switchboard.server.studio.Nested;
import dev.switchboard.server.studio.NestedGraph;
import dev.switchboard.server.studio.Reviews;
import dev.switchboard.server.studio.ReviewsGraph;
import dev.switchboard.server.studio.Typist;
import dev.switchboard.server.wire.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;

/**
 * Studio in a real headless Chromium against a real server: the diagram, a run from the form,
 * history and checkpoint state, an edit-and-fork, a breakpoint and parallel interrupts. One browser
 * session serves every scenario; each scenario starts from a fresh page and its own thread.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StudioBrowserTest {
    private static final Path SHOTS = Path.of("target", "studio");
    private SwitchboardServer server;
    private Chromium chromium;
    private ChromeDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    void start() throws Exception {
        chromium = Chromium.start();
        driver = chromium.driver;
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        server = SwitchboardServer.builder()
                .graph("counter", CounterGraph.builder(new Counter()))
                .graph("reviews", ReviewsGraph.builder(new Reviews()))
                .graph("nested", NestedGraph.builder(new Nested()))
                .graph("held", HeldGraph.builder(new Held()))
                .graph("echo", EchoGraph.builder(new Echo()))
                .graph(
                        "assistant",
                        ReactAgent.create(new Typist(), new Lookup(), null).graph())
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start();
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    void stop() {
        if (chromium != null) {
            chromium.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theDiagramDrawsEveryNodeOfTheChosenGraph() throws Exception {
        open("reviews");
        WebElement svg = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#diagram svg")));
        assertEquals(
                Set.of("__start__", "draft", "legal", "style", "__end__"),
                svg.findElements(By.cssSelector("g.node")).stream()
                        .map(g -> g.getDomAttribute("data-node"))
                        .collect(Collectors.toSet()));
        for (String node : List.of("draft", "legal", "style")) {
            assertTrue(svg.getText().contains(node), () -> "the diagram's text lacks " + node + ": " + svg.getText());
        }
        assertEquals("Graph reviews: nodes __start__, draft, legal, style, __end__", svg.getDomAttribute("aria-label"));
        assertFalse(driver.findElement(By.id("xray")).isDisplayed(), "a graph without subgraphs offers no x-ray");
    }

    @Test
    void subgraphsExpandInPlaceAtEveryDepth() throws Exception {
        open("nested");
        assertEquals(Set.of("__start__", "prep", "middle", "__end__"), diagramNodes());
        driver.findElement(By.id("xray")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#diagram g.node[data-node='middle:counter:twice']")));
        assertEquals(
                Set.of("__start__", "prep", "middle:m1", "middle:counter:plus", "middle:counter:twice", "__end__"),
                diagramNodes());
        assertEquals(
                List.of("counter", "middle"),
                driver.findElements(By.cssSelector("#diagram g.cluster")).stream()
                        .map(WebElement::getText)
                        .map(String::strip)
                        .sorted()
                        .toList());
        // breakpoints name the graph's own nodes, whatever the drawing shows
        assertEquals(
                2,
                driver.findElements(By.cssSelector("#breakpoints input[data-when=before]"))
                        .size());
        shot("subgraphs", "graph-section");
    }

    private Set<String> diagramNodes() {
        return driver.findElements(By.cssSelector("#diagram g.node")).stream()
                .map(g -> g.getDomAttribute("data-node"))
                .collect(Collectors.toSet());
    }

    @Test
    void aRunFromTheFormFinishesWithTheGraphsValues() throws Exception {
        runCounter(2);
        JsonNode values = runValues();
        assertEquals(6, values.get("n").asInt());
        assertEquals("[\"plus\",\"twice\"]", values.get("log").toString());
        assertEquals(List.of("plus:done", "twice:done"), progress());
        assertEquals("done", svgNode("twice").getDomAttribute("class").contains("done") ? "done" : "not marked");
        shot("run", "graph-section");
    }

    @Test
    void theRunningNodeIsHighlightedWhileItRuns() throws Exception {
        open("held");
        driver.findElement(By.id("run-start")).click();
        wait.until(d -> svgNode("hold").getDomAttribute("class").contains("running"));
        assertEquals(List.of("hold:running"), progress());
        assertEquals("running", driver.findElement(By.id("run-status")).getText());
        Held.GATE.release();
        awaitStatus("done");
        assertTrue(svgNode("hold").getDomAttribute("class").contains("done"));
        assertEquals(List.of("hold:done"), progress());
    }

    @Test
    void theHistoryListsEachCheckpointAndOpensItsStateAndDiffAndACopyKeepsThem() throws Exception {
        runCounter(2);
        assertEquals(List.of("-1", "0", "1", "2"), timeline("data-step"));
        checkpointAtStep("1").click();
        String state = driver.findElement(By.id("checkpoint-state")).getText();
        assertTrue(state.contains("\"n\": 3"), state);
        assertEquals(List.of("log|[]|[\"plus\"]", "n|2|3"), diffRows());
        assertEquals(
                "plus",
                new Select(driver.findElement(By.id("fork-as-node")))
                        .getFirstSelectedOption()
                        .getText());
        shot("history", "thread-section");
        String original = driver.findElement(By.id("thread-title")).getText();
        driver.findElement(By.id("copy-thread")).click();
        wait.until(ExpectedConditions.not(ExpectedConditions.textToBe(By.id("thread-title"), original)));
        assertEquals(List.of("-1", "0", "1", "2"), timeline("data-step"));
        String copy = driver.findElement(By.id("thread-title")).getText();
        // read in one script: the list re-renders as threads change, and handles read one by one go stale
        List<String> listed = attributes("#threads li", "data-thread-id").stream()
                .map(id -> "Thread " + id)
                .toList();
        assertTrue(listed.contains(original) && listed.contains(copy), listed::toString);
    }

    @Test
    void editingAnEarlierCheckpointForksABranchThatRunsOnFromTheEditedValue() throws Exception {
        runCounter(2);
        checkpointAtStep("1").click();
        WebElement n = driver.findElement(By.id("fork-n"));
        n.clear();
        n.sendKeys("10");
        driver.findElement(By.id("fork")).click();
        awaitStatus("done");
        assertEquals(20, runValues().get("n").asInt());
        // the head's branch is drawn first (0); the first run's last checkpoint is now branch 1
        assertEquals(List.of("0", "0", "0", "1", "0", "0"), timeline("data-branch"));
        assertEquals(List.of("-1", "0", "1", "2", "2", "3"), timeline("data-step"));
        // the edit's checkpoint names the node it was applied as, the one preselected
        assertEquals(
                "step 2 · update · plus",
                driver.findElement(By.cssSelector("#timeline li[data-branch='0'][data-step='2'] button"))
                        .getText());
        WebElement old = driver.findElement(By.cssSelector("#timeline li[data-branch='1'] button"));
        old.click();
        String state = driver.findElement(By.id("checkpoint-state")).getText();
        assertTrue(state.contains("\"n\": 6"), state);
        shot("fork", "thread-section");
    }

    @Test
    void replayingAnEarlierCheckpointRunsItsStepsAgainOnANewBranch() throws Exception {
        runCounter(2);
        checkpointAtStep("0").click();
        driver.findElement(By.id("replay")).click();
        awaitStatus("done");
        assertEquals(6, runValues().get("n").asInt());
        assertEquals(List.of("plus:done", "twice:done"), progress());
        // the replay forks from step 0 (a "fork" checkpoint), then runs plus and twice again
        assertEquals(List.of("-1", "0", "1", "2", "1", "2", "3"), timeline("data-step"));
        assertEquals(List.of("0", "0", "1", "1", "0", "0", "0"), timeline("data-branch"));
        assertEquals(
                List.of("0"),
                driver.findElements(By.cssSelector("#timeline li.fork-point")).stream()
                        .map(li -> li.getDomAttribute("data-step"))
                        .toList());
    }

    @Test
    void chatMessagesShowAsATranscriptWithToolCalls() throws Exception {
        open("echo");
        driver.findElement(By.id("input-messages")).sendKeys("[{\"type\":\"human\",\"content\":\"tell me\"}]");
        driver.findElement(By.id("run-start")).click();
        awaitStatus("done");
        assertEquals(
                List.of("human|humantellme", "ai|ailetmelook\n→lookup({\"q\":\"cats\"})", "tool|toolcatspurr"),
                driver.findElements(By.cssSelector("#messages li")).stream()
                        .map(li -> li.getDomAttribute("data-type") + "|"
                                + li.getText().replace(" ", ""))
                        .toList());
    }

    @Test
    void aBreakpointPausesBeforeTheNodeAndContinueFinishes() throws Exception {
        open("counter");
        fillCounter(2);
        driver.findElement(By.id("bp-before-twice")).click();
        driver.findElement(By.id("run-start")).click();
        awaitStatus("paused before twice");
        assertTrue(svgNode("twice").getDomAttribute("class").contains("paused"));
        assertEquals(3, runValues().get("n").asInt());
        driver.findElement(By.id("continue")).click();
        awaitStatus("done");
        assertEquals(6, runValues().get("n").asInt());
    }

    @Test
    void parallelInterruptsShowTheirValuesAndAreAnsweredTogetherWithTypedValues() throws Exception {
        open("reviews");
        driver.findElement(By.id("input-topic")).sendKeys("cats");
        driver.findElement(By.id("run-start")).click();
        awaitStatus("interrupted");
        List<WebElement> pending = driver.findElements(By.cssSelector("#interrupts .interrupt"));
        assertEquals(2, pending.size());
        answer("legal ok?", "yes", "text");
        answer("style ok?", "5", "JSON");
        shot("interrupts", "thread-section");
        driver.findElement(By.id("resume")).click();
        awaitStatus("done");
        assertEquals(
                Set.of("draft:cats", "legal:yes", "style:5"),
                Set.copyOf(Json.MAPPER.convertValue(runValues().get("log"), List.class)));
        assertTrue(driver.findElement(By.id("interrupts-box")).getDomAttribute("hidden") != null);
    }

    @Test
    void theStoreBrowserShowsNamespacesTheirItemsAnItemAndSearchResults() throws Exception {
        Api api = new Api(server.url(), null);
        String ns = "{\"namespace\":[\"memories\",";
        api.put("/store/items", ns + "\"alice\",\"prefs\"],\"key\":\"color\",\"value\":{\"v\":\"blue\",\"n\":1}}")
                .expect(204);
        api.put("/store/items", ns + "\"alice\",\"facts\"],\"key\":\"f1\",\"value\":{\"v\":\"has a cat\",\"n\":5}}")
                .expect(204);
        api.put("/store/items", ns + "\"bob\",\"prefs\"],\"key\":\"color\",\"value\":{\"v\":\"red\",\"n\":2}}")
                .expect(204);
        open("counter");
        By alice = By.cssSelector("#store-namespaces button[data-namespace='memories.alice']");
        wait.until(ExpectedConditions.presenceOfElementLocated(alice));
        assertEquals(
                List.of(
                        "memories",
                        "memories.alice",
                        "memories.alice.facts",
                        "memories.alice.prefs",
                        "memories.bob",
                        "memories.bob.prefs"),
                driver.findElements(By.cssSelector("#store-namespaces li")).stream()
                        .map(li -> li.getDomAttribute("data-namespace"))
                        .toList());
        driver.findElement(alice).click();
        wait.until(d -> storeItems().size() == 2);
        assertEquals(List.of("memories.alice.prefs/color", "memories.alice.facts/f1"), storeItems());
        assertEquals("memories.alice", driver.findElement(By.id("store-prefix")).getDomProperty("value"));
        driver.findElement(By.cssSelector("#store-items li[data-key='f1'] button"))
                .click();
        String item = driver.findElement(By.id("store-item")).getText();
        assertTrue(item.contains("\"v\": \"has a cat\"") && item.contains("\"created_at\""), item);

        WebElement prefix = driver.findElement(By.id("store-prefix"));
        prefix.clear();
        prefix.sendKeys("memories");
        driver.findElement(By.id("store-filter")).sendKeys("{\"n\": {\"$gte\": 2}}");
        driver.findElement(By.id("store-search")).click();
        wait.until(ExpectedConditions.textToBe(By.id("store-items-title"), "Items under memories (2)"));
        assertEquals(List.of("memories.alice.facts/f1", "memories.bob.prefs/color"), storeItems());
        driver.findElement(By.cssSelector("#store-items li[data-key='color'] button"))
                .click();
        assertTrue(driver.findElement(By.id("store-item")).getText().contains("\"v\": \"red\""));
        shot("store", "store-section");

        driver.findElement(By.id("store-filter")).sendKeys("{");
        driver.findElement(By.id("store-search")).click();
        wait.until(d -> d.findElement(By.id("store-status")).getText().startsWith("The filter is not valid JSON"));
    }

    @Test
    void assistantsAreCreatedAndEditedAndCronsSwitchedOffAndDeleted() throws Exception {
        open("counter");
        wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#assistant-graph option[value='counter']")));
        new Select(driver.findElement(By.id("assistant-graph"))).selectByValue("counter");
        driver.findElement(By.id("assistant-name")).sendKeys("weekly");
        driver.findElement(By.id("assistant-config")).sendKeys("{\"configurable\": {\"mode\": \"a\"}}");
        driver.findElement(By.id("assistant-save")).click();
        wait.until(ExpectedConditions.textToBe(By.id("platform-status"), "Saved weekly, version 1"));
        WebElement config = driver.findElement(By.id("assistant-config"));
        config.clear();
        config.sendKeys("{\"configurable\": {\"mode\": \"b\"}}");
        driver.findElement(By.id("assistant-save")).click();
        wait.until(ExpectedConditions.textToBe(By.id("platform-status"), "Saved weekly, version 2"));
        assertEquals(List.of("2", "1"), attributes("#assistant-versions li", "data-version"));
        String id = driver.findElement(By.cssSelector("#assistants li[data-name='weekly']"))
                .getDomAttribute("data-assistant-id");
        Api api = new Api(server.url(), null);
        JsonNode stored = api.get("/assistants/" + id).expect(200).json();
        assertEquals(
                "b", stored.path("config").path("configurable").path("mode").asString());
        assertEquals(2, stored.get("version").asInt());

        new Select(driver.findElement(By.id("cron-assistant"))).selectByValue(id);
        driver.findElement(By.id("cron-schedule")).sendKeys("0 9 * * mon-fri");
        driver.findElement(By.id("cron-timezone")).sendKeys("Europe/Paris");
        driver.findElement(By.id("cron-input")).sendKeys("{\"topic\": \"cats\", \"n\": 1}");
        driver.findElement(By.id("cron-create")).click();
        wait.until(ExpectedConditions.textToBe(By.id("platform-status"), "Cron 0 9 * * mon-fri created"));
        wait.until(d -> attributes("#crons li", "data-enabled").equals(List.of("true")));
        JsonNode cron = api.post("/runs/crons/search", "{}").expect(200).json().get(0);
        assertEquals(id, cron.get("assistant_id").asString());
        assertEquals("Europe/Paris", cron.get("timezone").asString());
        shot("assistants", "platform-section");
        driver.findElement(By.cssSelector("#crons li button[aria-label^='Disable']"))
                .click();
        wait.until(d -> attributes("#crons li", "data-enabled").equals(List.of("false")));
        assertEquals(
                0,
                api.post("/runs/crons/count", "{\"enabled\": true}")
                        .expect(200)
                        .json()
                        .asInt());
        driver.findElement(By.cssSelector("#crons li button[aria-label^='Delete']"))
                .click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("crons-empty")));
        assertEquals(0, api.post("/runs/crons/count", "{}").expect(200).json().asInt());
    }

    private List<String> storeItems() {
        return driver.findElements(By.cssSelector("#store-items li")).stream()
                .map(li -> li.getDomAttribute("data-namespace") + "/" + li.getDomAttribute("data-key"))
                .toList();
    }

    private void answer(String question, String value, String type) {
        WebElement box =
                driver.findElement(By.xpath("//div[@class='interrupt'][pre[contains(., '\"" + question + "\"')]]"));
        box.findElement(By.tagName("textarea")).sendKeys(value);
        new Select(box.findElement(By.tagName("select"))).selectByVisibleText(type);
    }

    private void open(String graph) {
        driver.get(server.url() + "/studio/?graph=" + graph);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#diagram svg")));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#input-fields [data-type]")));
    }

    private void runCounter(int n) {
        open("counter");
        fillCounter(n);
        driver.findElement(By.id("run-start")).click();
        awaitStatus("done");
    }

    private void fillCounter(int n) {
        driver.findElement(By.id("input-topic")).sendKeys("cats");
        driver.findElement(By.id("input-n")).sendKeys(String.valueOf(n));
    }

    private void awaitStatus(String status) {
        try {
            wait.until(ExpectedConditions.textToBe(By.id("run-status"), status));
        } catch (RuntimeException e) {
            throw new AssertionError(
                    "run status: " + driver.findElement(By.id("run-status")).getText() + "; page status: "
                            + driver.findElement(By.id("status")).getText(),
                    e);
        }
    }

    private JsonNode runValues() {
        return Json.parse(
                driver.findElement(By.id("run-values")).getText().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private List<String> progress() {
        return (List<String>) driver.executeScript("return Array.from(document.querySelectorAll('#progress li'),"
                + " li => li.getAttribute('data-node') + ':' + li.getAttribute('data-state'));");
    }

    private WebElement svgNode(String name) {
        return driver.findElement(By.cssSelector("#diagram g.node[data-node='" + name + "']"));
    }

    /**
     * An attribute of each timeline entry, read in one script: the page re-renders the timeline
     * when a thread's data arrives, and element handles read one by one can go stale between reads.
     */
    private List<String> timeline(String attribute) {
        return attributes("#timeline li", attribute);
    }

    @SuppressWarnings("unchecked")
    private List<String> attributes(String selector, String attribute) {
        return (List<String>) driver.executeScript(
                "return Array.from(document.querySelectorAll(arguments[0]), e => e.getAttribute(arguments[1]));",
                selector,
                attribute);
    }

    private WebElement checkpointAtStep(String step) {
        return driver.findElement(By.cssSelector("#timeline li[data-step='" + step + "'] button"));
    }

    @SuppressWarnings("unchecked")
    private List<String> diffRows() {
        return (List<String>) driver.executeScript("return Array.from(document.querySelectorAll("
                + "'#checkpoint-diff tbody tr'), tr => Array.from(tr.querySelectorAll('th, td'),"
                + " c => c.innerText).join('|'));");
    }

    /** Saves the viewport, scrolled to the top of the section shown, under target/studio. */
    private void shot(String name, String sectionId) throws Exception {
        driver.executeScript("document.getElementById(arguments[0]).scrollIntoView()", sectionId);
        Files.write(SHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void aChatGraphsReplyStreamsIntoTheTranscriptTokenByToken() throws Exception {
        open("assistant");
        assertEquals("message", driver.findElement(By.id("input-messages")).getDomAttribute("data-type"));
        driver.findElement(By.id("input-messages")).sendKeys("why do cats purr?");
        driver.findElement(By.id("run-start")).click();
        String partial = new WebDriverWait(driver, Duration.ofSeconds(30), Duration.ofMillis(15))
                .until(d -> (String) driver.executeScript(
                        "const c = document.querySelector('#messages li.streaming[data-type=ai] .content');"
                                + "return c && c.textContent ? c.textContent : null"));
        assertTrue(
                !partial.equals(Typist.ANSWER) && Typist.ANSWER.startsWith(partial),
                () -> "a reply seen while it streams is a prefix of the answer: " + partial);
        awaitStatus("done");
        List<WebElement> rows = driver.findElements(By.cssSelector("#messages li"));
        assertEquals(
                List.of("human", "ai", "tool", "ai"),
                rows.stream().map(li -> li.getDomAttribute("data-type")).toList());
        assertTrue(
                rows.get(0).getText().contains("why do cats purr?"), rows.get(0).getText());
        assertEquals(
                "→ lookup({\"topic\":\"why do cats purr?\"})",
                rows.get(1).findElement(By.tagName("pre")).getText());
        assertEquals("lookup (call-1): " + Lookup.FACT, rows.get(2).getText().replaceFirst("^tool\\s*", ""));
        assertEquals(
                Typist.ANSWER, rows.get(3).findElement(By.className("content")).getText());
        assertTrue(driver.findElements(By.cssSelector("#messages li.streaming")).isEmpty());
        shot("chat", "thread-section");
    }
}
