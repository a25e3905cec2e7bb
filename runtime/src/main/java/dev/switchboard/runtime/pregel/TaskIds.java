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
