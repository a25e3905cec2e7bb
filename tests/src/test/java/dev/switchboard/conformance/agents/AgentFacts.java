package dev.switchboard.conformance.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Comparisons for the agent scenarios: generated ids renumbered, the model log without message ids. */
public final class AgentFacts {
    private AgentFacts() {}

    /** Our value (messages in their neutral view) equals the oracle's at the path, ids renumbered. */
    public static void same(Oracle oracle, Object actual, Object... path) {
        JsonNode expected = Oracle.normalizeIds(Oracle.comparable(oracle.at(path)));
        assertEquals(
                expected,
                Oracle.normalizeIds(Oracle.comparable(Oracle.json(AgentViews.of(actual)))),
                () -> "fact " + List.of(path));
    }

    /** The model-call log: LangChain4j requests carry no message ids, so they are left out of both sides. */
    public static void sameCalls(Oracle oracle, List<Map<String, Object>> log, Object... path) {
        JsonNode expected = oracle.at(path).deepCopy();
        for (JsonNode call : (ArrayNode) expected) {
            for (JsonNode m : (ArrayNode) call.get("messages")) {
                ((ObjectNode) m).remove("id");
            }
        }
        assertEquals(expected, Oracle.json(log), () -> "fact " + List.of(path));
    }

    /** The scenarios' history brief: step, source, next and message count of each checkpoint, newest first. */
    public static List<Map<String, Object>> history(Agent<?> agent, RunConfig config, boolean withSource) {
        return agent.getStateHistory(config).stream()
                .map(s -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("step", s.metadata().step());
                    if (withSource) {
                        m.put("source", s.metadata().source().wireName());
                    }
                    m.put("next", s.next());
                    m.put("message_count", count(s));
                    return m;
                })
                .toList();
    }

    private static int count(StateSnapshot<? extends AgentState<?>> s) {
        return s.values().messages().size();
    }
}
