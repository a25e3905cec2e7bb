package dev.switchboard.server.api;

import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.WebhookTable;
import dev.switchboard.server.runs.Outcome;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunOptions;
import dev.switchboard.server.wire.WebhookPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls a run's {@code webhook} when the run ends (a cron's runs carry their cron's): a POST of the
 * run as {@code GET} answers it, with the thread's {@code values} after it and {@code
 * webhook_sent_at}, and the run id as its {@code Idempotency-Key} header. The call is written to
 * the server's {@link WebhookTable} in the transaction that stores the run's end (on PostgreSQL's
 * shared queue; on this JVM's queue just after it), then made off the run's path by
 * whichever server of the database takes it first, so a call waiting for its retry survives a
 * restart or a crash of the server that ran the run: it is made at least once, and a receiver
 * tells a repeated call by its key. A call that fails (no answer, or a status other than 2xx) is
 * tried again after 1, 2, 4... seconds, five times in all; redirects are not followed. Every URL
 * passes the server's {@link WebhookPolicy} when the run is created and its host's addresses again
 * before each call.
 */
public final class Webhooks implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Webhooks.class);
    /** Calls per run end, the first included. */
    static final int ATTEMPTS = 5;
    /** The header naming the run a call tells of: the same on every call of one run end. */
    public static final String IDEMPOTENCY_HEADER = "Idempotency-Key";
    /** How long a taken call is the taker's: past the longest call (5 s to connect, 10 s to answer). */
    private static final long HOLD_MILLIS = 30_000;
    /** How many due calls one pass takes. */
    private static final int BATCH = 8;

    private final WebhookPolicy policy;
    private final long firstRetryMillis;
    private final long pollMillis;
    private final WebhookTable table;
    private volatile java.util.function.UnaryOperator<String> outward = id -> id;
    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "switchboard-webhooks");
        t.setDaemon(true);
        return t;
    });

    /**
     * A sender; {@link #start} starts taking the calls due.
     *
     * @param policy which URLs may be called
     * @param firstRetry the wait before the second call, doubled for each next one
     * @param poll how often the table is looked at for calls due (others' retries included)
     * @param table the calls not made yet
     */
    public Webhooks(WebhookPolicy policy, Duration firstRetry, Duration poll, WebhookTable table) {
        this.policy = policy;
        this.firstRetryMillis = firstRetry.toMillis();
        this.pollMillis = Math.max(1, poll.toMillis());
        this.table = table;
    }

    /**
     * How a stored thread id is named to the thread's owner (owner-scoped thread ids, see {@code
     * auth.ThreadIds}): a call names the thread as its owner does, looked up when the call is made
     * (never in the transaction that stores the run's end, which holds a connection).
     *
     * @param outward the stored id to the owner's; the id itself when there is no owner
     * @return this sender
     */
    public Webhooks threadIds(java.util.function.UnaryOperator<String> outward) {
        this.outward = java.util.Objects.requireNonNull(outward, "outward");
        return this;
    }

    /** Starts taking the calls due, now and every poll interval. */
    public void start() {
        sender.scheduleWithFixedDelay(this::pass, 0, pollMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Checks a run request's webhook against the policy (a {@link RunStarter} check).
     *
     * @param options the request's options
     * @throws ApiException 422 when the policy refuses it
     */
    public void check(RunOptions options) {
        if (options.webhook() != null) {
            policy.check(options.webhook());
        }
    }

    /**
     * Writes the call of a run's webhook, if it has one, now that it ended, and wakes the sender (a
     * run listener of the pipeline).
     *
     * @param run the run
     * @param outcome how it ended
     */
    public void ended(RunRow run, Outcome outcome) {
        String url = run.options().webhook();
        if (url == null) {
            return;
        }
        table.add(run.id(), url, body(run, outcome), System.currentTimeMillis()); // kept if written already
        wake(0);
    }

    /**
     * The call of a run's webhook, to be written in the transaction that stores its end (on the
     * shared run queue), so that it is there exactly when the end is: {@link #ended} then finds it
     * written and only wakes the sender.
     *
     * @param run the run
     * @param outcome how it ended
     * @return its first call, or null when the run has no webhook
     */
    public WebhookTable.Delivery call(RunRow run, Outcome outcome) {
        String url = run.options().webhook();
        return url == null ? null : new WebhookTable.Delivery(run.id(), url, body(run, outcome), 0);
    }

    /** The run as {@code GET} answers it once ended (before this JVM shows the end), with its values. */
    private static ObjectNode body(RunRow run, Outcome outcome) {
        ObjectNode body = run.json();
        body.put("status", outcome.status().wireName());
        body.set("values", outcome.values());
        return body;
    }

    private void wake(long delayMillis) {
        try {
            sender.schedule(this::pass, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            // closing: the call stays in the table for the next server
        }
    }

    /** Makes the calls due; a failure of the table waits for the next pass. */
    private void pass() {
        try {
            List<WebhookTable.Delivery> due;
            while (!(due = table.claim(System.currentTimeMillis(), HOLD_MILLIS, BATCH)).isEmpty()) {
                due.forEach(this::send);
            }
        } catch (RuntimeException e) {
            LOG.warn("taking the webhook calls due failed: {}", e.getMessage());
        }
    }

    private void send(WebhookTable.Delivery d) {
        String failure;
        try {
            URI uri = policy.check(d.url());
            policy.checkAddresses(uri.getHost());
            ObjectNode body = d.body();
            String thread = Json.text(body, "thread_id");
            if (thread != null) {
                body.put("thread_id", outward.apply(thread));
            }
            body.put("webhook_sent_at", Instant.now().toString());
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .header(IDEMPOTENCY_HEADER, d.runId())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(Json.bytes(body)))
                    .build();
            int status =
                    http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2) {
                table.done(d);
                return;
            }
            failure = "status " + status;
        } catch (ApiException e) {
            LOG.warn("webhook of run {} not sent: {}", d.runId(), e.getMessage());
            table.done(d);
            return;
        } catch (IOException e) {
            failure = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // closing: the call is due again once its hold is over
        }
        if (d.attempt() >= ATTEMPTS) {
            LOG.warn(
                    "webhook of run {} to {} failed {} times, the last with {}; given up",
                    d.runId(),
                    d.url(),
                    d.attempt(),
                    failure);
            table.done(d);
            return;
        }
        long wait = firstRetryMillis << (d.attempt() - 1);
        LOG.info("webhook of run {} failed ({}); trying again in {} ms", d.runId(), failure, wait);
        table.failed(d, System.currentTimeMillis() + wait);
        wake(wait);
    }

    @Override
    public void close() {
        sender.shutdownNow();
    }
}
