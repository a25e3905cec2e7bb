package dev.switchboard.samples.chatui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.langchain4j.ScriptedChatModel;
import dev.switchboard.samples.desk.RefundDesk;
import dev.switchboard.samples.desk.Resolution;
import dev.switchboard.spring.boot.SwitchboardGraphs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.function.Predicate;
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
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The chat page of {@link ChatUiApprovalTest} (LangGraph's {@code useStream} from {@code
 * @langchain/langgraph-sdk/react}, as agent-chat-ui uses it) against a Spring Boot application that
 * serves LangGraph's API on its own port behind Spring Security, with no proxy: the page comes from
 * another origin (its own port) and calls the application directly, with its key as {@code X-Api-Key}
 * as agent-chat-ui sends it, so every call passes the server's CORS through Spring (preflights let
 * through by the security chain): a loopback page is allowed by default, a page of {@code chat.test}
 * because the application lists it in {@code switchboard.server.allow-origins}, and one of {@code
 * evil.test} reaches nothing (Chromium maps both names to this host). The human message goes as
 * content blocks and stays a list of blocks; the agent's tool call pauses for a review that the page
 * answers; a reload in the middle of a run rejoins it by the thread id in the address.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SpringChatUiBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "key-" + UUID.randomUUID();
    /** Held by the {@code slow} agent's model until the test lets it answer. */
    private static final Semaphore GATE = new Semaphore(0);

    @TempDir
    static Path dir;

    private ConfigurableApplicationContext app;
    private String api;
    private ChatPage page;
    private Chromium chromium;
    private ChromeDriver driver;
    private WebDriverWait wait;

    /** The application: two agents as graph beans, an API key checked by Spring Security. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @EnableWebSecurity
    static class App {
        @Bean
        Agent<Resolution> desk(SwitchboardGraphs graphs) {
            return graphs.build(RefundDesk.offlineBuilder());
        }

        @Bean
        Agent<Void> slow(SwitchboardGraphs graphs) {
            return graphs.build(Agent.builder(ScriptedChatModel.from(request -> {
                List<ChatMessage> messages = request.messages();
                if (messages.get(messages.size() - 1) instanceof UserMessage user) {
                    GATE.acquireUninterruptibly();
                    return AiMessage.from("slowly: " + user.singleText());
                }
                return AiMessage.from("?");
            })));
        }

        @Bean
        SecurityFilterChain security(HttpSecurity http) throws Exception {
            // a browser's preflight carries no key: it goes through, and the server answers it
            return http.authorizeHttpRequests(a -> a.requestMatchers(HttpMethod.OPTIONS, "/**")
                            .permitAll()
                            .anyRequest()
                            .authenticated())
                    .addFilterBefore(new ApiKeyFilter(), AuthorizationFilter.class)
                    .csrf(AbstractHttpConfigurer::disable)
                    .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                    .build();
        }
    }

    /** Signs in the caller whose {@code X-Api-Key} is the key, as the user {@code reviewer}. */
    static final class ApiKeyFilter extends OncePerRequestFilter {
        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            if (KEY.equals(request.getHeader("X-Api-Key"))) {
                SecurityContextHolder.getContext()
                        .setAuthentication(
                                UsernamePasswordAuthenticationToken.authenticated("reviewer", null, List.of()));
            }
            chain.doFilter(request, response);
        }
    }

    @BeforeAll
    void start() throws Exception {
        page = ChatPage.start();
        // the page under three names of this host: 127.0.0.1 (a loopback origin, allowed by default),
        // chat.test (allowed by the application's configuration), evil.test (neither)
        String chat = "http://chat.test:" + page.port();
        String evil = "http://evil.test:" + page.port();
        app = SpringApplication.run(
                App.class,
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--spring.datasource.url=jdbc:sqlite:" + dir.resolve("app.db"),
                "--switchboard.checkpoint.saver=memory",
                "--switchboard.server.allow-origins=" + chat);
        api = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
        chromium = Chromium.start(
                "--host-resolver-rules=MAP chat.test 127.0.0.1, MAP evil.test 127.0.0.1",
                // the page makes ids with crypto.randomUUID, which needs a secure context
                "--unsafely-treat-insecure-origin-as-secure=" + chat + "," + evil);
        driver = chromium.driver;
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    }

    @AfterAll
    void stop() {
        GATE.release(100); // a run still held must not hold the application's shutdown
        if (chromium != null) {
            chromium.close();
        }
        if (page != null) {
            page.close();
        }
        if (app != null) {
            app.close();
        }
    }

    @Test
    void aRefundIsAskedInContentBlocksReviewedAndMadeFromAnotherOrigin() throws Exception {
        String thread = ask("chat.test", "desk", "Please refund order 42");
        assertNotEquals(
                URI.create(driver.getCurrentUrl()).getPort(),
                URI.create(api).getPort(),
                "the page and the API are two origins");
        WebElement action = wait.until(
                ExpectedConditions.presenceOfElementLocated(By.cssSelector("#review .action[data-action='refund']")));
        assertEquals(
                "{\"orderId\":\"42\",\"amount\":19.99}",
                action.findElement(By.className("args")).getText());
        awaitMessage("ai", "calls lookup_order");
        awaitMessage("ai", "calls refund");
        action.findElement(By.cssSelector("button[data-decision='approve']")).click();

        awaitMessage("tool", "refunded 19.99 for order 42");
        wait.until(d -> d.findElements(By.id("review")).isEmpty());
        JsonNode values = state(thread).get("values");
        assertEquals("REFUNDED", values.at("/structuredResponse/outcome").asString());
        // the human message kept its content blocks: a list, not a JSON string of one
        assertEquals(
                "[{\"type\":\"text\",\"text\":\"Please refund order 42\"}]",
                values.get("messages").get(0).get("content").toString());
        WebElement main = driver.findElement(By.tagName("main"));
        assertEquals("ok", main.getDomAttribute("data-info"), "the page reached /info across origins");
        wait.until(d -> List.of(main.getDomAttribute("data-threads").split(",")).contains(thread));
        assertNoError();
        // without the key, Spring Security refuses the API
        assertEquals(403, get("/threads/" + thread + "/state", null).statusCode());
    }

    @Test
    void aReloadDuringARunRejoinsIt() throws Exception {
        String thread = ask("127.0.0.1", "slow", "take your time");
        // the server has answered the run's creation (Content-Location names it): the page can rejoin it
        awaitMain(
                "the run to be under way",
                main -> "true".equals(main.getDomAttribute("data-loading"))
                        && !main.getDomAttribute("data-run").isEmpty());
        assertTrue(driver.getCurrentUrl().contains("threadId=" + thread), driver.getCurrentUrl());

        driver.navigate().refresh(); // the run goes on in the application while the page reloads
        awaitMain(
                "the reloaded page to rejoin the run",
                main -> thread.equals(main.getDomAttribute("data-thread"))
                        && "true".equals(main.getDomAttribute("data-loading")));
        awaitMessage("human", "take your time");
        GATE.release();
        awaitMessage("ai", "slowly: take your time");
        awaitMain("the run to end", main -> "false".equals(main.getDomAttribute("data-loading")));
        assertNoError();
        assertEquals(
                "slowly: take your time",
                state(thread)
                        .get("values")
                        .get("messages")
                        .get(1)
                        .get("content")
                        .asString());
    }

    @Test
    void aPageOfAnOriginNeitherLoopbackNorConfiguredCannotCallTheApi() {
        open("evil.test", "desk");
        WebElement main = driver.findElement(By.tagName("main"));
        awaitMain("the page's first calls to fail", m -> "down".equals(m.getDomAttribute("data-info")));
        wait.until(d -> main.getDomAttribute("data-threads").startsWith("error: "));
    }

    /** Opens a fresh page on the application's API, from the page's origin under {@code host}. */
    private void open(String host, String assistant) {
        driver.get(page.url(host, "assistantId=" + assistant + "&api=" + api + "&apiKey=" + KEY));
    }

    /** Opens a fresh page from {@code host}, sends a message, answers the thread. */
    private String ask(String host, String assistant, String message) {
        open(host, assistant);
        WebElement prompt = wait.until(ExpectedConditions.elementToBeClickable(By.id("prompt")));
        prompt.sendKeys(message);
        driver.findElement(By.id("send")).click();
        awaitMessage("human", message);
        return wait.until(d -> {
            String t = d.findElement(By.tagName("main")).getDomAttribute("data-thread");
            return t == null || t.isEmpty() ? null : t;
        });
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

    private void awaitMain(String what, Predicate<WebElement> condition) {
        wait.withMessage(() -> "waiting for " + what).until(d -> condition.test(d.findElement(By.tagName("main"))));
    }

    private void assertNoError() {
        assertTrue(
                driver.findElements(By.id("error")).isEmpty(),
                () -> driver.findElement(By.id("error")).getText());
    }

    private JsonNode state(String thread) throws Exception {
        HttpResponse<String> r = get("/threads/" + thread + "/state", KEY);
        assertEquals(200, r.statusCode(), r::body);
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> get(String path, String key) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(api + path));
        if (key != null) {
            r.header("X-Api-Key", key);
        }
        return HttpClient.newHttpClient().send(r.build(), HttpResponse.BodyHandlers.ofString());
    }
}
