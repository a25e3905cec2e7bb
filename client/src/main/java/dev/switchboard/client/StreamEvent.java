package dev.switchboard.client;

import tools.jackson.databind.JsonNode;

/**
 * One server-sent event of a run's stream, as LangGraph's API sends it: its {@code event} name
 * ({@code metadata}, {@code values}, {@code updates}, {@code custom}, {@code messages},
 * {@code messages/partial}, {@code error}..., with {@code |namespace} for subgraph events), its
 * JSON {@code data}, and its {@code id} in the run's stream (for {@code Last-Event-ID}), or
 * {@code null} when the server numbers none.
 *
 * @param event the event name
 * @param data the data, parsed as JSON
 * @param id the event's id, or {@code null}
 */
public record StreamEvent(String event, JsonNode data, String id) {

    /**
     * The stream mode of the event: its name without a subgraph namespace.
     *
     * @return e.g. {@code "updates"} for {@code "updates|child:1"}
     */
    public String mode() {
        int bar = event.indexOf('|');
        return bar < 0 ? event : event.substring(0, bar);
    }

    /**
     * The subgraph namespace of the event, empty for the graph's own events.
     *
     * @return e.g. {@code "child:1"} for {@code "updates|child:1"}, or {@code ""}
     */
    public String namespace() {
        int bar = event.indexOf('|');
        return bar < 0 ? "" : event.substring(bar + 1);
    }
}
