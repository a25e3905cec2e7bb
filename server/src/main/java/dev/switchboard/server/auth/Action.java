package dev.switchboard.server.auth;

import java.util.Locale;

/**
 * What a request does to its {@link Resource}, as LangGraph's authorization handlers name it.
 * Searches and counts are {@link #SEARCH}; a store {@code PUT} is {@link #UPDATE}; cancelling a run
 * is {@link #UPDATE}; listing a thread's runs is {@link #SEARCH}.
 */
public enum Action {
    /** Makes a new row (a thread, an assistant, a run, a cron). */
    CREATE,
    /** Reads one row, or what hangs off it (state, history, schemas, a run's stream). */
    READ,
    /** Changes a row (patch, state update, cancel, store put). */
    UPDATE,
    /** Deletes rows. */
    DELETE,
    /** Searches or counts rows. */
    SEARCH;

    /**
     * LangGraph's name of the action.
     *
     * @return e.g. {@code create}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
