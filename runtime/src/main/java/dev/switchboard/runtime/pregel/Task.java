package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.spi.WriteSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One node's task within a superstep: a pull task (triggered by channels) or a push task (one
 * {@code Send}), LangGraph's {@code PregelExecutableTask} without the code to run. It collects its
 * writes as parallel arrays of channel index and value, in the order the node produced them, and
 * keeps what is stored of it: how it ended, the interrupts it paused at and the resume values it
 * consumed. Running it is the run's business ({@link Execution}); a task knows nothing of runs, so
 * {@link ChannelState} can prepare and apply tasks below the run.
 */
final class Task implements WriteSink {
    private static final int[] NO_CHANNELS = new int[0];
    private static final Object[] NO_VALUES = new Object[0];
    private static final List<Object> NO_RESUMES = List.of();

    final int node;
    final String name;
    /** A push task's send index and payload; set anew when a spare push task is reused ({@link #reuse}). */
    int pushIndex;

    Object payload;
    final int[] triggers;
    /** What the id derives from; {@code null} for a task no checkpoint refers to. */
    private TaskIds.Scope ids;

    /** The writes' channels and values, allocated at the first write: most tasks write, but not all. */
    int[] writeChannels = NO_CHANNELS;

    Object[] writeValues = NO_VALUES;
    int writeCount;

    Throwable error;
    /** How the task ended; {@link Outcome#PENDING} until it has run or its writes were recovered. */
    Outcome outcome = Outcome.PENDING;
    /** What the node paused with; empty for a subgraph that stopped at a breakpoint. */
    List<Interrupt> interrupts = List.of();
    /** What few tasks have (resume values, durable steps, completed writes); created with the first. */
    private volatile Rare rare;

    private String id;

    private int[] currentSlots;

    /**
     * The fields most tasks never set, apart so that the task of the usual step is smaller: a
     * superstep allocates one task per node it runs.
     */
    private static final class Rare {
        /** Values that resume this task's interrupts, in call order. */
        List<Object> resumes;
        /** Whether this run's resume-by-id value for the task was used. */
        boolean resumedById;
        /**
         * The outcomes of the task's durable steps, by step number: recorded by this run or read
         * back from a checkpoint. Steps may finish on several threads, so access is synchronized.
         */
        List<StepRecord> steps;
        /**
         * The values as written, where {@link ChannelSpec#prepareWrite} completed them (gave
         * messages their ids). The node cache keeps these, so a cached result reused later is
         * completed afresh, as the node's own return would be.
         */
        Object[] unprepared;
    }

    /** The rare fields, created once even when a step's threads and the node's ask at once. */
    private synchronized Rare rare() {
        if (rare == null) {
            rare = new Rare();
        }
        return rare;
    }

    private Task(int node, String name, int pushIndex, Object payload, int[] triggers, TaskIds.Scope ids) {
        this.node = node;
        this.name = name;
        this.pushIndex = pushIndex;
        this.payload = payload;
        this.triggers = triggers;
        this.ids = ids;
    }

    static Task pull(int node, String name, int[] triggers, TaskIds.Scope ids) {
        return new Task(node, name, -1, null, triggers, ids);
    }

    /**
     * Whether this pull task can serve as its node's next pull task ({@link #reuse}): it ran and
     * its writes applied, with none of the rare fields (resumes, durable steps, completed writes)
     * that a stored or resumed task carries.
     */
    boolean reusable() {
        return outcome == Outcome.RAN && error == null && rare == null && interrupts.isEmpty();
    }

    /**
     * This {@link #reusable} task as a new task of its node with ids from {@code ids} (a push task
     * with send {@code pushIndex} of {@code payload}; a pull task keeps -1 and null): its write
     * arrays keep their size, so a node's next task allocates nothing. Only tasks of steps whose
     * barrier has passed are reused; nothing refers to them any more.
     */
    Task reuse(int pushIndex, Object payload, TaskIds.Scope ids) {
        this.pushIndex = pushIndex;
        this.payload = payload;
        this.ids = ids;
        outcome = Outcome.PENDING;
        id = null;
        currentSlots = null;
        return this;
    }

