package dev.switchboard.conformance.c17;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

record Chat(
        @Reducer(Append.class) List<String> messages,
        @Reducer(Sum.class) int turns,
        Integer last) {}

/** START -> respond -> END. */
class Responder {
    @Node
    @Edge(from = START)
    ChatUpdate respond(Chat s) {
        return ChatUpdate.of()
                .messages(List.of("reply to " + s.messages().get(s.messages().size() - 1)))
                .turns(1)
                .last(s.messages().size());
    }
}

class Conformance17CheckpointAccumulateTest {
    private final Oracle oracle = Oracle.load("17-checkpoint-accumulate");
    private final ResponderGraph graph = ResponderGraph.builder(new Responder())
            .checkpointer(new MemorySaver())
            .build();
    private final RunConfig t1 = RunConfig.thread("t1");

    @Test
    void invocationsOnOneThreadAccumulate() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "first_invoke",
                Oracle.state(graph.invoke(ChatUpdate.of().messages(List.of("hi")), t1)
                        .value()));
        facts.put("state_after_first", Oracle.snapshot(graph.getState(t1)));
        facts.put(
                "second_invoke",
                Oracle.state(graph.invoke(ChatUpdate.of().messages(List.of("again")), t1)
                        .value()));
        facts.put("state_after_second", Oracle.snapshot(graph.getState(t1)));
        List<StateSnapshot<Chat>> history = graph.getStateHistory(t1);
        facts.put("history_length", history.size());
        facts.put("history", Oracle.brief(history));
        facts.put("history_parent_links_consistent", parentLinksConsistent(history));
        facts.put(
                "third_stream_values",
                Oracle.values(graph.stream(ChatUpdate.of().messages(List.of("third")), t1)));
        facts.put(
                "other_thread",
                Oracle.state(graph.invoke(ChatUpdate.of().messages(List.of("other")), RunConfig.thread("t2"))
                        .value()));
        facts.put("null_input_on_finished_thread", Oracle.state(graph.resume(t1).value()));
        facts.put("history_length_after_null_input", graph.getStateHistory(t1).size());
        facts.put("state_unknown_thread", Oracle.snapshot(graph.getState(RunConfig.thread("nope"))));
        oracle.assertFacts(facts);
    }

    private static boolean parentLinksConsistent(List<StateSnapshot<Chat>> history) {
        for (int i = 0; i < history.size(); i++) {
            String parent = history.get(i).parentCheckpointId();
            String expected = i == history.size() - 1
                    ? null
                    : history.get(i + 1).checkpointId().orElseThrow();
            if (!java.util.Objects.equals(parent, expected)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void resumeOnAFinishedThreadWritesNothing() {
        RunConfig t = RunConfig.thread("finished");
        graph.invoke(ChatUpdate.of().messages(List.of("hi")), t);
        int before = graph.getStateHistory(t).size();
        graph.resume(t);
        assertEquals(before, graph.getStateHistory(t).size());
    }
}
