package dev.switchboard.server.auth;

import java.util.Locale;

/**
 * What a request touches, as LangGraph's authorization handlers name it: each route of the server
 * belongs to one resource. Run routes on a thread are matched against the thread's metadata.
 */
public enum Resource {
    /** Threads, their state and history. */
    THREADS,
    /** Assistants (graphs with a configuration), their versions and schemas. */
    ASSISTANTS,
    /** Runs, on a thread or stateless; a thread's runs are checked against the thread's metadata. */
    RUNS,
    /** Crons, stateless or on a thread. */
    CRONS,
    /** The long-term store's items and namespaces (handlers allow or deny; there is no metadata to filter). */
    STORE;

    /**
     * LangGraph's name of the resource.
     *
     * @return e.g. {@code threads}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
