package dev.switchboard.runtime.pregel;

import java.util.Collection;

/**
 * The one wording of "no such node" errors, wherever a node is named at run or build time (builder
 * settings, interrupts, {@code updateState}'s {@code asNode}, {@code Command} gotos, {@code Send}
 * targets, stored sends): a lead naming the culprit, then the graph's nodes sorted by name so that a
 * typo is easy to spot. The leads of {@code updateState} and interrupts keep LangGraph's sentences
 * because callers match on them.
 */
final class UnknownNode {
    private UnknownNode() {}

    /** {@code "<context> unknown node 'name'; known nodes: a, b, c"}. */
    static String message(String context, String name, Collection<String> known) {
        return withKnown(context + " unknown node '" + name + "'", known);
    }

    /** {@code "<lead>; known nodes: a, b, c"}, for leads whose wording LangGraph fixes. */
    static String withKnown(String lead, Collection<String> known) {
        if (known.isEmpty()) {
            return lead + "; the graph has no nodes";
        }
        return lead + "; known nodes: "
                + String.join(", ", known.stream().sorted().toList());
    }
}
