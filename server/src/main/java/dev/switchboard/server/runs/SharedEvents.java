package dev.switchboard.server.runs;

/**
 * The port to a run event log shared by the server JVMs of one database: the JVM executing a run
 * writes its events there, and a stream through another JVM reads them back, with the same ids.
 */
public interface SharedEvents {
    /**
     * Queues one event of a run this JVM executes.
     *
     * @param runId the run
     * @param name the event name
     * @param data its JSON data, UTF-8
     */
    void add(String runId, String name, byte[] data);

    /** Stores every queued event now: called before a run is recorded finished. */
    void flush();

    /**
     * A reader of one run's events from its first.
     *
     * @param runId the run
     * @return the feed
     */
    EventFeed tail(String runId);
}
