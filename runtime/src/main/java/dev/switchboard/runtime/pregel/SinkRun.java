package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hands a run's parts to a consumer as they are made, on the thread that makes them, one at a time
 * (parallel tasks emit from their own threads). A consumer that throws is given nothing more and
 * stops the run at the next superstep boundary, as closing a stream early does: its exception
 * must not fail the node that happened to emit the part.
 */
final class SinkRun implements EventSink {
    private final int modes;
    private final Consumer<? super StreamPart<?>> sink;
    private final Cancellation cancellation;
    private Throwable failure;

    SinkRun(Set<StreamMode> modes, Consumer<? super StreamPart<?>> sink, Cancellation cancellation) {
        this.modes = EventSink.mask(modes);
        this.sink = sink;
        this.cancellation = cancellation;
    }

    @Override
    public boolean wants(StreamMode mode) {
        return (modes & (1 << mode.ordinal())) != 0;
    }

    @Override
    public synchronized void accept(StreamPart<?> part) {
        if (failure != null) {
            return;
        }
        try {
            sink.accept(part);
        } catch (RuntimeException | Error e) {
            failure = e;
            cancellation.cancel();
        }
    }

    /** Throws what the consumer threw, if it did: the run's own outcome then no longer matters. */
    synchronized void rethrowConsumerFailure() {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }
}
