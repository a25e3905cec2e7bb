package dev.switchboard.tests.sends;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

record Basket(List<String> items, @Reducer(Append.class) List<String> done) {}

/** The payload of {@code pack}. */
record Item(String name) {}

/**
 * A route that cannot declare one payload type (it sends to two nodes that take different ones)
 * and a Command, both built with the generated typed factories.
 */
class Packing {
    @Node
    @Edge(from = START)
    BasketUpdate start(Basket b) {
        return BasketUpdate.of();
    }

    @Route(
            from = "start",
            to = {"pack", "count"})
    List<Send<?>> fanOut(Basket b) {
        List<Send<?>> out = new java.util.ArrayList<>();
        b.items().forEach(i -> out.add(PackingGraph.Sends.pack(new Item(i))));
        out.add(PackingGraph.Sends.count(b.items().size()));
        return out;
    }

    @Node
    BasketUpdate pack(Item item) {
        return BasketUpdate.of().done(List.of("packed " + item.name()));
    }

    @Node(destinations = "label")
    Command<BasketUpdate> count(int n) {
        return Command.update(BasketUpdate.of().done(List.of("counted " + n)))
                .andSend(PackingGraph.Sends.label(List.of("fragile", "heavy")));
    }

    @Node
    BasketUpdate label(List<String> labels) {
        return BasketUpdate.of().done(List.of("labelled " + String.join("+", labels)));
    }
}

class TypedSendsTest {
    @Test
    void typedFactoriesSendEachNodeItsOwnPayload() {
        PackingGraph graph = PackingGraph.builder(new Packing()).build();
        Basket out =
                graph.invoke(BasketUpdate.of().items(List.of("tea", "jam"))).value();
        assertEquals(List.of("packed tea", "packed jam", "counted 2", "labelled fragile+heavy"), out.done());
    }

    @Test
    void aFactoryNamesItsNodeAndKeepsThePayload() {
        Send<Item> send = PackingGraph.Sends.pack(new Item("tea"));
        assertEquals("pack", send.node());
        assertEquals(new Item("tea"), send.payload());
        Send<Integer> count = PackingGraph.Sends.count(3);
        assertEquals(Integer.valueOf(3), count.payload());
    }
}
