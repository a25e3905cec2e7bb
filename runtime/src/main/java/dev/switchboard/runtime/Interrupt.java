package dev.switchboard.runtime;

import java.util.Objects;

/**
 * A pause requested by a node: the value it surfaced (a question for a human, say) and a stable id
 * to answer it by when several are pending.
 *
 * @param id the interrupt id
 * @param value what the node surfaced
 */
public record Interrupt(String id, Object value) {
    /**
     * Checks the fields.
     *
     * @param id the interrupt id
     * @param value the surfaced value
     */
    public Interrupt {
        Objects.requireNonNull(id, "id");
    }
}
