package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.util.Map;
import java.util.Set;

/**
 * The mutable twin of a {@link RunConfig}: each {@code with...} method copies the configuration into
 * one, changes a field and freezes it again, so the settings are listed once, here.
 */
final class RunConfigBuilder {
    String threadId;
    String checkpointId;
    int recursionLimit = RunConfig.DEFAULT_RECURSION_LIMIT;
    Durability durability = Durability.SYNC;
    Map<String, Object> metadata = Map.of();
    Map<String, Object> configurable = Map.of();
    Set<String> interruptBefore;
    Set<String> interruptAfter;
    boolean streamSubgraphs;
    Object context;
    String checkpointNamespace = "";
    Map<String, Object> threadMetadata = Map.of();
    RunControl control;
    CheckpointSaver checkpointer;

    RunConfigBuilder() {}

    RunConfigBuilder(RunConfig c) {
        threadId = c.threadId;
        checkpointId = c.checkpointId;
        recursionLimit = c.recursionLimit;
        durability = c.durability;
        metadata = c.metadata;
        configurable = c.configurable;
        interruptBefore = c.interruptBefore;
        interruptAfter = c.interruptAfter;
        streamSubgraphs = c.streamSubgraphs;
        context = c.context;
        checkpointNamespace = c.checkpointNamespace;
        threadMetadata = c.threadMetadata;
        control = c.control;
        checkpointer = c.checkpointer;
    }

    RunConfig build() {
        return new RunConfig(this);
    }
}
