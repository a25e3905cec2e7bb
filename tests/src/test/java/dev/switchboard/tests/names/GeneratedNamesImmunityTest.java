package dev.switchboard.tests.names;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Join;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.OnError;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A state whose components are named after every parameter, local, field, method and nested type
 * the generators write ({@code XUpdate}, {@code XChannels}, {@code XGraph}), and a few a reader
 * would expect (update, config, ctx). Generated code must not mix them up with its own.
 */
record Names(
        @Reducer(Append.class) List<String> sink,
        String other,
        @Reducer(Sum.class) int of,
        String also,
        String schema,
        String writeTo,
        String next,
        String writes,
        String values,
        String read,
        String components,
        String recordType,
        String SCHEMA,
        String COMPONENTS,
        String MERMAID,
        String INPUT_JSON_SCHEMA,
        String OUTPUT_JSON_SCHEMA,
        String SPEC,
        String builder,
        String nodes,
        String node,
        String input,
        String context,
        String route,
        String state,
        String error,
        String ignored,
        String e,
        String self,
        String build,
        String mermaid,
        String inputJsonSchema,
        String outputJsonSchema,
        String payload,
        String update,
        String config,
        String ctx,
        String Sends,
        String Builder,
        String Dispatcher,
        @Reducer(Append.class) List<String> overwrite,
        String set,
        String index,
        String i) {}

/** Writes every component of {@link Names} with its own name, then reads them back. */
class NameWriter {
    @Node
    @Edge(from = START)
    NamesUpdate writeAll(Names s) {
        return NamesUpdate.of()
                .sink(List.of("sink"))
                .other("other")
                .of(1)
                .also("also")
                .schema("schema")
                .writeTo("writeTo")
                .next("next")
                .writes("writes")
                .values("values")
                .read("read")
                .components("components")
                .recordType("recordType")
                .SCHEMA("SCHEMA")
                .COMPONENTS("COMPONENTS")
                .MERMAID("MERMAID")
                .INPUT_JSON_SCHEMA("INPUT_JSON_SCHEMA")
                .OUTPUT_JSON_SCHEMA("OUTPUT_JSON_SCHEMA")
                .SPEC("SPEC")
                .builder("builder")
                .nodes("nodes")
                .node("node")
                .input("input")
                .context("context")
                .route("route")
                .state("state")
                .error("error")
                .ignored("ignored")
                .e("e")
                .self("self")
                .build("build")
                .mermaid("mermaid")
                .inputJsonSchema("inputJsonSchema")
                .outputJsonSchema("outputJsonSchema")
                .payload("payload")
                .update("update")
                .config("config")
                .ctx("ctx")
                .Sends("Sends")
                .Builder("Builder")
                .Dispatcher("Dispatcher")
                .overwrite(List.of("overwrite"))
                .set("set")
                .index("index")
                .i("i");
    }

    /** Reads what the first node wrote: the reducers add to it, the overwrite replaces. */
    @Node
    @Edge(from = "writeAll")
    NamesUpdate readBack(Names s) {
        return NamesUpdate.of()
                .sink(List.of(s.other(), s.values()))
                .of(s.Sends().length())
                .overwriteOverwrite(List.of(s.overwrite().get(0), s.input()));
    }
}

/** A payload type named like the generated factory class. */
record Sends(String text) {}

/**
 * The state of {@link Dispatcher}: named like the generated builder class, as the graph class is
 * named like the generated dispatcher.
 */
record Builder(@Reducer(Append.class) List<String> log) {}

/** Nodes, routes and a handler named after what the generated graph calls its own members. */
class Dispatcher {
    @Node
    @Edge(from = START)
    BuilderUpdate node(Builder s) {
        return BuilderUpdate.of().log(List.of("node"));
    }

    @Route(
            from = "node",
            to = {"context", "builder"})
    List<String> route(Builder s) {
        return List.of("context", "builder");
    }

    @Node
    BuilderUpdate context(Builder s, NodeContext context) {
        return BuilderUpdate.of().log(List.of("context"));
    }

    @Node
    BuilderUpdate builder(Builder s) {
        return BuilderUpdate.of().log(List.of("builder"));
    }

