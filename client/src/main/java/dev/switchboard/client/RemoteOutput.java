package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a remote graph's run gave back: the thread's values when it ended or paused, and the
 * interrupts it paused on (each with its {@code value} and {@code id}), as {@code GraphOutput} is
 * for a local graph.
 *
 * @param values the values, without {@code __interrupt__}
 * @param interrupts the interrupts waiting for an answer; empty when the run finished
 */
public record RemoteOutput(JsonNode values, List<JsonNode> interrupts) {

    /**
     * Copies the interrupts.
     *
     * @param values the values, without {@code __interrupt__}
     * @param interrupts the interrupts waiting for an answer
     */
    public RemoteOutput {
        interrupts = List.copyOf(interrupts);
    }

    /**
     * Whether the run paused on interrupts.
     *
     * @return {@code true} when it waits for an answer
     */
    public boolean paused() {
        return !interrupts.isEmpty();
    }

    /** This output as one JSON text, to be recorded as a step's result. */
    String json() {
        ObjectNode o = Http.object();
        o.set("values", values);
        o.set("interrupts", Http.tree(interrupts));
        return o.toString();
    }

    /** Reads what {@link #json()} wrote. */
    static RemoteOutput parse(String json) {
        JsonNode o = Http.JSON.readTree(json);
        List<JsonNode> interrupts = new ArrayList<>();
        o.path("interrupts").forEach(interrupts::add);
        return new RemoteOutput(o.path("values"), interrupts);
    }

    /** Reads a run's output as the API answers it: values with {@code __interrupt__} when it paused. */
    static RemoteOutput of(JsonNode answer) {
        List<JsonNode> interrupts = new ArrayList<>();
        if (answer instanceof ObjectNode o && o.has("__interrupt__")) {
            ObjectNode values = o.deepCopy();
            values.remove("__interrupt__").forEach(interrupts::add);
            return new RemoteOutput(values, interrupts);
        }
        return new RemoteOutput(answer, interrupts);
    }
}
