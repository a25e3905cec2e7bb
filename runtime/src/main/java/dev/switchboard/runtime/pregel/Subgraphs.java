package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a graph inside a task of another: as a node (the child reads the parent's channels of the
 * same names and its final state is written back the same way) or from a node's code through
 * {@code NodeContext.invoke}. The child checkpoints under a namespace of its own,
 * {@code node:taskId}, with the parent's checkpointer and thread, so the two never overwrite each
 * other; since task ids are deterministic, a resumed parent task finds its child where it paused.
 */
final class Subgraphs {
    private Subgraphs() {}

    /** A subgraph node: returns the parent's writes, or the command the child sent to the parent. */
    static Object runNode(RunScope parent, ChannelState parentState, Execution execution, PregelGraph<?, ?, ?> child) {
        Task task = execution.task;
        PregelLoop loop = start(parent, task, child, 0);
        Object input = loop.hasState() ? resumeInput(parent, task, loop) : mapInput(parent, parentState, loop);
        try {
            loop.runLoaded(input);
        } catch (ParentCommand command) {
            return command.command();
        }
        pauseIfPaused(loop, execution);
        return mapOutput(parent.spec, loop);
    }

    /** {@code NodeContext.invoke}: the child's output, typed. */
    static <O> GraphOutput<O> invoke(
            RunScope parent, Execution execution, CompiledGraph<?, ?, O> graph, StateUpdate input) {
        if (!(graph instanceof PregelGraph<?, ?, ?> child)) {
            throw new IllegalArgumentException("NodeContext.invoke runs generated graphs; got " + graph);
        }
        Task task = execution.task;
        PregelLoop loop = start(parent, task, child, execution.counters().subgraphCalls++);
        Object value = loop.runLoaded(loop.hasState() ? resumeInput(parent, task, loop) : input);
        pauseIfPaused(loop, execution);
        @SuppressWarnings("unchecked")
        O output = (O) value;
        return new GraphOutput<>(output);
    }

    /** A subgraph's namespace: its parent's, plus {@code node:taskId} (and the call number, after the first). */
    static List<String> namespace(RunScope parent, Task task, int call) {
        List<String> namespace = new ArrayList<>(parent.namespacePath);
        namespace.add(task.name + ":" + task.id() + (call == 0 ? "" : ":" + call));
        return namespace;
    }

    private static PregelLoop start(RunScope parent, Task task, PregelGraph<?, ?, ?> child, int call) {
        child.checkSubgraphContext(parent.config);
        List<String> namespace = namespace(parent, task, call);
        EventSink sink = parent.config.streamSubgraphs()
                ? new NamespacedSink(parent.rootSink, namespace)
                : new MessagesOnly(parent.rootSink);
        PregelLoop loop = child.childLoop(parent, namespace, sink);
        loop.load();
        return loop;
    }

    /**
     * A child that already has state under this task's namespace is resumed, not restarted. Only a
     * child that waits at an interrupt takes the parent's resume value: a child whose run finished
     * before the task paused elsewhere would drop it, and the task's own interrupt would pause again.
     */
    private static Object resumeInput(RunScope parent, Task task, PregelLoop child) {
        Map<String, ?> byId = parent.resumes.byId();
        if (!byId.isEmpty()) {
            return Command.resumeAll(byId);
        }
        if (!child.waitsAtInterrupt()) {
            return null;
        }
        Object resume = parent.resumes.take(task, task.resumes().size());
        return resume == Resumes.NONE ? null : Command.resume(resume);
    }

    private static void pauseIfPaused(PregelLoop loop, Execution execution) {
        if (loop.paused()) {
            execution.counters().interruptsRaised++;
            throw new NodeInterrupt(loop.interrupts());
        }
    }

    /** The child's input: the parent's channels with the names of the child's input components. */
    private static StoredInput mapInput(RunScope parent, ChannelState parentState, PregelLoop child) {
        List<Integer> channels = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        GraphSpec c = child.spec();
        int schema = c.schemaIndex(c.input);
        for (int slot : c.slots[schema]) {
            if (slot < 0) {
                continue;
            }
            Integer from = parent.spec.channelIndex.get(c.channels[slot].name());
            if (from != null && parent.spec.isStreamChannel[from]) {
                Channel source = parentState.channels()[from];
                if (source.isAvailable()) {
                    channels.add(slot);
                    values.add(source.get());
                }
            }
        }
        return new StoredInput(channels.stream().mapToInt(Integer::intValue).toArray(), values.toArray());
    }

    /** The parent's writes: the child's final output channels, by name, where the parent has them. */
    private static StoredInput mapOutput(GraphSpec parent, PregelLoop child) {
        List<Integer> channels = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        GraphSpec c = child.spec();
        int schema = c.schemaIndex(c.output);
        for (int slot : c.slots[schema]) {
            if (slot < 0 || !child.channels()[slot].isAvailable()) {
                continue;
            }
            Integer to = parent.channelIndex.get(c.channels[slot].name());
            if (to != null && parent.isStreamChannel[to]) {
                channels.add(to);
                values.add(child.channels()[slot].get());
            }
        }
        return new StoredInput(channels.stream().mapToInt(Integer::intValue).toArray(), values.toArray());
    }

    /**
     * Passes a subgraph's message chunks and tool calls to the parent's sink when subgraphs are not
     * streamed: LangGraph streams model tokens (each naming its namespace) and tool calls (as the
     * parent's) from any depth, both coming from callbacks rather than the graph's own events.
     */
    private record MessagesOnly(EventSink parent) implements EventSink {
        @Override
        public boolean wants(StreamMode mode) {
            return (mode == StreamMode.MESSAGES || mode == StreamMode.TOOLS) && parent.wants(mode);
        }

        @Override
        public void accept(StreamPart<?> part) {
            parent.accept(part);
        }
    }

    /** Passes a subgraph's events to the parent's sink, wrapped with the subgraph's namespace. */
    private record NamespacedSink(EventSink parent, List<String> namespace) implements EventSink {
        @Override
        public boolean wants(StreamMode mode) {
            return parent.wants(mode);
        }

        @Override
        public void accept(StreamPart<?> part) {
            parent.accept(new StreamPart.Namespaced<>(namespace, part));
        }
    }
}
