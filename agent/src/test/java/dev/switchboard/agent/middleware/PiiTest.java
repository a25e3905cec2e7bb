package dev.switchboard.agent.middleware;

import static dev.switchboard.agent.middleware.TestModels.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeException;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** PII: the four strategies, the three places it looks, built-in and custom detectors. */
class PiiTest {
    private static AgentState<Void> run(String text, TestModels.Scripted model, AgentMiddleware... pii) {
        return Agent.builder(model)
                .tools(new OfficeToolsTools(new OfficeTools()))
                .middleware(pii)
                .build()
                .invoke(AgentStateUpdate.of().messages(List.of(Message.user(text))))
                .value();
    }

    private static TestModels.Scripted echo() {
        return new TestModels.Scripted(m -> AiMessage.from("saw: " + ((UserMessage) m.get(m.size() - 1)).singleText()));
    }

    private static String first(AgentState<Void> s) {
        return ((UserMessage) s.messages().get(0).chat()).singleText();
    }

    @Test
    void redactMaskAndHashTheLastUserMessageBeforeTheModelSeesIt() throws Exception {
        String text = "mail ana@example.com, card 4111 1111 1111 1111";
        AgentState<Void> redacted = run(
                text,
                echo(),
                Pii.builder("email").build(),
                Pii.builder("credit_card").strategy(PiiStrategy.MASK).build());
        assertEquals("mail [REDACTED_EMAIL], card ****-****-****-1111", first(redacted));
        assertEquals(
                "saw: mail [REDACTED_EMAIL], card ****-****-****-1111",
                ((AiMessage) redacted.messages().get(1).chat()).text());
        AgentState<Void> hashed = run(
                "ana@example.com",
                echo(),
                Pii.builder("email").strategy(PiiStrategy.HASH).build());
        String sha = java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                        .digest("ana@example.com".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals("<email_hash:" + sha.substring(0, 8) + ">", first(hashed));
        AgentState<Void> masked = run(
                "ana@example.com",
                echo(),
                Pii.builder("email").strategy(PiiStrategy.MASK).build());
        assertEquals("a***@example.com", first(masked));
    }

    @Test
    void aCardNumberThatFailsTheLuhnCheckIsNotACard() {
        assertEquals(
                "card 4111 1111 1111 1112",
                first(run(
                        "card 4111 1111 1111 1112",
                        echo(),
                        Pii.builder("credit_card").build())));
    }

    @Test
    void blockFailsTheRunWithoutShowingTheValue() {
        NodeException e = assertThrows(
                NodeException.class,
                () -> run(
                        "from 10.0.0.1",
                        echo(),
                        Pii.builder("ip").strategy(PiiStrategy.BLOCK).build()));
        PiiDetectedException p = assertInstanceOf(PiiDetectedException.class, e.getCause());
        assertEquals("PII detected: ip found 1 occurrence(s)", p.getMessage());
        assertEquals("PIIMiddleware[ip].before_model", e.node());
    }

    @Test
    void outputsAndToolResultsWhenAskedAndCustomPatterns() {
        TestModels.Scripted model = new TestModels.Scripted(m -> m.size() == 1
                ? AiMessage.from(List.of(call("lookup", "{\"q\":\"key\"}", "c1")))
                : AiMessage.from("the key is sk-12345678 and " + ((ToolExecutionResultMessage) m.get(2)).text()));
        AgentMiddleware keys = Pii.builder("api_key", Pattern.compile("sk-\\d{8}"))
                .applyToOutput(true)
                .applyToToolResults(true)
                .build();
        AgentState<Void> out = run("find key", model, keys);
        assertEquals(
                "found key", ((ToolExecutionResultMessage) out.messages().get(2).chat()).text());
        assertEquals(
                "the key is [REDACTED_API_KEY] and found key",
                ((AiMessage) out.messages().get(3).chat()).text());
        assertEquals(List.of("PIIMiddleware[api_key]"), List.of(keys.name()));
    }

    @Test
    void anUnknownBuiltInTypeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Pii.builder("passport"));
    }
}
