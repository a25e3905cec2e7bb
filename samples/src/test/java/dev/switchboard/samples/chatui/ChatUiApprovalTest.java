package dev.switchboard.samples.chatui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.middleware.HumanInTheLoop;
import dev.switchboard.langchain4j.ScriptedChatModel;
import dev.switchboard.samples.desk.DeskTeam;
import dev.switchboard.samples.desk.Orders;
import dev.switchboard.samples.desk.OrdersTools;
import dev.switchboard.samples.desk.RefundDesk;
import dev.switchboard.server.SwitchboardServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The refund desk served by the server on SQLite, driven in a headless Chromium by a page that talks
 * to it as agent-chat-ui does (LangGraph's {@code useStream} hook; see {@code src/test/js/chat-ui}):
 * the human message goes in as content blocks, the run pauses on the refund with LangChain's
 * HITLRequest, the page shows the review and sends the decision back as a resume command, and the
 * agent ends with its structured response.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChatUiApprovalTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private SwitchboardServer server;
    private ChatPage page;
    private Chromium chromium;
    private ChromeDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("desk", RefundDesk.offlineBuilder())
                .graph("team", DeskTeam.offlineBuilder())
                .graph("batch", batchDesk())
                .database("jdbc:sqlite:" + dir.resolve("desk.db"))
                .port(0)
                .build()
                .start();
        page = ChatPage.start(server.url());
        chromium = Chromium.start();
        driver = chromium.driver;
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    }

    @AfterAll
    void stop() {
        if (chromium != null) {
            chromium.close();
        }
        if (page != null) {
            page.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anApprovedRefundIsMadeAndTheAgentAnswersWithItsResolution() throws Exception {
        String thread = ask("Please refund order 42");
        WebElement action = review("refund");
        assertEquals(
                "{\"orderId\":\"42\",\"amount\":19.99}",
                action.findElement(By.className("args")).getText());
        assertEquals(
                "Refund requested: {\"orderId\":\"42\",\"amount\":19.99}",
                action.findElement(By.className("description")).getText());
        assertEquals(
                List.of("approve", "edit", "reject"),
                action.findElements(By.cssSelector("button[data-decision]")).stream()
                        .map(b -> b.getDomAttribute("data-decision"))
                        .toList());
        action.findElement(By.cssSelector("button[data-decision='approve']")).click();

        awaitMessage("tool", "refunded 19.99 for order 42");
        awaitMessage("tool", "\"outcome\":\"REFUNDED\"");
        wait.until(d -> d.findElements(By.id("review")).isEmpty());
        JsonNode values = state(thread).get("values");
        assertEquals("REFUNDED", values.at("/structuredResponse/outcome").asString());
        assertEquals(
                "Your order 42 was refunded.",
                values.at("/structuredResponse/summary").asString());
        assertTrue(
                driver.findElements(By.id("error")).isEmpty(),
                () -> driver.findElement(By.id("error")).getText());
        WebElement main = driver.findElement(By.tagName("main"));
        assertEquals(
                "ok", main.getDomAttribute("data-info"), "the page found the server as agent-chat-ui does (/info)");
        wait.until(d -> List.of(main.getDomAttribute("data-threads").split(",")).contains(thread));
    }

    @Test
    void anAmountEditedAsTextIsRefundedAsANumber() throws Exception {
        String thread = ask("Please refund order 5");
        WebElement action = review("refund");
        WebElement amount = action.findElement(By.cssSelector("input.arg[data-key='amount']"));
        assertEquals("19.99", amount.getDomProperty("value"));
        amount.clear();
        amount.sendKeys("5.00");
        action.findElement(By.cssSelector("button[data-decision='edit']")).click();

        awaitMessage("tool", "refunded 5.00 for order 5");
        awaitMessage("tool", "\"outcome\":\"REFUNDED\"");
        assertEquals(
                "REFUNDED",
                state(thread).get("values").at("/structuredResponse/outcome").asString());
    }

    @Test
    void aRejectionNeedsAReasonAsInAgentChatUi() throws Exception {
        ask("Please refund order 6");
        WebElement action = review("refund");
        action.findElement(By.cssSelector("button[data-decision='reject']")).click();
        assertEquals(
                "Please provide a rejection reason.",
                action.findElement(By.className("problem")).getText());
    }

    @Test
    void aMessageSentInsteadOfADecisionAnswersTheOpenCallAndTheAgentGoesOn() throws Exception {
        String thread = ask("Please refund order 11");
        review("refund");
        // a new message instead of a decision: the page answers the refund call left open first
        WebElement prompt = driver.findElement(By.id("prompt"));
        prompt.sendKeys("Please refund order 12");
        driver.findElement(By.id("send")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#review .action[data-action='refund'] .args"),
                "{\"orderId\":\"12\",\"amount\":19.99}"));
        JsonNode messages = state(thread).get("values").get("messages");
        assertTrue(
                messages.toString().contains("Successfully handled tool call."),
                () -> "the page answered the call left open: " + messages);
    }

    @Test
    void aRejectedRefundGoesBackToTheModelWithTheReviewersNote() throws Exception {
        String thread = ask("Please refund order 7");
        WebElement action = review("refund");
        action.findElement(By.className("note")).sendKeys("the kettle was used");
        action.findElement(By.cssSelector("button[data-decision='reject']")).click();

        awaitMessage("tool", "the kettle was used");
        awaitMessage("tool", "\"outcome\":\"DECLINED\"");
        JsonNode values = state(thread).get("values");
        assertEquals("DECLINED", values.at("/structuredResponse/outcome").asString());
        assertTrue(
                values.at("/structuredResponse/summary").asString().contains("the kettle was used"),
                () -> values.toString());
    }

    @Test
    void aReviewInsideATeamsWorkerPausesTheTeamAndTheSupervisorAnswersAfterIt() throws Exception {
        String thread = ask("team", "Please refund order 9");
        WebElement action = review("refund");
        assertEquals(
                "{\"orderId\":\"9\",\"amount\":19.99}",
                action.findElement(By.className("args")).getText());
        action.findElement(By.cssSelector("button[data-decision='approve']")).click();

        awaitMessage("ai", "The desk says: Your order 9 was refunded.");
        JsonNode values = state(thread).get("values");
        assertEquals("front", values.get("activeAgent").asString());
        assertEquals(
                List.of("front", "desk"),
                driver.findElements(By.cssSelector("#messages li[data-type='ai']")).stream()
                        .map(li -> li.getDomAttribute("data-name"))
                        .filter(name ->
                                !name.isEmpty()) // the structured response's closing message has none, as in LangChain
                        .distinct()
                        .toList());
    }

    @Test
    void twoCallsReviewedTogetherAreApprovedAtOnce() throws Exception {
        ask("batch", "Please refund order 21 and order 22");
        wait.until(d -> d.findElements(By.cssSelector("#review .action[data-action='refund']"))
                        .size()
                == 2);
        driver.findElement(By.id("approve-all")).click();
        awaitMessage("ai", "done: refunded 19.99 for order 21 | refunded 19.99 for order 22");
    }

    @Test
    void twoCallsReviewedTogetherAreEachDecidedThenSubmitted() throws Exception {
        ask("batch", "Please refund order 23 and order 24");
        List<WebElement> actions = wait.until(d -> {
            List<WebElement> found = d.findElements(By.cssSelector("#review .action[data-action='refund']"));
            return found.size() == 2 ? found : null;
        });
        WebElement submit = driver.findElement(By.id("submit-all"));
        assertTrue(!submit.isEnabled(), "every action needs a decision first");
        WebElement amount = actions.get(1).findElement(By.cssSelector("input.arg[data-key='amount']"));
        amount.clear();
        amount.sendKeys("3.50");
        actions.get(1)
                .findElement(By.cssSelector("button[data-decision='edit']"))
                .click();
        actions.get(0)
                .findElement(By.cssSelector("button[data-decision='approve']"))
                .click();
        wait.until(ExpectedConditions.elementToBeClickable(submit)).click();
        awaitMessage("ai", "done: refunded 19.99 for order 23 | refunded 3.50 for order 24");
    }

    /** An agent that asks for every order's refund at once, then reports the results. */
    private static Agent.Builder<Void> batchDesk() {
        ChatModel model = ScriptedChatModel.from(request -> {
            List<ChatMessage> messages = request.messages();
            if (messages.get(messages.size() - 1) instanceof UserMessage user) {
                List<ToolExecutionRequest> calls = new ArrayList<>();
                Matcher order = Pattern.compile("order (\\w+)").matcher(user.singleText());
                while (order.find()) {
                    calls.add(ToolExecutionRequest.builder()
                            .id("refund-" + order.group(1))
                            .name("refund")
                            .arguments("{\"orderId\":\"" + order.group(1) + "\",\"amount\":19.99}")
                            .build());
                }
                return AiMessage.from(calls);
            }
            List<String> results = new ArrayList<>();
            for (ChatMessage m : messages) {
                if (m instanceof ToolExecutionResultMessage t) {
                    results.add(t.text());
                }
            }
            return AiMessage.from("done: " + String.join(" | ", results));
        });
        return Agent.builder(model)
                .tools(new OrdersTools(new Orders()))
                .middleware(HumanInTheLoop.builder().interruptOn("refund").build());
    }

    /** Opens a fresh page on the desk, sends a message, and answers the thread the page made. */
    private String ask(String message) {
        return ask("desk", message);
    }

    private String ask(String assistant, String message) {
        driver.get(page.url("assistantId=" + assistant));
        WebElement prompt = wait.until(ExpectedConditions.elementToBeClickable(By.id("prompt")));
        prompt.sendKeys(message);
        driver.findElement(By.id("send")).click();
        awaitMessage("human", message);
        return wait.until(d -> {
            String t = d.findElement(By.tagName("main")).getDomAttribute("data-thread");
            return t == null || t.isEmpty() ? null : t;
        });
    }

    private WebElement review(String tool) {
        return wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#review .action[data-action='" + tool + "']")));
    }

    private void awaitMessage(String type, String text) {
        wait.withMessage(() -> "no " + type + " message with '" + text + "' among: "
                        + driver.findElements(By.cssSelector("#messages li")).stream()
                                .map(li -> li.getDomAttribute("data-type") + ": " + li.getText())
                                .toList()
                        + (driver.findElements(By.id("error")).isEmpty()
                                ? ""
                                : "; error "
                                        + driver.findElement(By.id("error")).getText()))
                .until(d -> d.findElements(By.cssSelector("#messages li[data-type='" + type + "']")).stream()
                        .anyMatch(li -> li.getText().contains(text)));
    }

    private JsonNode state(String thread) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.url() + "/threads/" + thread + "/state"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r::body);
        return JSON.readTree(r.body());
    }
}
