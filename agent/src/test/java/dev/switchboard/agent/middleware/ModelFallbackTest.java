package dev.switchboard.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentModel;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Model fallback: the same request goes to each fallback in turn. */
class ModelFallbackTest {
    private static final AgentStateUpdate ASK = AgentStateUpdate.of().messages(List.of(Message.user("hi")));

    private static TestModels.Scripted failing(String why) {
        return new TestModels.Scripted(m -> {
            throw new IllegalStateException(why);
        });
    }

    @Test
    void theFirstFallbackThatAnswersWins() {
        TestModels.Scripted primary = failing("primary down");
        TestModels.Scripted second = failing("second down");
        TestModels.Scripted third = new TestModels.Scripted(m -> AiMessage.from("from the third"));
        List<Message> out = Agent.builder(primary)
                .systemPrompt("be nice")
                .middleware(ModelFallback.of(AgentModel.of(second), AgentModel.of(third)))
                .build()
                .invoke(ASK)
                .value()
                .messages();
        assertEquals("from the third", ((AiMessage) out.get(1).chat()).text());
        assertEquals(1, primary.calls.get());
        assertEquals(1, second.calls.get());
        assertEquals(third.requests.get(0).messages(), primary.requests.get(0).messages(), "the same request");
    }

    @Test
    void whenEveryModelFailsTheLastFailureFailsTheRun() {
        IllegalStateException last = new IllegalStateException("last down");
        TestModels.Scripted lastModel = new TestModels.Scripted(m -> {
            throw last;
        });
        NodeException e = assertThrows(
                NodeException.class,
                () -> Agent.builder(failing("primary down"))
                        .middleware(ModelFallback.of(AgentModel.of(lastModel)))
                        .build()
                        .invoke(ASK));
        assertSame(last, e.getCause());
    }
}