    @Node(destinations = {"input", "payload"})
    @Join({"context", "builder"})
    Command<BuilderUpdate> nodes(Builder s) {
        return Command.update(BuilderUpdate.of().log(List.of("nodes")))
                .andSend(DispatcherGraph.Sends.input(new Sends("a")), DispatcherGraph.Sends.payload(2));
    }

    @Node
    BuilderUpdate input(Sends input) {
        return BuilderUpdate.of().log(List.of("input:" + input.text()));
    }

    @Node
    BuilderUpdate payload(int payload) {
        throw new IllegalStateException("payload " + payload);
    }

    @OnError("payload")
    BuilderUpdate error(int payload, IllegalStateException error) {
        return BuilderUpdate.of().log(List.of("error:" + error.getMessage()));
    }

    @Node
    @Edge(from = "input")
    @Edge(from = "payload")
    BuilderUpdate state(Builder s) {
        return BuilderUpdate.of().log(List.of("state"));
    }

    @Route(
            from = "state",
            to = {"build", END})
    String self(Builder s) {
        return s.log().contains("build") ? END : "build";
    }

    @Node
    BuilderUpdate build(Builder s) {
        return BuilderUpdate.of().log(List.of("build"));
    }
}

class GeneratedNamesImmunityTest {
    @Test
    void componentsNamedLikeGeneratedMembersKeepTheirValues() {
        NameWriterGraph graph = NameWriterGraph.builder(new NameWriter())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("names");
        Names out = graph.invoke(NamesUpdate.of(), thread).value();
        assertEquals(List.of("sink", "other", "values"), out.sink());
        assertEquals(1 + "Sends".length(), out.of());
        assertEquals(List.of("overwrite", "input"), out.overwrite());
        List<String> strings = List.of(
                out.other(),
                out.also(),
                out.schema(),
                out.writeTo(),
                out.next(),
                out.writes(),
                out.values(),
                out.read(),
                out.components(),
                out.recordType(),
                out.SCHEMA(),
                out.COMPONENTS(),
                out.MERMAID(),
                out.INPUT_JSON_SCHEMA(),
                out.OUTPUT_JSON_SCHEMA(),
                out.SPEC(),
                out.builder(),
                out.nodes(),
                out.node(),
                out.input(),
                out.context(),
                out.route(),
                out.state(),
                out.error(),
                out.ignored(),
                out.e(),
                out.self(),
                out.build(),
                out.mermaid(),
                out.inputJsonSchema(),
                out.outputJsonSchema(),
                out.payload(),
                out.update(),
                out.config(),
                out.ctx(),
                out.Sends(),
                out.Builder(),
                out.Dispatcher(),
                out.set(),
                out.index(),
                out.i());
        List<String> expected = List.of(
                "other",
                "also",
                "schema",
                "writeTo",
                "next",
                "writes",
                "values",
                "read",
                "components",
                "recordType",
                "SCHEMA",
                "COMPONENTS",
                "MERMAID",
                "INPUT_JSON_SCHEMA",
                "OUTPUT_JSON_SCHEMA",
                "SPEC",
                "builder",
                "nodes",
                "node",
                "input",
                "context",
                "route",
                "state",
                "error",
                "ignored",
                "e",
                "self",
                "build",
                "mermaid",
                "inputJsonSchema",
                "outputJsonSchema",
                "payload",
                "update",
                "config",
                "ctx",
                "Sends",
                "Builder",
                "Dispatcher",
                "set",
                "index",
                "i");
        assertEquals(expected, strings);
        // Read back from the checkpoint, through the generated channel map.
        assertEquals(out, graph.getState(thread).values());
    }

    @Test
    void nodesRoutesAndTypesNamedLikeGeneratedMembersRunInOrder() {
        DispatcherGraph graph = DispatcherGraph.builder(new Dispatcher())
                .executor(Runnable::run)
                .build();
        Builder out = graph.invoke(BuilderUpdate.of()).value();
        assertEquals(
                List.of("node", "builder", "context", "nodes", "input:a", "error:payload 2", "state", "build"),
                out.log());
    }
}
