package dev.switchboard.server.wire;

import java.util.Locale;

/** A thread's status, as LangGraph Server names it on the wire. */
public enum ThreadStatus {
    IDLE,
    BUSY,
    INTERRUPTED,
    ERROR;

    /**
     * The name clients see.
     *
     * @return the lower-case name
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The status of a wire name.
     *
     * @param wire the name
     * @return the status, or null when it names none
     */
    public static ThreadStatus parse(String wire) {
        for (ThreadStatus s : values()) {
            if (s.wireName().equals(wire)) {
                return s;
            }
        }
        return null;
    }
}
