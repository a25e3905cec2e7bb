package dev.switchboard.conformance.c16;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

record Overall(String question, String scratch, String answer) {}

record Question(String question) {}

record Answer(String answer) {}

/** What respond reads: the question and a private channel the state does not have. */
record AnswerInput(String question, String private_notes) {}

@Graph(state = Overall.class, input = Question.class, output = Answer.class, privateState = AnswerInput.class)
class Schemas {
    final List<Map<String, Object>> inputs = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    OverallUpdate think(Question s) {
        inputs.add(Map.of("think", s));
        return OverallUpdate.of()
                .scratch("thinking about " + s.question())
                .also(AnswerInputUpdate.of().private_notes("secret"));
    }

    @Node
    @Edge(from = "think")
    OverallUpdate respond(AnswerInput s) {
        inputs.add(Map.of("respond", s));
        return OverallUpdate.of().answer("answer to " + s.question() + " (" + s.private_notes() + ")");
    }
}

class Conformance16InputOutputSchemasTest {
    private final Oracle oracle = Oracle.load("16-input-output-schemas");
    private final Schemas nodes = new Schemas();
    private final SchemasGraph graph = SchemasGraph.builder(nodes).build();

    @Test
    void invokeReturnsTheOutputRecordOnly() {
        Answer out = graph.invoke(QuestionUpdate.of().question("q1")).value();
        oracle.assertFact(Oracle.state(out), "invoke");
        oracle.assertFact(nodes.inputs, "node_inputs");
    }

    @Test
    void theInputTypeCannotWriteKeysOutsideTheInputSchema() {
        // LangGraph drops scratch/answer from the input at run time; here the input update type,
        // QuestionUpdate, has no setter for them, so the drop is a compile-time fact.
        assertFalse(List.of(QuestionUpdate.class.getMethods()).stream()
                .anyMatch(m -> m.getName().equals("scratch")));
        oracle.assertFact(
                Oracle.state(graph.invoke(QuestionUpdate.of().question("q2")).value()), "invoke_extra_input_keys");
        oracle.assertFact(nodes.inputs, "node_inputs_extra_input_keys");
    }

    @Test
    void streamsShowEveryChannelIncludingPrivateOnes() {
        oracle.assertFact(
                Oracle.values(graph.stream(QuestionUpdate.of().question("q3"), RunConfig.defaults())), "stream_values");
        oracle.assertFact(
                Oracle.updates(
                        graph.stream(QuestionUpdate.of().question("q3"), RunConfig.defaults(), StreamMode.UPDATES)),
                "stream_updates");
    }
}
