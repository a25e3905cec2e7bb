package dev.switchboard.runtime.pregel;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Deterministic task ids: the same graph, superstep, node and task path always give the same id,
 * so that a task can be recognised again when a run resumes.
 */
final class TaskIds {
    private TaskIds() {}

    static String of(String scope, int step, String node, int pushIndex) {
        String key =
                scope + '\u0000' + step + '\u0000' + node + '\u0000' + (pushIndex < 0 ? "pull" : "push" + pushIndex);
        return UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
