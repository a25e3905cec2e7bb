package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.EmptyInputException;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * The resume values of one run and the ids they answer: a run resumed with one value hands it to
 * the first interrupt call that asks; a run resumed by id hands each task the value of its own
 * call's id. Interrupt ids are stable across resumes and distinct per call (see {@link
 * #interruptId}).
 */
final class Resumes {
    /** What {@link #take} returns when no value answers the call: the node pauses. */
    static final Object NONE = new Object();

    private final GraphSpec spec;
    private final String namespace;
    private final AtomicReference<Object> single = new AtomicReference<>(NONE);
    private Map<String, ?> byId = Map.of();

    Resumes(GraphSpec spec, String namespace) {
        this.spec = spec;
        this.namespace = namespace;
    }

    /**
     * Takes a resuming command's values for the run loaded at {@code cursor}, after checking that
     * the run can take them: it needs a checkpointer and a paused run. A thread whose last run
     * finished has nothing left to run, and resuming it would silently drop the value (a run
     * stopped at a breakpoint or by a failure still has tasks to run); subgraphs are resumed by
     * their parent, which knows better.
     */
    void start(Command<?> command, Persistence persistence, Cursor cursor, boolean nested, BooleanSupplier tasksLeft) {
        if (persistence == null) {
            throw new GraphException(
                    "Cannot resume without a checkpointer: build the graph with .checkpointer(...)",
                    ErrorCode.MISSING_CHECKPOINTER,
                    null);
        }
        if (!cursor.hasState) {
            throw new EmptyInputException("thread '" + persistence.threadId + "' has no paused run to resume");
        }
        List<Interrupt> pending = pending(persistence, cursor);
        if (!nested && pending.isEmpty() && !tasksLeft.getAsBoolean()) {
            throw new EmptyInputException("thread '" + persistence.threadId + "' has no paused run to resume: its"
                    + " last run finished, so nothing would take the resume value; start a new run with an input"
                    + " instead");
        }
        accept(command, pending);
    }

    /** The interrupts the tasks of the checkpoint at {@code cursor} are still paused at. */
    static List<Interrupt> pending(Persistence persistence, Cursor cursor) {
        List<Interrupt> pending = new ArrayList<>();
        persistence.records.decode(cursor.storedWrites).values().forEach(t -> pending.addAll(t.pendingInterrupts()));
        return pending;
    }

    /**
     * Takes a resuming command's values, given the interrupts still pending: by id, or one value
     * for the only pending interrupt.
     */
    void accept(Command<?> command, List<Interrupt> pending) {
        Optional<Map<String, ?>> values = command.resumeValues();
        if (values.isPresent()) {
            byId = values.get();
            return;
        }
        if (pending.size() > 1) {
            throw new GraphException("several interrupts are pending ("
                    + pending.stream().map(Interrupt::id).toList()
                    + "); resume them by id with Command.resumeAll(Map)");
        }
        single.set(command.resumeValue().orElseThrow());
    }

    /** The values by id, which a subgraph's run takes over from its parent's. */
    Map<String, ?> byId() {
        return byId;
    }

    /**
     * The value that resumes a task's interrupt call number {@code call}: by that call's id, or the
     * single resume value; {@link #NONE} if none does. Like LangGraph, a map that only holds the id
     * of the task's first call still answers a later call, so ids taken from an older pause keep
     * working.
     */
    Object take(Task task, int call) {
        if (!task.resumedById()) {
            Object value = byId.get(interruptId(task, call));
            if (value == null && call > 0) {
                value = byId.get(interruptId(task, 0));
            }
            if (value != null) {
                task.resumedById(true); // one value per task and run, like a single resume
                return value;
            }
        }
        return single.getAndSet(NONE);
    }

    /**
     * The id of a task's interrupt call number {@code call} (from 0): stable across resumes (the same
     * namespace, node, step and checkpoint give the same id) and distinct per call, so each of a
     * node's successive questions can be answered by id. LangGraph's rule: the first call hashes the
     * task's namespace, a later call the namespace with {@code "|" + call} appended.
     */
    String interruptId(Task task, int call) {
        return interruptId(namespace, spec.nodeNames[task.node], task.id(), call);
    }

    /** {@link #interruptId(Task, int)} of a task known by its namespace, node name and id. */
    static String interruptId(String namespace, String node, String taskId, int call) {
        String key = namespace + "|" + node + ":" + taskId;
        return Digests.sha256Hex(call == 0 ? key : key + "|" + call, 16);
    }
}