    /** Drops what this {@link #reusable} task refers to (payload, writes), so a spare task keeps no values alive. */
    void forget() {
        payload = null;
        Arrays.fill(writeValues, 0, writeCount, null);
        writeCount = 0;
    }

    /** The pseudo-task that carries a run's input writes: no triggers, so no new superstep. */
    static Task input() {
        return new Task(0, ReservedNames.START, -1, null, NO_CHANNELS, null);
    }

    /**
     * A task that applies given writes as a node's (updateState): no triggers of its own, and the
     * id of the node's pull task in {@code ids}, if it has one.
     */
    static Task synthetic(int node, String name, TaskIds.Scope ids) {
        return new Task(node, name, -1, null, NO_CHANNELS, ids);
    }

    static Task push(int node, String name, int index, Object payload, TaskIds.Scope ids) {
        return new Task(node, name, index, payload, NO_CHANNELS, ids);
    }

    /**
     * The task's id, derived from its checkpoint, namespace, step and path only when first asked:
     * a run that neither stores nor streams tasks never pays for the digest.
     */
    String id() {
        if (id == null && ids != null) {
            id = TaskIds.of(ids.checkpoint(), ids.namespace(), ids.step(), name, pushIndex);
        }
        return id;
    }

    /**
     * How a task ended, set once when it finishes: a failure is kept apart in {@code error}, since
     * a cached or handled task can still fail to store its writes.
     */
    enum Outcome {
        /** Not run yet. */
        PENDING,
        /** The node ran and its writes are its own. */
        RAN,
        /** The node paused (for input, or because a subgraph it ran paused); its writes were dropped. */
        PAUSED,
        /** The node failed and its writes came from its error handler. */
        HANDLED,
        /** The writes came from the node cache or were recovered from the checkpointer: the node did not run. */
        CACHED
    }

    /** Whether the task has run, or its writes were recovered from the checkpointer. */
    boolean done() {
        return outcome != Outcome.PENDING;
    }

    /** Whether the node paused (for input, or because a subgraph it ran paused). */
    boolean paused() {
        return outcome == Outcome.PAUSED;
    }

    /** Whether the node did not run because its writes were reused: LangGraph streams these as cached. */
    boolean cached() {
        return outcome == Outcome.CACHED;
    }

    boolean isPush() {
        return pushIndex >= 0;
    }

