package dev.switchboard.tests.hitl;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

record Form(@Reducer(Append.class) List<String> answers) {}

/** A choice the user picks, to show resume values read back as records. */
record Choice(String option, int weight) {}

/** One node asks three questions in a row. */
class Survey {
    final AtomicInteger entered = new AtomicInteger();

    @Node
    @Edge(from = START)
    FormUpdate ask(Form s, NodeContext ctx) {
        entered.incrementAndGet();
        String name = ctx.interrupt("name?", String.class);
        Integer age = ctx.interrupt("age?", Integer.class);
        Choice choice = ctx.interrupt(Map.of("question", "pick one", "options", List.of("a", "b")), Choice.class);
        return FormUpdate.of().answers(List.of(name, String.valueOf(age), choice.option() + "/" + choice.weight()));
    }
}

/** Two nodes in one superstep both ask for approval. */
class TwoApprovals {
    @Node
    @Edge(from = START)
    FormUpdate legal(Form s, NodeContext ctx) {
        return FormUpdate.of().answers(List.of("legal:" + ctx.interrupt("legal ok?", Boolean.class)));
    }

    @Node
    @Edge(from = START)
    FormUpdate finance(Form s, NodeContext ctx) {
        return FormUpdate.of().answers(List.of("finance:" + ctx.interrupt("finance ok?", Boolean.class)));
    }

    @Node
    @Edge(from = "legal")
    @Edge(from = "finance")
    FormUpdate done(Form s) {
        return FormUpdate.of().answers(List.of("done"));
    }
}

/** Several interrupts in one node resume in sequence; parallel ones resume together, by id. */
class InterruptTest {
    @Test
    void interruptsInOneNodeAreResumedInSequence() {
        Survey nodes = new Survey();
        SurveyGraph g =
                SurveyGraph.builder(nodes).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("survey");
        GraphOutput<Form> first = g.invoke(FormUpdate.of(), cfg);
        assertTrue(first.paused());
        assertEquals("name?", first.interrupts().get(0).value());
        String id = first.interrupts().get(0).id();

        GraphOutput<Form> second = g.invoke(Command.resume("Ada"), cfg);
        assertEquals("age?", second.interrupts().get(0).value());
        assertNotEquals(id, second.interrupts().get(0).id(), "one interrupt id per interrupt() call");

        GraphOutput<Form> third = g.invoke(Command.resume(36), cfg);
        assertEquals(
                Map.of("question", "pick one", "options", List.of("a", "b")),
                third.interrupts().get(0).value());
        assertEquals(
                Map.of("question", "pick one", "options", List.of("a", "b")),
                g.getState(cfg).interrupts().get(0).value(),
                "stored interrupt values read back as plain JSON");

        GraphOutput<Form> done = g.invoke(Command.resume(Map.of("option", "b", "weight", 2)), cfg);
        assertFalse(done.paused());
        assertEquals(List.of("Ada", "36", "b/2"), done.value().answers());
        assertEquals(4, nodes.entered.get(), "the node runs from its top on every resume");
    }

    @Test
    void parallelInterruptsAreResumedTogetherById() {
        TwoApprovalsGraph g = TwoApprovalsGraph.builder(new TwoApprovals())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("approvals");
        GraphOutput<Form> paused = g.invoke(FormUpdate.of(), cfg);
        assertEquals(
                List.of("finance ok?", "legal ok?"),
                paused.interrupts().stream().map(Interrupt::value).toList());
        assertNotEquals(
                paused.interrupts().get(0).id(), paused.interrupts().get(1).id());
        assertEquals(List.of("legal", "finance"), g.getState(cfg).next(), "declaration order");

        GraphException ambiguous = assertThrows(GraphException.class, () -> g.invoke(Command.resume(true), cfg));
        assertTrue(ambiguous.getMessage().contains("resumeAll"), ambiguous.getMessage());

        String finance = paused.interrupts().get(0).id();
        String legal = paused.interrupts().get(1).id();
        GraphOutput<Form> out = g.invoke(Command.resumeAll(Map.of(legal, true, finance, false)), cfg);
        assertFalse(out.paused());
        assertEquals(List.of("finance:false", "legal:true", "done"), out.value().answers());
    }

    @Test
    void resumingOneOfTwoKeepsTheOtherPaused() {
        TwoApprovalsGraph g = TwoApprovalsGraph.builder(new TwoApprovals())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("one-of-two");
        GraphOutput<Form> paused = g.invoke(FormUpdate.of(), cfg);
        String legal = paused.interrupts().get(1).id();
        GraphOutput<Form> half = g.invoke(Command.resumeAll(Map.of(legal, true)), cfg);
        assertEquals(
                List.of("finance ok?"),
                half.interrupts().stream().map(Interrupt::value).toList());
        GraphOutput<Form> out = g.invoke(Command.resume(true), cfg);
        assertEquals(List.of("finance:true", "legal:true", "done"), out.value().answers());
    }

    @Test
    void resumingAThreadWithNothingPausedIsAnError() {
        SurveyGraph g = SurveyGraph.builder(new Survey())
                .checkpointer(new MemorySaver())
                .build();
        assertThrows(GraphException.class, () -> g.invoke(Command.resume("x"), RunConfig.thread("fresh")));
    }
}
