package dev.switchboard.runtime;

import java.util.Objects;

/**
 * One update of {@link CompiledGraph#bulkUpdateState}: writes applied as if the named node had
 * returned them, so its edges and routes decide what runs next.
 *
 * @param update the writes
 * @param asNode the node the update is attributed to, or {@code null} for the node that wrote last
 *     (allowed only when the superstep has a single update)
 */
public record NodeUpdate(StateUpdate update, String asNode) {
    /**
     * Checks the fields.
     *
     * @param update the writes
     * @param asNode the node or {@code null}
     */
    public NodeUpdate {
        Objects.requireNonNull(update, "update");
    }
}
