package dev.switchboard.server.runs;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ServedGraph;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Executes one claimed run on the calling thread: its config (under its control, with the
 * checkpointer its queue gives the claim), where it starts (its input, or the checkpoint an earlier
 * attempt left), its stream parts turned into events; then hands the run's end to the pipeline,
 * which records it.
 */
final class RunExecutor {
    private final Registry registry;
    private final CheckpointSaver saver;
    private final LocalRunQueue local;
    /** Records each execution's end. */
    private final RunPipeline outcomes;
    /** The room runs executing here count on. */
    private final RunMemory memory;

    RunExecutor(Registry registry, CheckpointSaver saver, LocalRunQueue local, RunPipeline outcomes, RunMemory memory) {
        this.memory = memory;
        this.registry = registry;
        this.saver = saver;
        this.local = local;
        this.outcomes = outcomes;
    }

    void execute(Execution e) {
        // the run's keys for every line logged while it runs here, a node's own ones included
        String[] mdc = RunMdc.enter(e.run);
        try {
            long counted;
            try {
                counted = memory.acquire(RunMemory.cost(e.run.bodyBytes()), e.control);
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt();
                outcomes.finish(e, null, null); // the server is closing: it records nothing
                return;
            }
            try {
                executeCounted(e);
            } finally {
                memory.release(counted);
            }
        } finally {
            RunMdc.restore(mdc);
        }
    }

    private void executeCounted(Execution e) {
        RunRow run = e.run;
        run.status(RunStatus.RUNNING); // the shared queue's claim stored it so, for other JVMs
        if (!e.here) { // a run its own request waits for keeps no events (see EventMapper#unwatched)
            e.events.add("metadata", Json.object().put("run_id", run.id()).put("attempt", e.claim.attempt()));
        }
        EventMapper events = new EventMapper(e);
        try {
            Resumption from = e.claim.resumed() ? resumption(run) : Resumption.INPUT;
            RunConfig config = RunConfigs.of(run, e.claim.attempt(), from == Resumption.INPUT)
                    .withControl(e.control)
                    .withCheckpointer(e.queue.saver(e.claim, saver));
            if (from == Resumption.DONE || resumesNothing(run)) {
                outcomes.finish(e, null, null);
                return;
            }
            Consumer<StreamPart<Object>> sink = p -> {
                if (e.control.cancelled()) {
                    throw new CancellationException("the run was stopped");
                }
                events.emit(p);
            };
            if (from == Resumption.CHECKPOINT) {
                run.graph().graph().streamTo((StateUpdate) null, config, sink, modes(run));
            } else {
                stream(run, config, sink);
            }
            events.end();
            outcomes.finish(e, null, events.endValues());
        } catch (RuntimeException | Error t) {
            if (ClaimLost.in(t)) {
                outcomes.stops().lost(e); // its queue row is another server's now: leave the outcome to that one
            } else if (e.control.cancelled()) {
                outcomes.finish(e, null, null); // stopped: the stop already recorded it, or it records nothing
            } else {
                outcomes.finish(e, t, null);
            }
        }
    }

    /**
     * A resume of a thread that is not waiting on an interrupt runs nothing (LangGraph answers with
     * the thread's values and writes no checkpoint).
     */
    private static boolean resumesNothing(RunRow run) {
        JsonNode cmd = run.request().command();
        if (cmd == null || !cmd.has("resume") || cmd.has("goto") || cmd.has("update")) {
            return false;
        }
        StateSnapshot<Object> s = run.graph().graph().getState(RunConfig.thread(run.threadId()));
        return s.interrupts().isEmpty();
    }

    /** Where a run continues: from its input, from the checkpoint it last wrote, or nowhere. */
    private enum Resumption {
        INPUT,
        CHECKPOINT,
        DONE
    }

    /**
     * A resumed run whose thread's last checkpoint it wrote itself continues from there (its
     * finished tasks' writes are kept, so only unfinished tasks run again, and a step whose tasks all
     * finished is committed), or is done when that checkpoint ended the graph or stopped at an
     * interrupt; otherwise nothing of it was committed and it starts from its input like a new run.
     */
    private static Resumption resumption(RunRow run) {
        StateSnapshot<Object> s = run.graph().graph().getState(RunConfig.thread(run.threadId()));
        Object writer = s.metadata() == null ? null : s.metadata().extra().get("run_id");
        if (!run.id().equals(writer)) {
            return Resumption.INPUT;
        }
        // not s.next(): it leaves out the tasks whose writes are stored, and when those are all of
        // the step's tasks the step is still to be committed (else their writes would be lost)
        return s.tasks().isEmpty() || !s.interrupts().isEmpty() ? Resumption.DONE : Resumption.CHECKPOINT;
    }

    /**
     * Runs the graph on this thread, its events straight to {@code sink}: a worker or a waiting
     * request thread has nothing else to do meanwhile, so a thread driving the run would only add a
     * hand-off per event.
     */
    private static void stream(RunRow run, RunConfig config, Consumer<StreamPart<Object>> sink) {
        ServedGraph g = run.graph();
        if (run.request().command() != null) {
            Command<StateUpdate> cmd = g.command(run.request().command());
            g.graph().streamTo(cmd, config, sink, modes(run));
            return;
        }
        JsonNode input = run.request().input();
        StateUpdate update = input == null || input.isNull() ? null : g.input(input, config);
        g.graph().streamTo(update, config, sink, modes(run));
    }

    private static StreamMode[] modes(RunRow run) {
        if (run.protocol()) {
            // the thread protocol's channels: everything its mapper turns into events
            return new StreamMode[] {
                StreamMode.VALUES,
                StreamMode.UPDATES,
                StreamMode.CUSTOM,
                StreamMode.TASKS,
                StreamMode.CHECKPOINTS,
                StreamMode.MESSAGES,
                StreamMode.TOOLS
            };
        }
        Set<String> asked = run.request().streamModes();
        EnumSet<StreamMode> m = EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES);
        for (String a : asked) {
            switch (a) {
                case "custom" -> m.add(StreamMode.CUSTOM);
                case "tools" -> m.add(StreamMode.TOOLS);
                case "debug" -> m.add(StreamMode.DEBUG);
                case "tasks", "events" -> m.add(StreamMode.TASKS);
                case "checkpoints" -> m.add(StreamMode.CHECKPOINTS);
                case "messages", "messages-tuple" -> m.add(StreamMode.MESSAGES);
                default -> {}
            }
        }
        return m.toArray(StreamMode[]::new);
    }
}
