package dev.switchboard.server.api;

import dev.switchboard.server.rows.RunRow;
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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls a run's {@code webhook} when the run ends (a cron's runs carry their cron's): a POST of the
 * run as {@code GET} answers it, with the thread's {@code values} after it and {@code
 * webhook_sent_at}, sent by the server that finished the run, off the run's path. A call that
 * fails (no answer, or a status other than 2xx) is tried again after 1, 2, 4... seconds, five
 * times in all; redirects are not followed. Every URL passes the server's {@link WebhookPolicy}
 * when the run is created and its host's addresses again before each call.
 */
public final class Webhooks implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Webhooks.class);
    /** Calls per run end, the first included. */
    static final int ATTEMPTS = 5;

    private final WebhookPolicy policy;
    private final long firstRetryMillis;
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
     * A sender.
     *
     * @param policy which URLs may be called
     * @param firstRetry the wait before the second call, doubled for each next one
     */
    public Webhooks(WebhookPolicy policy, Duration firstRetry) {
        this.policy = policy;
        this.firstRetryMillis = firstRetry.toMillis();
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
     * Sends a run's webhook, if it has one, now that it ended (a run listener of the pipeline).
     *
     * @param run the run
     * @param outcome how it ended
     */
    public void ended(RunRow run, Outcome outcome) {
        String url = run.options().webhook();
        if (url == null) {
            return;
        }
        ObjectNode body = run.json();
        body.set("values", outcome.values());
        sender.execute(() -> send(run.id(), url, body, 1));
    }

    private void send(String runId, String url, ObjectNode body, int attempt) {
        String failure;
        try {
            URI uri = policy.check(url);
            policy.checkAddresses(uri.getHost());
            body.put("webhook_sent_at", Instant.now().toString());
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(Json.bytes(body)))
                    .build();
            int status =
                    http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2) {
                return;
            }
            failure = "status " + status;
        } catch (ApiException e) {
            LOG.warn("webhook of run {} not sent: {}", runId, e.getMessage());
            return;
        } catch (IOException e) {
            failure = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (attempt >= ATTEMPTS) {
            LOG.warn(
                    "webhook of run {} to {} failed {} times, the last with {}; given up",
                    runId,
                    url,
                    attempt,
                    failure);
            return;
        }
        long wait = firstRetryMillis << (attempt - 1);
        LOG.info("webhook of run {} failed ({}); trying again in {} ms", runId, failure, wait);
        sender.schedule(() -> send(runId, url, body, attempt + 1), wait, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        sender.shutdownNow();
    }
}
