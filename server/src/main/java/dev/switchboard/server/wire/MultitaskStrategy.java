package dev.switchboard.server.wire;

import java.util.Locale;

/**
 * What a run created on a busy thread does (LangGraph's double texting): {@code reject} it with 422,
 * {@code enqueue} it behind the thread's runs, or stop them first, keeping their finished steps
 * ({@code interrupt}) or marking them failed ({@code rollback}).
 */
public enum MultitaskStrategy {
    REJECT,
    ROLLBACK,
    INTERRUPT,
    ENQUEUE;

    /**
     * The name clients send.
     *
     * @return the lower-case name
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * How this strategy stops the runs it replaces.
     *
     * @return rollback for {@code rollback}, else interrupt
     */
    public CancelAction cancelAction() {
        return this == ROLLBACK ? CancelAction.ROLLBACK : CancelAction.INTERRUPT;
    }

    /**
     * The strategy of a wire name.
     *
     * @param wire the name
     * @return the strategy, or null when it names none
     */
    public static MultitaskStrategy parse(String wire) {
        for (MultitaskStrategy s : values()) {
            if (s.wireName().equals(wire)) {
                return s;
            }
        }
        return null;
    }
}
