package dev.switchboard.runtime;

import java.util.Objects;

/**
 * A graph that a node of another graph runs as a subgraph, as the annotation processor knew it at
 * compile time: where it runs (its namespace, the node names from the outer graph down, joined by
 * {@code |} as LangGraph joins them) and what it reads and writes. Servers answer LangGraph's {@code
 * GET /assistants/{id}/subgraphs} with these. Get them from {@link CompiledGraph#subgraphs()}.
 *
 * @param namespace the subgraph node's name, under its enclosing subgraph nodes' ({@code
 *     middle|inner})
 * @param graph the subgraph's name
 * @param inputJsonSchema the JSON Schema of its input
 * @param outputJsonSchema the JSON Schema of its output
 */
public record SubgraphSchema(String namespace, String graph, String inputJsonSchema, String outputJsonSchema) {
    /**
     * Checks the fields.
     *
     * @param namespace the namespace
     * @param graph the graph's name
     * @param inputJsonSchema its input's JSON Schema
     * @param outputJsonSchema its output's JSON Schema
     */
    public SubgraphSchema {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(inputJsonSchema, "inputJsonSchema");
        Objects.requireNonNull(outputJsonSchema, "outputJsonSchema");
    }
}
