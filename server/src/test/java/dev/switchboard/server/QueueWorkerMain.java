package dev.switchboard.server;

import dev.switchboard.server.fixtures.Counted;
import dev.switchboard.server.fixtures.CountedGraph;
import java.time.Duration;

/**
 * A worker-only server JVM for {@link MultiJvmKillTest}: serves the {@code counted} graph from the
 * PostgreSQL queue at {@code args[0]}, running at most {@code args[1]} runs at once with a lease of
 * {@code args[2]} ms; with {@code args[3]} (for {@link QueueScalingFigures}) each node sleeps that many
 * ms and no task is logged. It prints {@code owner <id>} once claiming, and closes on SIGTERM (a
 * shutdown hook), handing its runs back. Its {@code main} returns once started: the JVM lives on
 * because a worker-only server keeps it running (the kill test fails if it does not).
 */
public final class QueueWorkerMain {
    private QueueWorkerMain() {}

    public static void main(String[] args) throws Exception {
        Counted.database = args.length > 3 ? null : args[0];
        if (args.length > 3) {
            Counted.sleepMs = Long.parseLong(args[3]);
        }
        Duration lease = Duration.ofMillis(Long.parseLong(args[2]));
        SwitchboardServer server = SwitchboardServer.builder()
                .graph("counted", CountedGraph.builder(new Counted()))
                .database(args[0])
                .lease(lease, lease.dividedBy(4))
                .maxRuns(Integer.parseInt(args[1]))
                .worker()
                .build()
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("owner " + server.worker().queue().owner());
        System.out.flush();
        // main returns: the worker-only server keeps this JVM running by itself until close()
    }
}
