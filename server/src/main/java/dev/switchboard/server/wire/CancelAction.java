package dev.switchboard.server.wire;

import java.util.Locale;

/**
 * How a cancelled run ends (LangGraph's cancel {@code action}): {@code interrupt} keeps its finished
 * steps and ends it interrupted; {@code rollback} ends it as an error.
 */
public enum CancelAction {
    INTERRUPT,
    ROLLBACK;

    /**
     * The name clients send and the queue stores.
     *
     * @return the lower-case name
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status a run cancelled this way ends with.
     *
     * @return interrupted or error
     */
    public RunStatus runStatus() {
        return this == ROLLBACK ? RunStatus.ERROR : RunStatus.INTERRUPTED;
    }

    /**
     * The status its thread is left in.
     *
     * @return idle or error
     */
    public ThreadStatus threadStatus() {
        return this == ROLLBACK ? ThreadStatus.ERROR : ThreadStatus.IDLE;
    }

    /**
     * The action of a wire name.
     *
     * @param wire the name
     * @return the action, or null when it names none
     */
    public static CancelAction parse(String wire) {
        for (CancelAction a : values()) {
            if (a.wireName().equals(wire)) {
                return a;
            }
        }
        return null;
    }
}
