package dev.switchboard.bench.agent;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.data.message.UserMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both implementations of W6 finish the turn, and the check rejects a turn that did not. */
class AgentTurnTest {
    @Test
    void bothImplementationsFinishTheTurn() {
        assertDoesNotThrow(() -> new AgentTurnBench().setup());
    }

    @Test
    void checkRejectsAnUnfinishedTurn() {
        assertThrows(IllegalStateException.class, () -> AgentTurn.check(List.of(UserMessage.from("q"))));
    }
}
