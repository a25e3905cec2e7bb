package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.StateSnapshot;
import tools.jackson.databind.JsonNode;

/**
 * The recorded outcome of one durable step of a task: the step's name and either its result or
 * its final failure. A result recorded in this run is kept live (the object the body returned); one
 * read from a checkpoint is kept as JSON until a run asks for it with the step's type.
 *
 * @param name the step's name, which a re-run must ask for again at the same position
 * @param live the result as the body returned it, when {@code stored} is null
 * @param stored the result read from a checkpoint, or {@code null} for a live one
 * @param failure the final failure, or {@code null} for a result
 * @param encoded the record's stored form, or {@code null} for a run without a checkpointer
 */
record StepRecord(String name, Object live, JsonNode stored, StateSnapshot.TaskError failure, byte[] encoded) {
    /** Whether the step failed finally (rather than returning a result). */
    boolean failed() {
        return failure != null;
    }
}
