package dev.switchboard.conformance.c31;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

record Simple(String value, @Reducer(Append.class) List<String> items) {}

/** The run-time half of scenario 31; the build-time half is the processor's diagnostics tests. */
class Quiet {
    @Node
    @Edge(from = START)
    void a(Simple s) {}

    @Node
    @Edge(from = "a")
    SimpleUpdate b(Simple s) {
        return SimpleUpdate.of();
    }

    @Node
    @Edge(from = "b")
    SimpleUpdate c(Simple s) {
        return SimpleUpdate.of().items(List.of("c"));
    }
}

/** A node that returns null. */
class ReturnsNull {
    @Node
    @Edge(from = START)
    SimpleUpdate a(Simple s) {
        return null;
    }
}

class Conformance31GraphValidationErrorsTest {
    private final Oracle oracle = Oracle.load("31-graph-validation-errors");

    @Test
    void nodesThatWriteNothingShowAsEmptyUpdates() {
        QuietGraph g = QuietGraph.builder(new Quiet()).build();
        oracle.assertFact(
                Oracle.state(g.invoke(SimpleUpdate.of().value("v")).value()),
                "null_undefined_unknown_key_returns",
                "result");
        oracle.assertFact(
                Oracle.updates(g.stream(SimpleUpdate.of().value("v"), RunConfig.defaults(), StreamMode.UPDATES)),
                "null_undefined_unknown_key_stream_updates");
    }

    /**
     * LangGraph treats a null return as "no update"; Switchboard rejects it with LangGraph's code
     * for a bad return value, because in Java a null is far more often a bug than an intent (a
     * {@code void} node or an empty update says "no change" explicitly).
     */
    @Test
    void aNullReturnIsAnError() {
        ReturnsNullGraph g = ReturnsNullGraph.builder(new ReturnsNull()).build();
        InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> g.invoke(SimpleUpdate.of()));
        assertEquals(ErrorCode.INVALID_GRAPH_NODE_RETURN_VALUE, e.code().orElseThrow());
        assertEquals(
                oracle.at("node_returns_string", "error", "lc_error_code").asString(),
                e.code().orElseThrow().name());
        assertTrue(e.getMessage().contains("node 'a' returned null"), e.getMessage());
    }

    /**
     * LangGraph rejects an unknown {@code interruptBefore} node when the graph is compiled; here
     * breakpoints are set on the builder, and {@code build()} rejects the name with the same words.
     */
    @Test
    void anInterruptBeforeAnUnknownNodeFailsTheBuild() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> QuietGraph.builder(new Quiet()).interruptBefore("ghost").build());
        String expected = oracle.at("interruptBefore_unknown_node_compile", "error", "message")
                .asString();
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void noInputWithoutACheckpointerIsAnEmptyInputError() {
        QuietGraph g = QuietGraph.builder(new Quiet()).build();
        EmptyInputException e = assertThrows(EmptyInputException.class, () -> g.resume(RunConfig.defaults()));
        assertTrue(e.getMessage().startsWith("Received no input"), e.getMessage());
        assertEquals(
                "EmptyInputError",
                oracle.at("null_input_no_checkpointer", "error", "name").asString());
    }
}