    /** Pull tasks in node-name order, then push tasks in send order: LangGraph's task path order. */
    static List<Task> applyOrder(List<Task> tasks) {
        if (tasks.size() <= 1 || !tasks.get(0).isPush()) {
            return tasks;
        }
        List<Task> order = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            if (!t.isPush()) {
                order.add(t);
            }
        }
        for (Task t : tasks) {
            if (t.isPush()) {
                order.add(t);
            }
        }
        return order;
    }

    /** Push tasks in send order, then pull tasks in node declaration order: LangGraph's {@code next}. */
    static List<Task> declarationOrder(List<Task> tasks) {
        List<Task> out = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            if (t.isPush()) {
                out.add(t);
            }
        }
        int pushes = out.size();
        for (Task t : tasks) {
            if (!t.isPush()) {
                out.add(t);
            }
        }
        out.subList(pushes, out.size()).sort(Comparator.comparingInt(t -> t.node));
        return out;
    }

    /** The tasks' node names, in the tasks' order. */
    static List<String> names(List<Task> tasks) {
        List<String> names = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            names.add(t.name);
        }
        return names;
    }

    /** The task's path as LangGraph shows it: {@code [__pregel_push, index, false]} or {@code [__pregel_pull, node]}. */
    List<Object> path() {
        return isPush() ? List.of(ReservedNames.PUSH, pushIndex, false) : List.of(ReservedNames.PULL, name);
    }

    /** Values that resume this task's interrupts, in call order: live objects or stored JSON. */
    List<Object> resumes() {
        return rare == null || rare.resumes == null ? NO_RESUMES : rare.resumes;
    }

    void addResume(Object value) {
        Rare r = rare();
        if (r.resumes == null) {
            r.resumes = new ArrayList<>(2);
        }
        r.resumes.add(value);
    }

    /** Whether this run's resume-by-id value for the task was used. */
    boolean resumedById() {
        return rare != null && rare.resumedById;
    }

    /** This run's resume-by-id value for the task was used: one per task and run. */
    void resumedById(boolean used) {
        rare().resumedById = used;
    }

    /** The recorded outcome of step number {@code number}, or {@code null} if none was recorded. */
    synchronized StepRecord step(int number) {
        List<StepRecord> steps = rare == null ? null : rare.steps;
        return steps == null || number >= steps.size() ? null : steps.get(number);
    }

    /** Records the outcome of step number {@code number}; steps that finish out of order leave gaps. */
    synchronized void recordStep(int number, StepRecord record) {
        Rare r = rare();
        if (r.steps == null) {
            r.steps = new ArrayList<>(4);
        }
        List<StepRecord> steps = r.steps;
        while (steps.size() <= number) {
            steps.add(null);
        }
        steps.set(number, record);
    }

    /** The recorded steps in number order, gaps left out: what a paused or failed task stores. */
    synchronized List<Map.Entry<Integer, StepRecord>> recordedSteps() {
        List<StepRecord> steps = rare == null ? null : rare.steps;
        if (steps == null) {
            return List.of();
        }
        List<Map.Entry<Integer, StepRecord>> out = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i) != null) {
                out.add(Map.entry(i, steps.get(i)));
            }
        }
        return out;
    }

    /** Sizes the write arrays for {@code capacity} writes before the first; 0 leaves them to the first write. */
    void reserve(int capacity) {
        if (capacity > 0 && writeCount == 0) {
            writeChannels = new int[capacity];
            writeValues = new Object[capacity];
        }
    }

    void add(int channel, Object value) {
        if (writeCount == writeChannels.length) {
            int capacity = Math.max(4, writeCount * 2);
            writeChannels = Arrays.copyOf(writeChannels, capacity);
            writeValues = Arrays.copyOf(writeValues, capacity);
        }
        writeChannels[writeCount] = channel;
        writeValues[writeCount] = value;
        writeCount++;
    }

    /** Drops what a task wrote before it paused: an interrupted node's writes never apply. */
    void discardWrites() {
        Arrays.fill(writeValues, 0, writeCount, null);
        writeCount = 0;
        if (rare != null) {
            rare.unprepared = null;
        }
    }

    /**
     * Completes writes {@code from} to the last with their channels' {@link
     * ChannelSpec#prepareWrite}, keeping what was written where it changed.
     */
    void prepareWrites(int from, ChannelSpec[] channels) {
        for (int i = from; i < writeCount; i++) {
            Object raw = writeValues[i];
            Object done = channels[writeChannels[i]].prepareWrite(raw);
            if (done != raw) {
                Rare r = rare();
                if (r.unprepared == null || r.unprepared.length < writeValues.length) {
                    r.unprepared = r.unprepared == null
                            ? new Object[writeValues.length]
                            : Arrays.copyOf(r.unprepared, writeValues.length);
                }
                r.unprepared[i] = raw;
                writeValues[i] = done;
            }
        }
    }

    /** Write {@code i} as the node wrote it, before {@link #prepareWrites} completed it. */
    Object writtenValue(int i) {
        Object[] unprepared = rare == null ? null : rare.unprepared;
        return unprepared != null && i < unprepared.length && unprepared[i] != null ? unprepared[i] : writeValues[i];
    }

    void mapping(int[] slots) {
        this.currentSlots = slots;
    }

    @Override
    public void write(int component, Object value) {
        int channel = currentSlots[component];
        if (channel < 0) {
            throw GraphSpec.broken("an update wrote managed component #" + component);
        }
        add(channel, value);
    }
}
