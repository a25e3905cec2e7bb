package dev.switchboard.server;

import dev.switchboard.samples.upgrade.desk.Desk;
import dev.switchboard.samples.upgrade.desk.DeskGraph;
import java.time.Duration;

/**
 * A server JVM of one release of the upgrade sample's desk graph, compiled with that release by
 * RollingUpgradeTest: serves graph {@code desk} on port 0 from the PostgreSQL queue at {@code
 * args[0]}, prints {@code url <url> owner <id>}, and closes on SIGTERM.
 */
public final class VersionServerMain {
    private VersionServerMain() {}

    public static void main(String[] args) throws Exception {
        SwitchboardServer server = SwitchboardServer.builder()
                .graph("desk", DeskGraph.builder(new Desk()))
                .database(args[0])
                .lease(Duration.ofSeconds(2), Duration.ofMillis(500))
                .port(0)
                .build()
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("url " + server.url() + " owner " + server.worker().queue().owner());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
