package dev.switchboard.tests.control;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphSchema;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

record Claim(String question, @Reducer(Append.class) List<String> log, BigDecimal amount, String answer) {}

record Ask(String question, BigDecimal amount) {}

record Reply(String answer) {}

record Notes(String question, String notes) {}

@Graph(state = Claim.class, input = Ask.class, output = Reply.class, privateState = Notes.class)
class Desk {
    @Node
    @Edge(from = START)
    ClaimUpdate read(Ask s) {
        return ClaimUpdate.of()
                .log(List.of("read " + s.amount()))
                .also(NotesUpdate.of().notes("n"));
    }

    @Node
    @Edge(from = "read")
    ClaimUpdate reply(Notes s) {
        return ClaimUpdate.of().answer(s.question() + "/" + s.notes());
    }
}

/** {@link GraphSchema}: a graph's channels by name, its input and output channels, updates by name. */
class GraphSchemaTest {
    private final DeskGraph graph =
            DeskGraph.builder(new Desk()).checkpointer(new MemorySaver()).build();

    private static List<String> names(List<GraphSchema.Channel> channels) {
        return channels.stream().map(GraphSchema.Channel::name).toList();
    }

    @Test
    void channelsInputAndOutputByName() {
        GraphSchema s = graph.schema();
        assertEquals("Desk", s.graph());
        assertEquals(List.of("question", "log", "amount", "answer", "notes"), names(s.channels()));
        assertEquals(List.of("question", "amount"), names(s.input()));
        assertEquals(List.of("answer"), names(s.output()));
        assertEquals(BigDecimal.class, s.channel("amount").orElseThrow().type().raw());
        assertTrue(s.channel("nope").isEmpty());
        assertEquals(List.class, s.channel("log").orElseThrow().type().raw());
    }

    @Test
    @SuppressWarnings("unchecked")
    void updatesByNameRunAndWriteState() {
        GraphSchema s = graph.schema();
        RunConfig t = RunConfig.thread("t");
        // what a server does: one graph type for all, input decoded by name
        CompiledGraph<Claim, StateUpdate, Reply> any =
                (CompiledGraph<Claim, StateUpdate, Reply>) (CompiledGraph<?, ?, ?>) graph;
        any.invoke(s.inputUpdate(Map.of("question", "q", "amount", new BigDecimal("120.50"))), t);
        Claim after = graph.getState(t).values();
        assertEquals(List.of("read 120.50"), after.log());
        assertEquals("q/n", after.answer());
        graph.updateState(t, s.update(Map.of("log", List.of("edited"))), "reply");
        assertEquals(
                List.of("read 120.50", "edited"), graph.getState(t).values().log());
    }

    @Test
    void aNameOutsideTheRecordIsRefused() {
        GraphSchema s = graph.schema();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> s.inputUpdate(Map.of("answer", "x")));
        assertEquals("'answer' is not a channel of Ask; its channels are [question, amount]", e.getMessage());
    }
}
