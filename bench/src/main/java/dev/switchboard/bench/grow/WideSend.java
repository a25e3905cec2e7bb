package dev.switchboard.bench.grow;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.bench.send.SendWork;
import dev.switchboard.runtime.Send;
import java.util.ArrayList;
import java.util.List;

/** W4 of any width: a route from {@code START} returns one {@code Send} per worker, as the state asks. */
public class WideSend {
    /** Creates the nodes. */
    public WideSend() {}

    @Route(from = START, to = "worker")
    List<Send<Integer>> fanOut(Batch s) {
        List<Send<Integer>> sends = new ArrayList<>(s.width());
        for (int i = 0; i < s.width(); i++) {
            sends.add(Send.to("worker", i));
        }
        return sends;
    }

    @Node
    BatchUpdate worker(Integer payload) {
        return BatchUpdate.of().results(List.of(SendWork.result(payload)));
    }
}
