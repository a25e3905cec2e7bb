package dev.switchboard.bench.send;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.Send;
import java.util.ArrayList;
import java.util.List;

/** W4 as a Switchboard graph: a route from {@code START} returns one {@code Send} per worker. */
public class MapSend {
    /** Creates the nodes. */
    public MapSend() {}

    @Route(from = START, to = "worker")
    List<Send<Integer>> fanOut(Results s) {
        List<Send<Integer>> sends = new ArrayList<>(SendWork.WORKERS);
        for (int i = 0; i < SendWork.WORKERS; i++) {
            sends.add(Send.to("worker", i));
        }
        return sends;
    }

    @Node
    ResultsUpdate worker(Integer payload) {
        return ResultsUpdate.of().results(List.of(SendWork.result(payload)));
    }
}
