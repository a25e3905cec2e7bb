package dev.switchboard.server.runs;

import dev.switchboard.server.wire.CancelAction;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ThreadStatus;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Why a run was stopped before its end, which decides its outcome as LangGraph Server records it:
 * a client's cancel ({@code action=interrupt}) leaves it interrupted with no result; a double text
 * with {@code interrupt} leaves it interrupted with the values it had streamed; a rollback (either
 * way) ends it as an error. The queue stores it by {@link #storedName()}.
 */
public enum Stop {
    /** A client cancelled it (action interrupt): interrupted, join answers null. */
    CANCEL,
    /** A run created with {@code multitask_strategy: interrupt} replaced it: interrupted. */
    INTERRUPT,
    /** A rollback, by a client or a double text: an error. */
    ROLLBACK;

    /**
     * The stop of a cancel action.
     *
     * @param action the action
     * @param byClient whether a client's cancel asked for it (else a double text)
     * @return the stop
     */
    public static Stop of(CancelAction action, boolean byClient) {
        if (action == CancelAction.ROLLBACK) {
            return ROLLBACK;
        }
        return byClient ? CANCEL : INTERRUPT;
    }

    /**
     * The name the queue stores.
     *
     * @return the name
     */
    public String storedName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The stop of a stored name.
     *
     * @param stored the name
     * @return the stop; an unknown name (an older server's) is a client cancel
     */
    public static Stop parse(String stored) {
        for (Stop s : values()) {
            if (s.storedName().equals(stored)) {
                return s;
            }
        }
        return CANCEL;
    }

    /**
     * The status the run ends with.
     *
     * @return interrupted or error
     */
    public RunStatus runStatus() {
        return this == ROLLBACK ? RunStatus.ERROR : RunStatus.INTERRUPTED;
    }

    /**
     * The status a stopped running run leaves its thread in.
     *
     * @return idle or error
     */
    public ThreadStatus threadStatus() {
        return this == ROLLBACK ? ThreadStatus.ERROR : ThreadStatus.IDLE;
    }

    /**
     * What join answers for the run.
     *
     * @param streamed the root values the run streamed last, or null
     * @return the result
     */
    public JsonNode result(JsonNode streamed) {
        return switch (this) {
            case ROLLBACK -> rolledBack();
            case INTERRUPT -> streamed == null ? Json.MAPPER.nullNode() : streamed;
            case CANCEL -> Json.MAPPER.nullNode();
        };
    }

    private static ObjectNode rolledBack() {
        ObjectNode err = Json.object();
        err.set("__error__", Json.object().put("error", "Error").put("message", "the run was rolled back"));
        return err;
    }
}
