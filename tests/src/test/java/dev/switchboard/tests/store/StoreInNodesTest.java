package dev.switchboard.tests.store;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import java.util.Map;
import org.junit.jupiter.api.Test;

record Visit(String user, String answer) {}

/** Remembers a user's favourite colour across threads. */
class Remember {
    @Node
    @Edge(from = START)
    VisitUpdate recall(Visit v, NodeContext ctx) {
        Namespace ns = Namespace.of("users", v.user());
        return ctx.store()
                .get(ns, "prefs")
                .map(i -> VisitUpdate.of().answer("you like " + i.value().get("color")))
                .orElseGet(() -> {
                    ctx.store().put(ns, "prefs", Map.of("color", "blue"));
                    return VisitUpdate.of().answer("noted");
                });
    }
}

/** Runs {@link Remember} as a subgraph built without a store of its own. */
class Outer {
    private final RememberGraph child = RememberGraph.builder(new Remember()).build();

    @Node
    @Edge(from = START)
    VisitUpdate delegate(Visit v, NodeContext ctx) {
        return VisitUpdate.of()
                .answer(ctx.invoke(child, VisitUpdate.of().user(v.user()))
                        .value()
                        .answer());
    }
}

class StoreInNodesTest {
    @Test
    void nodesShareTheStoreAcrossThreads() {
        Store store = new InMemoryStore();
        RememberGraph graph = RememberGraph.builder(new Remember())
                .checkpointer(new MemorySaver())
                .store(store)
                .build();
        assertEquals(
                "noted",
                graph.invoke(VisitUpdate.of().user("ada"), RunConfig.thread("t1"))
                        .value()
                        .answer());
        assertEquals(
                "you like blue",
                graph.invoke(VisitUpdate.of().user("ada"), RunConfig.thread("t2"))
                        .value()
                        .answer());
        assertEquals(
                Map.of("color", "blue"),
                store.get(Namespace.of("users", "ada"), "prefs").orElseThrow().value());
    }

    @Test
    void aSubgraphWithoutAStoreUsesItsParents() {
        Store store = new InMemoryStore();
        store.put(Namespace.of("users", "bob"), "prefs", Map.of("color", "red"));
        OuterGraph graph = OuterGraph.builder(new Outer()).store(store).build();
        assertEquals(
                "you like red",
                graph.invoke(VisitUpdate.of().user("bob"), RunConfig.defaults())
                        .value()
                        .answer());
    }

    @Test
    void usingTheStoreWithoutOneNamesTheBuilderMethod() {
        RememberGraph graph = RememberGraph.builder(new Remember()).build();
        NodeException e = assertThrows(
                NodeException.class, () -> graph.invoke(VisitUpdate.of().user("x"), RunConfig.defaults()));
        IllegalStateException cause = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(
                "graph 'Remember' has no store: build it with .store(store) (for example .store(new InMemoryStore()))"
                        + " to use ctx.store() in its nodes",
                cause.getMessage());
    }
}
