package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.StreamPart;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A run's events as a {@link Flow.Publisher} for one subscriber: the run starts on subscription
 * (as a {@link Stream} whose events are buffered), and a drain on the executor hands the subscriber
 * as many events as it requested, one at a time, following the reactive-streams rules (serial
 * signals, nothing after a terminal signal or cancellation, non-positive requests are errors).
 *
 * @param <S> the state record type
 */
final class RunPublisher<S> implements Flow.Publisher<StreamPart<S>> {
    private final Supplier<Stream<StreamPart<S>>> start;
    private final Executor executor;
    private final AtomicBoolean subscribed = new AtomicBoolean();

    RunPublisher(Supplier<Stream<StreamPart<S>>> start, Executor executor) {
        this.start = start;
        this.executor = executor;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super StreamPart<S>> subscriber) {
        if (subscriber == null) {
            throw new NullPointerException("subscriber");
        }
        if (!subscribed.compareAndSet(false, true)) {
            subscriber.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {}

                @Override
                public void cancel() {}
            });
            subscriber.onError(new IllegalStateException(
                    "this publisher streams one run to one subscriber; call streamAsync again for another"));
            return;
        }
        Stream<StreamPart<S>> stream;
        try {
            stream = start.get();
        } catch (RuntimeException e) {
            subscriber.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {}

                @Override
                public void cancel() {}
            });
            subscriber.onError(e);
            return;
        }
        new Delivery<>(subscriber, stream, executor).start();
    }

    private static final class Delivery<S> implements Flow.Subscription {
        private final Flow.Subscriber<? super StreamPart<S>> subscriber;
        private final Stream<StreamPart<S>> stream;
        private final Iterator<StreamPart<S>> events;
        private final Executor executor;
        private final AtomicLong demand = new AtomicLong();
        private final AtomicInteger pending = new AtomicInteger();
        private volatile boolean stopped;
        private final ConcurrentLinkedQueue<StreamPart<S>> buffer = new ConcurrentLinkedQueue<>();
        private volatile boolean ended;
        private volatile Throwable failure;
        private volatile Throwable badRequest;

        Delivery(Flow.Subscriber<? super StreamPart<S>> subscriber, Stream<StreamPart<S>> stream, Executor executor) {
            this.subscriber = subscriber;
            this.stream = stream;
            this.events = stream.iterator();
            this.executor = executor;
        }

        /**
         * onSubscribe runs on the subscribing thread while this holds the drain (pending = 1), so
         * requests made inside it only count and no signal can overlap it (rule 1.3).
         */
        void start() {
            pending.set(1);
            subscriber.onSubscribe(this);
            executor.execute(this::pump);
            if (pending.decrementAndGet() != 0) {
                executor.execute(this::drain);
            }
        }

        /** Reads the blocking stream ahead of demand, so its end or failure is seen without demand. */
        private void pump() {
            try {
                while (!stopped && events.hasNext()) {
                    buffer.add(events.next());
                    drainLater();
                }
            } catch (Throwable e) {
                failure = e;
            }
            ended = true;
            drainLater();
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                badRequest = new IllegalArgumentException("request(" + n + "): demand must be positive (rule 3.9)");
            } else {
                demand.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
            }
            drainLater();
        }

        @Override
        public void cancel() {
            if (!stopped) {
                stopped = true;
                stream.close(); // stops the run at its next superstep boundary
            }
        }

        private void drainLater() {
            if (pending.getAndIncrement() == 0) {
                executor.execute(this::drain);
            }
        }

        /** Runs on one thread at a time: {@code pending} admits a single drainer. */
        private void drain() {
            int missed = 1;
            do {
                deliver();
                missed = pending.addAndGet(-missed);
            } while (missed != 0);
        }

        private void deliver() {
            while (!stopped) {
                if (badRequest != null) {
                    stop();
                    subscriber.onError(badRequest);
                    return;
                }
                boolean done = ended;
                if (buffer.isEmpty()) {
                    if (done) {
                        stopped = true;
                        if (failure != null) {
                            subscriber.onError(failure);
                        } else {
                            subscriber.onComplete();
                        }
                    }
                    return;
                }
                if (demand.get() == 0) {
                    return;
                }
                StreamPart<S> next = buffer.poll();
                demand.decrementAndGet();
                try {
                    subscriber.onNext(next);
                } catch (RuntimeException e) {
                    stop(); // rule 2.13: a subscriber that throws has cancelled
                    throw e;
                }
            }
        }

        private void stop() {
            stopped = true;
            stream.close();
        }
    }
}
