package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.nio.charset.StandardCharsets;

/**
 * Deterministic task ids: the same checkpoint, namespace, superstep, node and task path always give
 * the same id, so that a resumed run recognises the tasks whose writes were already stored.
 */
final class TaskIds {
    private TaskIds() {}

    /** Where the tasks of one superstep stand: their ids differ only by node and task path. */
    record Scope(String checkpoint, String namespace, int step) {}

    /**
     * The scopes of one graph's runs without a checkpointer, by step: the same for every such run
     * (the graph's name, no namespace), so each is made once and shared and a superstep allocates
     * none. Published racily: a scope is immutable, and a thread that does not see one yet makes an
     * equal one.
     */
    static final class Unstored {
        /** How many steps' scopes are kept; later steps get a fresh one each. */
        private static final int KEPT = 1024;

        private final String graph;
        private volatile Scope[] byStep;

        Unstored(String graph) {
            this.graph = graph;
        }

        Scope at(int step) {
            if (step < 0 || step >= KEPT) {
                return new Scope(graph, "", step);
            }
            Scope[] scopes = byStep;
            if (scopes == null) {
                scopes = new Scope[KEPT];
                byStep = scopes;
            }
            Scope s = scopes[step];
            if (s == null) {
                s = new Scope(graph, "", step);
                scopes[step] = s;
            }
            return s;
        }
    }

    static String of(String checkpointId, String namespace, int step, String node, int pushIndex) {
        String key = checkpointId
                + '\u0000'
                + namespace
                + '\u0000'
                + step
                + '\u0000'
                + node
                + '\u0000'
                + (pushIndex < 0 ? ReservedNames.PULL : ReservedNames.PUSH + pushIndex);
        return Digests.nameUuid(key.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
