package dev.switchboard.server;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.fixtures.GatedGraph;

/** {@link DoubleTextingContract} on the run queue of a server alone (in its memory). */
class DoubleTextingTest extends DoubleTextingContract {
    private SwitchboardServer server;

    @Override
    void startServers() throws Exception {
        server = ConformanceGraphs.server(new MemorySaver())
                .graph("gated", GatedGraph.builder(new Gated()))
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
        other = api;
    }

    @Override
    void stopServers() {
        server.close();
    }
}
