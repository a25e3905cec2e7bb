package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;

/** The conformance suite on the reference saver, which defines the semantics. */
class MemorySaverConformanceTest extends CheckpointSaverConformance {
    @Override
    protected CheckpointSaver open() {
        return new MemorySaver();
    }
}
