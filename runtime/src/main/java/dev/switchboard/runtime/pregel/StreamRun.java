package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.error.GraphException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Bridges a run on a driver thread to a {@link Stream} consumed on the caller's thread. The queue
 * is unbounded so that node threads never block on a slow or departed consumer.
 *
 * @param <S> the state record type
 */
final class StreamRun<S> implements EventSink {
    private static final Object END = new Object();

    private final int modes;
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();

    StreamRun(Set<StreamMode> modes) {
        this.modes = EventSink.mask(modes);
    }

    @Override
    public boolean wants(StreamMode mode) {
        return (modes & (1 << mode.ordinal())) != 0;
    }

    @Override
    public void accept(StreamPart<?> part) {
        queue.add(part);
    }

    Stream<StreamPart<S>> start(Supplier<Object> body, Cancellation cancellation) {
        RuntimePools.STREAMS.execute(() -> {
            try {
                body.get();
                queue.add(END);
            } catch (Throwable e) {
                queue.add(new Failure(e));
            }
        });
        Iterator<StreamPart<S>> it = new Iterator<>() {
            private Object next;

            @Override
            public boolean hasNext() {
                if (next == null) {
                    next = take();
                }
                if (next instanceof Failure f) {
                    next = END;
                    throw f.rethrow();
                }
                return next != END;
            }

            @Override
            @SuppressWarnings("unchecked")
            public StreamPart<S> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Object part = next;
                next = null;
                return (StreamPart<S>) part;
            }
        };
        return StreamSupport.stream(
                        Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL), false)
                .onClose(cancellation::cancel);
    }

    private Object take() {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the next stream event", e);
        }
    }

    /**
     * A failure of the driver thread, thrown on the consumer's: the exception raised there has only
     * the driver's frames, and the consumer needs its own to see which call failed.
     */
    private record Failure(Throwable error) {
        RuntimeException rethrow() {
            if (error instanceof GraphException g) {
                GraphException copy = g.rethrownHere();
                if (copy != g) {
                    return copy;
                }
            }
            if (error instanceof RuntimeException || error instanceof Error) {
                // Not ours to copy (no reflection): keep the type, attach the consumer's frames.
                error.addSuppressed(new ConsumerFrames());
                if (error instanceof Error e) {
                    throw e;
                }
                return (RuntimeException) error;
            }
            return new IllegalStateException(error);
        }
    }

    /** The consumer's stack, attached to a run failure that cannot be copied. */
    static final class ConsumerFrames extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConsumerFrames() {
            super("rethrown to the stream's consumer on thread '"
                    + Thread.currentThread().getName() + "'");
        }
    }
}
