package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.EventFeed;
import dev.switchboard.server.runs.RunEvents;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * The join streams that are not a thread's run's: {@code GET /threads/{id}/stream}, which follows a
 * thread (each of its runs' events in turn, a {@code run_done} event after each, and it stays open
 * for the runs to come, as LangGraph's thread stream does; {@code stream_mode} {@code run_modes},
 * {@code lifecycle} (only each run's {@code metadata} and {@code run_done}) or {@code state_update}
 * (only {@code values})), and {@code GET /runs/{run_id}/stream}, a run's stream by its id alone.
 * A thread stream's event ids are {@code <run id>:<n>}, so {@code Last-Event-ID} resumes it after
 * that event ({@code -}: from the oldest run whose events are still kept); without one it starts
 * with the runs not finished yet.
 */
final class ThreadJoins {
    /** How often a thread stream with nothing to follow looks for a new run. */
    private static final long POLL_MILLIS = 250;

    private final Registry registry;
    private final Threads threads;
    private final Runs runs;
    private final RunPipeline pipeline;

    ThreadJoins(Registry registry, Threads threads, Runs runs, RunPipeline pipeline) {
        this.registry = registry;
        this.threads = threads;
        this.runs = runs;
        this.pipeline = pipeline;
    }

    void routes(Router r) {
        r.add("GET", "/threads/{thread_id}/stream", this::thread);
        r.add("GET", "/runs/{run_id}/stream", this::run);
    }

    /** A run by its id alone, when the caller may see its thread (a stateless run's included). */
    RunRow visibleRun(String runId, String owner) {
        Threads.checkUuid(runId, "run_id");
        RunRow run = registry.run(runId);
        ThreadRow t = run == null ? null : registry.thread(run.threadId());
        if (t == null || !Objects.equals(t.owner(), owner)) {
            throw ApiException.notFound("Run with ID " + runId + " not found");
        }
        return run;
    }

    private void run(Exchange ex) {
        RunRow run = visibleRun(ex.param("run_id"), ex.owner());
        ex.header("Content-Location", RunStarter.location(run));
        runs.sse(ex, run, Runs.lastEventId(ex) + 1, Runs.flag(ex.query("cancel_on_disconnect")));
    }

    private enum Mode {
        RUN_MODES,
        LIFECYCLE,
        STATE_UPDATE
    }

    private void thread(Exchange ex) {
        ThreadRow t = threads.require(ex);
        String asked = ex.query("stream_mode");
        Mode mode = switch (asked == null ? "run_modes" : asked) {
            case "run_modes" -> Mode.RUN_MODES;
            case "lifecycle" -> Mode.LIFECYCLE;
            case "state_update" -> Mode.STATE_UPDATE;
            default ->
                throw ApiException.invalid(
                        "stream_mode",
                        "stream_mode must be run_modes, lifecycle or state_update, was \"" + asked + "\"");
        };
        Cursor cursor = cursor(t, ex.header("Last-Event-ID"));
        ex.stream("text/event-stream", out -> {
            try (out) {
                follow(t, mode, cursor, out);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                // the client went away: nothing to undo, the runs go on
            }
        });
    }

    /** Which runs a thread stream has done with, and where it resumes inside the next one. */
    private static final class Cursor {
        final Set<String> done = new HashSet<>();
        String resumeRun;
        int resumeFrom;
    }

    private Cursor cursor(ThreadRow t, String lastEventId) {
        Cursor c = new Cursor();
        List<RunRow> all = registry.runs(t.id());
        if (lastEventId == null || lastEventId.isBlank()) {
            all.stream().filter(RunRow::finished).forEach(r -> c.done.add(r.id()));
            return c;
        }
        if (lastEventId.strip().equals("-")) {
            return c;
        }
        String[] parts = lastEventId.strip().split(":");
        try {
            c.resumeRun = parts[0];
            c.resumeFrom = Integer.parseInt(parts[1]) + 1;
        } catch (RuntimeException e) {
            throw ApiException.invalid(
                    "Last-Event-ID", "Last-Event-ID must be an event id of this stream (<run id>:<n>) or \"-\"");
        }
        for (RunRow r : all) {
            if (r.id().equals(c.resumeRun)) {
                return c;
            }
            c.done.add(r.id());
        }
        c.done.clear(); // that run is gone: from the oldest kept
        c.resumeRun = null;
        return c;
    }

    private void follow(ThreadRow t, Mode mode, Cursor c, OutputStream out) throws IOException, InterruptedException {
        long idleSince = System.currentTimeMillis();
        while (true) {
            RunRow next = registry.runs(t.id()).stream()
                    .filter(r -> !c.done.contains(r.id()))
                    .findFirst()
                    .orElse(null);
            if (next != null) {
                int from = next.id().equals(c.resumeRun) ? c.resumeFrom : 0;
                stream(next, mode, from, out);
                c.done.add(next.id());
                idleSince = System.currentTimeMillis();
                continue;
            }
            if (registry.thread(t.id()) == null) {
                return; // deleted: nothing more will run on it
            }
            if (System.currentTimeMillis() - idleSince >= Runs.HEARTBEAT_MILLIS) {
                out.write(": heartbeat\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                idleSince = System.currentTimeMillis();
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** One run's events from id {@code from}, then its {@code run_done}; none for a run whose events are gone. */
    private void stream(RunRow run, Mode mode, int from, OutputStream out) throws IOException, InterruptedException {
        EventFeed feed = pipeline.feed(run);
        boolean any = false;
        int next = from;
        try {
            while (true) {
                boolean ended = feed.closed(); // before the read: see ThreadChannel's reader
                List<RunEvents.Event> batch = feed.after(next, ended ? 0 : Runs.HEARTBEAT_MILLIS);
                for (RunEvents.Event e : batch) {
                    any = true;
                    next = e.id() + 1;
                    if (shown(mode, e.name())) {
                        out.write(frame(run, e));
                    }
                }
                if (batch.isEmpty()) {
                    if (ended) {
                        break;
                    }
                    out.write(": heartbeat\n\n".getBytes(StandardCharsets.UTF_8));
                }
                out.flush();
            }
        } finally {
            feed.release();
        }
        if (any) { // its id follows its run's last event's: resuming after it goes on with the next run
            RunRow now = registry.run(run.threadId(), run.id()); // as stored now (another JVM may have run it)
            String status = (now != null ? now : run).status().wireName();
            ObjectNode done = Json.object().put("run_id", run.id()).put("status", status);
            out.write(frame(run, new RunEvents.Event(next, "run_done", Json.bytes(done))));
            out.flush();
        }
    }

    private static boolean shown(Mode mode, String event) {
        return switch (mode) {
            case RUN_MODES -> true;
            case LIFECYCLE -> event.equals("metadata") || event.equals("error");
            case STATE_UPDATE -> event.equals("values") || event.startsWith("values|");
        };
    }

    private static byte[] frame(RunRow run, RunEvents.Event e) {
        String text = "event: " + e.name() + "\ndata: " + new String(e.data(), StandardCharsets.UTF_8) + "\nid: "
                + run.id() + ":" + e.id() + "\n\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
