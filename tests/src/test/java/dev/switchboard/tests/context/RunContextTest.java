package dev.switchboard.tests.context;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.reducer.Append;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a tenant-scoped subgraph needs of the run context. */
interface Tenant {
    String tenant();
}

/** The run context: who runs, for which tenant, and a secret that must never reach a checkpoint. */
record Caller(String userId, String tenant, String apiKey) implements Tenant {}

/** A visit log every node appends to, and the tenant stamp. */
record Visit(@Reducer(Append.class) List<String> log, String tenantStamp) {}

/** What the stamp subgraph gives back. */
record StampOnly(String tenantStamp) {}

/** Stamps the tenant: declares the narrower context type, which a {@link Caller} is. */
@Graph(context = Tenant.class, output = StampOnly.class)
class TenantStamp {
    @Node
    @Edge(from = START)
    VisitUpdate stamp(Visit s, Tenant tenant) {
        return VisitUpdate.of().tenantStamp("tenant " + tenant.tenant());
    }
}

/** Greets the caller by parameter, audits through NodeContext, then runs the stamp subgraph. */
@Graph(context = Caller.class)
class Greeter {
    private final TenantStampGraph stamp =
            TenantStampGraph.builder(new TenantStamp()).build();

    @Node
    @Edge(from = START)
    VisitUpdate greet(Visit s, Caller caller) {
        return VisitUpdate.of().log(List.of("hello " + caller.userId()));
    }

    @Node
    @Edge(from = "greet")
    VisitUpdate audit(Visit s, NodeContext ctx) {
        return VisitUpdate.of().log(List.of("audit " + ctx.context(Caller.class).userId()));
    }

    @Node
    @Edge(from = "audit")
    TenantStampGraph stamp() {
        return stamp;
    }
}

/** Declares no context, yet calls a graph that needs one: caught at run time, as the processor cannot see it. */
class Careless {
    private final TenantStampGraph stamp =
            TenantStampGraph.builder(new TenantStamp()).build();

    @Node
    @Edge(from = START)
    VisitUpdate call(Visit s, NodeContext ctx) {
        ctx.invoke(stamp, VisitUpdate.of());
        return VisitUpdate.of();
    }
}

/**
 * The typed run context ({@code @Graph(context = ...)}): nodes receive it by parameter and through
 * {@link NodeContext#context}, subgraphs inherit it when its type fits theirs, runs without it
 * fail before their first step, and it is never checkpointed.
 */
class RunContextTest {
    private static final Caller ANA = new Caller("ana", "acme", "sk-secret-123");

    @Test
    void nodesAndSubgraphsReceiveTheRunContext() {
        GreeterGraph graph = GreeterGraph.builder(new Greeter()).build();

        Visit out = graph.invoke(
                        VisitUpdate.of().log(List.of("in")),
                        RunConfig.defaults().withContext(ANA))
                .value();

        assertEquals(new Visit(List.of("in", "hello ana", "audit ana"), "tenant acme"), out);
        // The generated typed overload passes it the same way.
        assertEquals(
                out,
                graph.invoke(VisitUpdate.of().log(List.of("in")), RunConfig.defaults(), ANA)
                        .value());
    }

    @Test
    void aRunWithoutTheDeclaredContextFailsBeforeItsFirstStep() {
        MemorySaver saver = new MemorySaver();
        GreeterGraph graph =
                GreeterGraph.builder(new Greeter()).checkpointer(saver).build();

        GraphException e =
                assertThrows(GraphException.class, () -> graph.invoke(VisitUpdate.of(), RunConfig.thread("t-missing")));

        assertEquals(ErrorCode.MISSING_CONTEXT, e.code().orElseThrow());
        assertEquals(
                "graph 'Greeter' declares a run context of type dev.switchboard.tests.context.Caller; pass one with"
                        + " RunConfig.withContext(...) or invoke(input, config, context)",
                e.getMessage());
        assertEquals(List.of(), saver.list("t-missing", "", ListOptions.ALL), "nothing ran, nothing was stored");
        GraphException streamed = assertThrows(
                GraphException.class,
                () -> graph.stream(VisitUpdate.of(), RunConfig.thread("t-missing"))
                        .toList());
        assertEquals(ErrorCode.MISSING_CONTEXT, streamed.code().orElseThrow());
    }

    @Test
    void aContextOfAnotherTypeIsRejected() {
        GreeterGraph graph = GreeterGraph.builder(new Greeter()).build();

        GraphException e = assertThrows(
                GraphException.class,
                () -> graph.invoke(VisitUpdate.of(), RunConfig.defaults().withContext("ana")));

        assertEquals(ErrorCode.MISSING_CONTEXT, e.code().orElseThrow());
        assertEquals(
                "graph 'Greeter' declares a run context of type dev.switchboard.tests.context.Caller, but the run's"
                        + " context is a java.lang.String; pass a dev.switchboard.tests.context.Caller",
                e.getMessage());
    }

    @Test
    void theContextIsNeverCheckpointedSoAResumedRunNeedsItAgain() {
        MemorySaver saver = new MemorySaver();
        GreeterGraph graph =
                GreeterGraph.builder(new Greeter()).checkpointer(saver).build();
        RunConfig thread = RunConfig.thread("t-secret").withContext(ANA);
        graph.invoke(VisitUpdate.of().log(List.of("in")), thread);

        for (String ns : saver.namespaces("t-secret")) {
            for (CheckpointTuple t : saver.list("t-secret", ns, ListOptions.ALL)) {
                assertFalse(t.metadata().toString().contains(ANA.apiKey()));
                assertFalse(t.checkpoint().toString().contains(ANA.apiKey()));
                for (Blob b : t.blobs()) {
                    assertFalse(new String(b.data(), StandardCharsets.UTF_8).contains(ANA.apiKey()));
                }
            }
        }
        GraphException e = assertThrows(GraphException.class, () -> graph.resume(RunConfig.thread("t-secret")));
        assertEquals(ErrorCode.MISSING_CONTEXT, e.code().orElseThrow());
    }

    @Test
    void aSubgraphNeedingAContextTheParentRunLacksFailsNamingIt() {
        CarelessGraph graph = CarelessGraph.builder(new Careless()).build();

        GraphException cause = assertThrows(GraphException.class, () -> graph.invoke(VisitUpdate.of()));

        assertEquals(ErrorCode.MISSING_CONTEXT, cause.code().orElseThrow());
        assertEquals(
                "subgraph 'TenantStamp' declares a run context of type dev.switchboard.tests.context.Tenant, but its"
                        + " parent run has none; start the parent with RunConfig.withContext(...) holding a"
                        + " dev.switchboard.tests.context.Tenant",
                cause.getMessage());
    }
}
