package dev.switchboard.server;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.WebhookPolicy;
import java.time.Duration;

/**
 * A server JVM of the platform durability tests ({@link DurablePlatformTest}): the conformance
 * graphs on the PostgreSQL schema {@code args[0]}, webhooks to 127.0.0.1 over HTTP allowed (the
 * tests' receiver), the first webhook retry after {@code args[1]} ms, crons looked at every
 * {@code args[2]} ms. Prints {@code port <n>} once it listens; the tests kill it.
 */
public final class PlatformServerMain {
    private PlatformServerMain() {}

    public static void main(String[] args) throws Exception {
        SwitchboardServer server = ConformanceGraphs.graphs()
                .database(args[0])
                .webhooks(WebhookPolicy.builder()
                        .allowHttp()
                        .allowHosts("127.0.0.1")
                        .allowPrivateNetworks()
                        .build())
                .webhookRetry(Duration.ofMillis(Long.parseLong(args[1])))
                .cronTick(Duration.ofMillis(Long.parseLong(args[2])))
                .lease(Duration.ofSeconds(2), Duration.ofMillis(500))
                .port(0)
                .build()
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("port " + server.port());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
