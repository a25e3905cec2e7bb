package dev.switchboard.bench.linear;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;

/** W1 as a Switchboard graph: ten nodes in a chain, each counting and logging its name. */
public class Linear {
    /** Creates the nodes. */
    public Linear() {}

    private static ChainUpdate step(Chain s, String name) {
        return ChainUpdate.of().counter(LinearWork.next(s.counter())).log(List.of(name));
    }

    @Node
    @Edge(from = START)
    ChainUpdate n1(Chain s) {
        return step(s, "n1");
    }

    @Node
    @Edge(from = "n1")
    ChainUpdate n2(Chain s) {
        return step(s, "n2");
    }

    @Node
    @Edge(from = "n2")
    ChainUpdate n3(Chain s) {
        return step(s, "n3");
    }

    @Node
    @Edge(from = "n3")
    ChainUpdate n4(Chain s) {
        return step(s, "n4");
    }

    @Node
    @Edge(from = "n4")
    ChainUpdate n5(Chain s) {
        return step(s, "n5");
    }

    @Node
    @Edge(from = "n5")
    ChainUpdate n6(Chain s) {
        return step(s, "n6");
    }

    @Node
    @Edge(from = "n6")
    ChainUpdate n7(Chain s) {
        return step(s, "n7");
    }

    @Node
    @Edge(from = "n7")
    ChainUpdate n8(Chain s) {
        return step(s, "n8");
    }

    @Node
    @Edge(from = "n8")
    ChainUpdate n9(Chain s) {
        return step(s, "n9");
    }

    @Node
    @Edge(from = "n9")
    ChainUpdate n10(Chain s) {
        return step(s, "n10");
    }
}
