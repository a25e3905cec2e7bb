package dev.switchboard.server.wire;

import java.util.Locale;

/** A run's status, as LangGraph Server names it on the wire. */
public enum RunStatus {
    PENDING,
    RUNNING,
    ERROR,
    SUCCESS,
    TIMEOUT,
    INTERRUPTED;

    /**
     * The name clients see.
     *
     * @return the lower-case name
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether a run of this status is over: it will not run (again) by itself.
     *
     * @return false for pending and running
     */
    public boolean finished() {
        return this != PENDING && this != RUNNING;
    }

    /**
     * The status of a wire name.
     *
     * @param wire the name
     * @return the status, or null when it names none
     */
    public static RunStatus parse(String wire) {
        for (RunStatus s : values()) {
            if (s.wireName().equals(wire)) {
                return s;
            }
        }
        return null;
    }
}
