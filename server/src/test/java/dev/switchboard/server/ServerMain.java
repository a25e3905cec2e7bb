package dev.switchboard.server;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.time.Duration;

/**
 * A server in a JVM of its own, for the tests that need one (its JDK server settings, its heap):
 * the conformance graphs in memory, {@code args[0]} request threads, a read timeout of {@code
 * args[1]} seconds; with {@code args[2]}, the SQLite file to keep everything in. Prints {@code port
 * <n>} once it listens; stops when killed.
 */
public final class ServerMain {
    private ServerMain() {}

    public static void main(String[] args) throws Exception {
        ServerBuilder b = args.length > 2
                ? ConformanceGraphs.graphs().database("jdbc:sqlite:" + args[2])
                : ConformanceGraphs.server(new MemorySaver());
        SwitchboardServer server = b.requestThreads(Integer.parseInt(args[0]))
                .readTimeout(Duration.ofSeconds(Long.parseLong(args[1])))
                .port(0)
                .build()
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("port " + server.port());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
