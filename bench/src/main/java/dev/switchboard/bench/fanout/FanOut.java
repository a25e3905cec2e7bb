package dev.switchboard.bench.fanout;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Join;
import dev.switchboard.annotation.Node;
import java.util.List;

/** W2 as a Switchboard graph: static edges from {@code split} to eight workers, a join after all. */
public class FanOut {
    /** Creates the nodes. */
    public FanOut() {}

    private static TallyUpdate work(int i) {
        return TallyUpdate.of().total(FanOutWork.contribution(i)).items(List.of(FanOutWork.worker(i)));
    }

    @Node
    @Edge(from = START)
    TallyUpdate split(Tally s) {
        return TallyUpdate.of().items(List.of("split"));
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w1(Tally s) {
        return work(0);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w2(Tally s) {
        return work(1);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w3(Tally s) {
        return work(2);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w4(Tally s) {
        return work(3);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w5(Tally s) {
        return work(4);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w6(Tally s) {
        return work(5);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w7(Tally s) {
        return work(6);
    }

    @Node
    @Edge(from = "split")
    TallyUpdate w8(Tally s) {
        return work(7);
    }

    @Node
    @Join({"w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8"})
    TallyUpdate join(Tally s) {
        return TallyUpdate.of().items(List.of("join"));
    }
}
