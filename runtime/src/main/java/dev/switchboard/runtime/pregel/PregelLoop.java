package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.GraphRecursionException;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One run of a graph: LangGraph's {@code PregelLoop}, the superstep lifecycle only. It loads the
 * thread's checkpoint, maps the input to writes (or prepares to resume), then runs supersteps (see
 * {@link #loop()}) until no task is left or the run pauses, and finishes by storing what the
 * checkpointer still needs. What a superstep does to channels is {@link ChannelState}'s; running its
 * tasks is {@link TaskRunner}'s; what is streamed is {@link RunEvents}'.
 */
final class PregelLoop {
    private final RunScope scope;
    private final GraphSpec spec;
    private final Persistence persistence;
    private final ChannelState state;
    private final Cursor cursor = new Cursor();
    private final RunEvents events;
    private final TaskWrites writes;
    private final TaskRunner runner;
    private final Breakpoints breakpoints;
    /** Where the graph keeps what a finished run leaves for the next; {@code null} for a subgraph's loop. */
    private final AtomicReference<RunSpares> spares;

    private List<Task> tasks = List.of();
    /**
     * The list every superstep's tasks are prepared into: a step's list is dropped when the next
     * step is prepared, so one list serves the whole run.
     */
    private final List<Task> stepTasks = new ArrayList<>();

    private int stop;
    private boolean replaying;
    private boolean paused;
    /** Whether tasks of the current step paused: their step's checkpoint is where the run resumes. */
    private boolean pausedInStep;

    private List<Interrupt> interrupts = List.of();

    /** A loop that takes its channel state from {@code spares}, if given, and gives it back there ({@link #release}). */
    PregelLoop(RunScope scope, Breakpoints breakpoints, AtomicReference<RunSpares> spares) {
        this.scope = scope;
        this.spares = spares;
        this.spec = scope.spec;
        this.persistence = scope.persistence;
        this.breakpoints = breakpoints;
        RunSpares spare = spares == null ? null : spares.getAndSet(null);
        this.state = spare == null ? new ChannelState(spec) : spare.state;
        this.events = new RunEvents(spec, scope.sink);
        this.writes = new TaskWrites(scope, state);
        this.runner = new TaskRunner(scope, state, writes, events, spare);
    }

    GraphSpec spec() {
        return spec;
    }

    Channel[] channels() {
        return state.channels();
    }

    boolean hasState() {
        return cursor.hasState;
    }

    boolean paused() {
        return paused;
    }

    List<Interrupt> interrupts() {
        return interrupts;
    }

    // ---------------------------------------------------------------- lifecycle

    /** Runs the graph with an input (a state update, a command, or {@code null} to resume). */
    Object run(Object input) {
        load();
        return runLoaded(input);
    }

    /** {@link #run} after {@link #load()}. */
    Object runLoaded(Object input) {
        Listeners listeners = scope.listeners;
        long started = 0;
        if (listeners != null) {
            started = System.nanoTime();
            if (persistence != null) {
                persistence.observe(listeners, scope.run);
            }
            listeners.runStarted(scope.run);
        }
        boolean ok = false;
        Throwable failure = null;
        try {
            first(input);
            loop();
            ok = true;
        } catch (RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            if (persistence != null) {
                finish(ok);
            }
            if (listeners != null) {
                listeners.runEnded(scope.run, started, failure, paused, interrupts);
            }
        }
        return state.readOutput();
    }

    /** Loads the thread's checkpoint (or the one the config names), if there is a checkpointer. */
    void load() {
        if (persistence == null) {
            return;
        }
        Optional<String> wanted = scope.config.checkpointId();
        Optional<CheckpointTuple> tuple = StoredState.find(persistence, wanted);
        replaying = wanted.isPresent() && !wanted.get().equals(persistence.head);
        tuple.ifPresent(t -> cursor.restore(t, state, persistence, null));
        if (!cursor.stranded.isEmpty()) {
            throw cursor.strandedNodes(persistence.threadId, spec.name);
        }
    }

    /**
     * The supersteps, LangGraph's {@code tick} and {@code after_tick}: prepare the next tasks; stop
     * if there are none or a breakpoint before them applies; run them; stop if one paused; apply
     * their writes at the barrier and store a checkpoint; stop if a breakpoint after them applies.
     */
    private void loop() {
        for (boolean first = true; ; first = false) {
            tasks = nextTasks();
            if (tasks.isEmpty()) {
                return;
            }
            if (first) {
                reuseStoredWrites();
            }
            if (pauseBefore()) {
                return;
            }
            runner.prepare(tasks, cursor, stop);
            if (scope.listeners != null) {
                scope.listeners.superstepStarted(scope.run, cursor.step, Task.names(tasks));
            }
            runner.runAll();
            if (anyTask(true) || anyTask(false)) {
                runner.storeDeferredWrites(); // no checkpoint follows to carry them
                throwFailures();
                if (pauseAtInterrupts()) {
                    return;
                }
            }
            finishStep();
            if (pauseAfter()) {
                return;
            }
        }
    }

    private List<Task> nextTasks() {
        scope.cancellation.check();
        if (cursor.step > stop) {
            throw new GraphRecursionException(scope.config.recursionLimit());
        }
        runner.recycle(); // the last step's barrier has passed: its tasks can serve this one
        stepTasks.clear();
        state.prepareTasks(true, cursor.taskIds(spec, persistence), stepTasks);
        events.checkpoint(cursor, state, stepTasks);
        return stepTasks;
    }

    /**
     * After {@link #run} and the output's read: leaves the channel state and executions to the
     * graph's next run, if this run stored nothing, streamed nothing and did not pause (then
     * nothing reads them later).
     */
    void release() {
        if (spares != null && persistence == null && !paused && !scope.nested && scope.sink == EventSink.NONE) {
            runner.recycle();
            spares.set(runner.spares(state.reset()));
        }
    }

    private void finishStep() {
        apply(Task.applyOrder(tasks), true);
        cursor.storedWrites = List.of();
        events.valuesIfChanged(state);
        putCheckpoint(Source.LOOP);
    }

    private void finish(boolean ok) {
        if (ok) {
            persistence.flush();
            if (pausedInStep) {
                putWritesAtExit(); // the interrupts, and the finished tasks a resume must not run again
            }
            return;
        }
        try {
            persistence.flush();
            putWritesAtExit();
        } catch (RuntimeException e) {
            // The run's own failure is the one to report; storing what it got done is best effort.
        }
    }

    /** With exit durability, stores the writes of the current step's finished (or paused) tasks. */
    private void putWritesAtExit() {
        for (Task t : tasks) {
            if (t.done()) {
                persistence.putWritesAtExit(cursor.checkpointId, t, t.id());
            }
        }
    }

    // ---------------------------------------------------------------- input

    /** LangGraph's {@code _first}: maps the input to writes, or prepares to resume. */
    private void first(Object input) {
        this.stop = cursor.step + scope.config.recursionLimit() + 1;
        if (input instanceof Command<?> command) {
            firstCommand(command);
        } else if (input == null) {
            if (!cursor.hasState) {
                throw new EmptyInputException(
                        "Received no input for " + ReservedNames.START + ": there is nothing to resume"
                                + (persistence == null ? " because the graph has no checkpointer" : " on this thread")
                                + "; pass an input");
            }
            resume();
        } else {
            Task inputTask = Task.input();
            inputTask.add(spec.startChannel, spec.workflow ? WorkflowGraph.inputValue(spec, input) : input);
            List<Task> order = List.of(inputTask); // a fresh thread's run: no list to grow
            if (cursor.hasState) {
                order = new ArrayList<>(prepareTasks()); // a new input discards the unfinished tasks
                order.add(inputTask);
            }
            apply(order, order.size() > 1);
            cursor.storedWrites = List.of();
            putCheckpoint(Source.INPUT);
        }
    }

    private void firstCommand(Command<?> command) {
        if (command.update().isEmpty() && command.gotos().isEmpty() && !command.resumes()) {
            throw new EmptyInputException("Received empty Command input: give it an update, a goto or a resume value");
        }
        if (command.resumes()) {
            scope.resumes.start(
                    command,
                    persistence,
                    cursor,
                    scope.nested,
                    () -> !prepareTasks().isEmpty());
        }
        Task input = Task.input();
        if (spec.workflow && (command.update().isPresent() || !command.gotos().isEmpty())) {
            throw new InvalidUpdateException(
                    "workflow '" + spec.name + "' takes a Command only to resume (Command.resume(value)): its state"
                            + " is its entrypoint's return value, which no update or goto can set",
                    null);
        }
        command.update().ifPresent(u -> writes.writeUpdate(input, u, ReservedNames.START));
        for (Object target : command.gotos()) {
            writes.writeGoto(input, target, ReservedNames.START);
        }
        if (input.writeCount > 0) {
            apply(List.of(input), false);
        }
        if (cursor.hasState) {
            resume();
        } else {
            putCheckpoint(Source.INPUT);
            events.values(state);
        }
    }

    /** Whether the loaded checkpoint has a task paused at an interrupt. */
    boolean waitsAtInterrupt() {
        return persistence != null && !Resumes.pending(persistence, cursor).isEmpty();
    }

    private void resume() {
        state.versions.markInterruptSeen();
        if (replaying && cursor.metadata.source() != Source.UPDATE && cursor.metadata.source() != Source.FORK) {
            cursor.storedWrites = List.of();
            putCheckpoint(Source.FORK);
        }
        events.values(state);
    }

    /** Tasks whose writes were stored before a failure or pause do not run again. */
    private void reuseStoredWrites() {
        if (cursor.storedWrites.isEmpty()) {
            return;
        }
        Map<String, StoredTask> stored = persistence.records.decode(cursor.storedWrites);
        for (Task t : tasks) {
            StoredTask s = stored.get(t.id());
            if (s != null && !s.pendingInterrupts().isEmpty()) {
                s.resumes.forEach(t::addResume);
            }
            if (s != null && !s.finished) {
                s.steps.forEach(t::recordStep); // a task that runs again replays its recorded steps
            }
            if (s != null && s.finished) {
                s.addWritesTo(t);
                // Writes stored before reducers completed them (an older version's messages without
                // ids) are completed now, so the step's delta replays to what this run applies.
                t.prepareWrites(0, spec.channels);
                t.outcome = Task.Outcome.CACHED; // LangGraph streams a reused update as cached: the node did not run
                if (t.node != 0) {
                    events.taskEnd(t, cursor.step);
                }
            }
        }
    }

    // ---------------------------------------------------------------- pauses

    private boolean pauseBefore() {
        if (!shouldInterrupt(breakpoints.before())) {
            return false;
        }
        applyFinished(); // LangGraph streams these values before a breakpoint's empty interrupt
        pause(List.of());
        return true;
    }

    private boolean pauseAtInterrupts() {
        if (!anyTask(false)) {
            return false; // the usual step: no list of interrupts, no second task order
        }
        List<Interrupt> raised = new ArrayList<>();
        for (Task t : Task.applyOrder(tasks)) {
            raised.addAll(t.interrupts);
        }
        pausedInStep = true;
        pause(raised);
        applyFinished(); // after the interrupt, as LangGraph streams them
        return true;
    }

    private boolean pauseAfter() {
        if (!shouldInterrupt(breakpoints.after())) {
            return false;
        }
        pause(List.of());
        return true;
    }

    /**
     * LangGraph's {@code should_interrupt}: a breakpoint applies if a channel changed since the last
     * pause was resumed and a task of the step runs one of the nodes.
     */
    private boolean shouldInterrupt(Breakpoints.Nodes nodes) {
        if (nodes.isEmpty() || !state.versions.changedSinceInterrupt()) {
            return false;
        }
        for (Task t : tasks) {
            if (nodes.matches(t.node)) {
                return true;
            }
        }
        return false;
    }

    private void pause(List<Interrupt> raised) {
        paused = true;
        interrupts = List.copyOf(raised);
        events.interrupted(interrupts);
    }

    /**
     * At a pause of the root graph, applies the writes of the step's tasks that finished (to this
     * run's channels only: the checkpoint keeps them as pending writes, so a resume neither runs
     * those tasks again nor applies their writes twice) and streams the values: LangGraph returns
     * and streams a paused run's state with its finished tasks' writes. A subgraph leaves that to
     * its parent, which re-enters it on resume.
     */
    private void applyFinished() {
        if (scope.nested) {
            return;
        }
        List<Task> finished = new ArrayList<>();
        for (Task t : Task.applyOrder(tasks)) {
            if (t.done() && !t.paused() && t.error == null && t.writeCount > 0) {
                finished.add(t);
            }
        }
        if (!finished.isEmpty()) {
            state.apply(finished, false, null);
            events.valuesIfChanged(state);
        }
    }

    // ---------------------------------------------------------------- barrier

    private void throwFailures() {
        if (anyTask(true)) {
            NodeFailures.throwFirst(Task.applyOrder(tasks), cursor.step);
        }
    }

    /** Whether a task of the step failed ({@code failed}) or paused (otherwise); no lambda per step. */
    private boolean anyTask(boolean failed) {
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            if (failed ? t.error != null : t.paused()) {
                return true;
            }
        }
        return false;
    }

    private List<Task> prepareTasks() {
        return state.prepareTasks(false, cursor.taskIds(spec, persistence));
    }

    private void apply(List<Task> ordered, boolean newStep) {
        state.apply(ordered, newStep, persistence);
    }

    private void putCheckpoint(Source source) {
        cursor.checkpoint(source, state, persistence, scope.config.metadata());
    }
}
