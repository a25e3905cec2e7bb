package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.ValueSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Interrupt ids per call, and which resume value answers which call. */
class ResumesTest {
    private static final ValueType STRING = ValueType.of(String.class);
    private static final StateSchema<String> STATE = new StateSchema<>() {
        @Override
        public Class<String> recordType() {
            return String.class;
        }

        @Override
        public List<ComponentSpec> components() {
            return List.of(ComponentSpec.channel(ChannelSpec.lastValue("name", STRING)));
        }

        @Override
        public String read(ValueSource values) {
            return String.valueOf(values.value(0));
        }
    };
    private static final GraphSpec SPEC = GraphSpec.of(GraphDefinition.builder("g", STATE)
            .node(1, "ask", STRING)
            .reads(STATE)
            .build());
    private static final TaskIds.Scope IDS = new TaskIds.Scope("checkpoint-1", "", 2);

    private final Resumes resumes = new Resumes(SPEC, "");

    @Test
    void interruptIdsAreStableAcrossResumesAndDistinctPerCall() {
        Task task = task();
        String key = "|ask:" + task.id();
        assertEquals(Digests.sha256Hex(key, 16), resumes.interruptId(task, 0));
        assertEquals(Digests.sha256Hex(key + "|1", 16), resumes.interruptId(task, 1));
        assertEquals(resumes.interruptId(task, 1), new Resumes(SPEC, "").interruptId(task(), 1), "same task, same id");
        assertNotEquals(resumes.interruptId(task, 0), new Resumes(SPEC, "sub:1").interruptId(task, 0));
    }

    @Test
    void aSingleResumeValueAnswersTheFirstCallThatAsksOnly() {
        resumes.accept(Command.resume("yes"), List.of(new Interrupt("i", "?")));
        Task task = task();
        assertEquals("yes", resumes.take(task, 0));
        assertSame(Resumes.NONE, resumes.take(task, 1), "the next call pauses again");
    }

    @Test
    void aValueByIdAnswersItsCallAndAnOldFirstCallIdAnswersALaterCallOnce() {
        Task task = task();
        resumes.accept(Command.resumeAll(Map.of(resumes.interruptId(task, 0), "first")), List.of());
        assertEquals("first", resumes.take(task, 1), "ids from an older pause keep working");
        assertSame(Resumes.NONE, resumes.take(task, 2), "one value per task and run");
    }

    @Test
    void severalPendingInterruptsNeedValuesById() {
        List<Interrupt> pending = List.of(new Interrupt("a", 1), new Interrupt("b", 2));
        GraphException e = assertThrows(GraphException.class, () -> resumes.accept(Command.resume("x"), pending));
        assertEquals(
                "several interrupts are pending ([a, b]); resume them by id with Command.resumeAll(Map)",
                e.getMessage());
    }

    private static Task task() {
        int node = SPEC.node("ask");
        return Task.pull(node, "ask", SPEC.triggers[node], IDS);
    }
}
