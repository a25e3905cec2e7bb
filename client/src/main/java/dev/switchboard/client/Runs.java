package dev.switchboard.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * The runs API ({@code client.runs} in the JS SDK). A {@code null} thread id runs statelessly
 * ({@code POST /runs...}). Thread-safe.
 */
public final class Runs {
    private final Http http;

    Runs(Http http) {
        this.http = http;
    }

    private static String runs(String threadId) {
        return threadId == null ? "runs" : "threads/" + Http.segment(threadId) + "/runs";
    }

    private static String run(String threadId, String runId) {
        return runs(Objects.requireNonNull(threadId, "threadId")) + "/" + Http.segment(runId);
    }

    /**
     * Starts a run in the background.
     *
     * @param threadId the thread, or {@code null} for a stateless run
     * @param assistantId the assistant (or graph id)
     * @param request the input and options
     * @return the run, as created
     */
    public Run create(String threadId, String assistantId, RunRequest request) {
        return new Run(http.post(runs(threadId), request.body(assistantId)));
    }

    /**
     * Runs and waits for the end, as {@code POST .../runs/wait}.
     *
     * @param threadId the thread, or {@code null} for a stateless run
     * @param assistantId the assistant (or graph id)
     * @param request the input and options
     * @return the run's output: the final values, with {@code __interrupt__} when it paused
     */
    public JsonNode waitFor(String threadId, String assistantId, RunRequest request) {
        return http.post(runs(threadId) + "/wait", request.body(assistantId));
    }

    /**
     * Runs and streams its events, as {@code POST .../runs/stream}: a {@code metadata} event with
     * the run id, then one per event of the requested modes.
     *
     * @param threadId the thread, or {@code null} for a stateless run
     * @param assistantId the assistant (or graph id)
     * @param request the input, stream modes and options
     * @return the events, read as the stream is consumed; close it to stop reading
     */
    public Stream<StreamEvent> stream(String threadId, String assistantId, RunRequest request) {
        return http.events("POST", runs(threadId) + "/stream", request.body(assistantId), Map.of());
    }

    /**
     * One run.
     *
     * @param threadId its thread
     * @param runId its id
     * @return the run
     */
    public Run get(String threadId, String runId) {
        return new Run(http.get(run(threadId, runId)));
    }

    /**
     * The thread's runs, newest first.
     *
     * @param threadId the thread
     * @param limit at most this many
     * @param offset skipping this many
     * @return the runs
     */
    public List<Run> list(String threadId, int limit, int offset) {
        List<Run> out = new ArrayList<>();
        http.get(runs(Objects.requireNonNull(threadId, "threadId"))
                        + Http.query(Map.of("limit", limit, "offset", offset)))
                .forEach(r -> out.add(new Run(r)));
        return List.copyOf(out);
    }

    /**
     * Waits for a run to end and gives its output, as {@code GET .../join}.
     *
     * @param threadId its thread
     * @param runId the run
     * @return the thread's values after the run
     */
    public JsonNode join(String threadId, String runId) {
        return http.get(run(threadId, runId) + "/join");
    }

    /**
     * Follows a run's events: from its first event, or from the one after {@code lastEventId}.
     *
     * @param threadId its thread
     * @param runId the run
     * @param lastEventId the id of the last event already seen, or {@code null}
     * @return the events; close the stream to stop
     */
    public Stream<StreamEvent> joinStream(String threadId, String runId, String lastEventId) {
        return http.events(
                "GET",
                run(threadId, runId) + "/stream",
                null,
                lastEventId == null ? Map.of() : Map.of("Last-Event-ID", lastEventId));
    }

    /**
     * Cancels a run.
     *
     * @param threadId its thread
     * @param runId the run
     * @param wait whether to wait until it has stopped
     * @param action {@code interrupt} (keep what it did) or {@code rollback} (delete it), or
     *     {@code null} for the server's default
     */
    public void cancel(String threadId, String runId, boolean wait, String action) {
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("wait", wait ? "true" : "false");
        q.put("action", action);
        http.post(run(threadId, runId) + "/cancel" + Http.query(q), null);
    }

    /**
     * Deletes a finished run.
     *
     * @param threadId its thread
     * @param runId the run
     */
    public void delete(String threadId, String runId) {
        http.send("DELETE", run(threadId, runId), null);
    }
}
