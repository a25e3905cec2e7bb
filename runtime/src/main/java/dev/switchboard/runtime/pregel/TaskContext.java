package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.managed.ManagedContext;

/** The {@link NodeContext} of one task, which also serves as the managed values' context. */
final class TaskContext implements NodeContext, ManagedContext {
    private final PregelLoop loop;
    private final String node;
    private final int step;

    TaskContext(PregelLoop loop, String node, int step) {
        this.loop = loop;
        this.node = node;
        this.step = step;
    }

    @Override
    public RunConfig config() {
        return loop.config;
    }

    @Override
    public String node() {
        return node;
    }

    @Override
    public int step() {
        return step;
    }

    @Override
    public int stop() {
        return loop.stop;
    }

    @Override
    public int recursionLimit() {
        return loop.config.recursionLimit();
    }

    @Override
    public int remainingSteps() {
        return loop.stop - step;
    }

    @Override
    public void emit(Object value) {
        if (loop.sink.wants(StreamMode.CUSTOM)) {
            loop.sink.accept(new StreamPart.Custom<>(node, value));
        }
    }

    @Override
    public String toString() {
        return "NodeContext[" + node + " @ step " + step + "]";
    }
}
