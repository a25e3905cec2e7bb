package dev.switchboard.server;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.fixtures.GatedGraph;
import java.time.Duration;

/**
 * The server the multi-server tests start several of on one PostgreSQL schema, as several JVMs
 * would share a run queue: the conformance graphs and the {@code gated} one, the schema's database,
 * a short lease, an ephemeral port. Tests add their own graphs and slot counts.
 */
final class QueueServers {
    private QueueServers() {}

    /**
     * A builder for one such server.
     *
     * @param db the shared schema
     * @param lease how long a claim lasts without a heartbeat
     * @param beat how often heartbeats renew it
     */
    static ServerBuilder on(TestPostgres db, Duration lease, Duration beat) {
        return ConformanceGraphs.graphs()
                .graph("gated", GatedGraph.builder(new Gated()))
                .database(db.url())
                .lease(lease, beat)
                .port(0);
    }
}
