package dev.switchboard.server.studio;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** START -> hold, which waits for a permit of {@link #GATE}: a test sees the node while it runs. */
public class Held {
    public static final Semaphore GATE = new Semaphore(0);

    @Node
    @Edge(from = START)
    TallyUpdate hold(Tally s) throws InterruptedException {
        if (!GATE.tryAcquire(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the test never opened the gate");
        }
        return TallyUpdate.of().log(List.of("held"));
    }
}
