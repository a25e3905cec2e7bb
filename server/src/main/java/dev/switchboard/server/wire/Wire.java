package dev.switchboard.server.wire;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.error.GraphException;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** LangGraph Server's JSON shapes of state snapshots, checkpoints and interrupts. */
public final class Wire {
    private Wire() {}

    /**
     * A state snapshot as LangGraph's {@code ThreadState}.
     *
     * @param g the graph
     * @param threadId the thread
     * @param s the snapshot
     * @return the JSON
     */
    public static ObjectNode state(ServedGraph g, String threadId, StateSnapshot<?> s) {
        ObjectNode out = Json.object();
        out.set("values", g.values(s.channels()));
        out.set("next", Json.tree(s.next()));
        ArrayNode tasks = out.putArray("tasks");
        for (StateSnapshot.PregelTask t : s.tasks()) {
            tasks.add(task(g, t));
        }
        ObjectNode md = metadata(s.metadata() == null ? Map.of() : s.metadata().asMap());
        out.set("metadata", md);
        out.put("created_at", s.createdAt() == null ? null : s.createdAt().toString());
        out.set("checkpoint", checkpoint(threadId, s.checkpointId().orElse(null), true));
        out.set(
                "parent_checkpoint",
                s.parentCheckpointId() == null
                        ? Json.MAPPER.nullNode()
                        : checkpoint(threadId, s.parentCheckpointId(), true));
        return out;
    }

    private static ObjectNode metadata(Map<String, Object> map) {
        ObjectNode md = (ObjectNode) Json.tree(map);
        if (!md.has("parents")) {
            md.putObject("parents");
        }
        return md;
    }

    private static ObjectNode task(ServedGraph g, StateSnapshot.PregelTask t) {
        ObjectNode o = Json.object();
        o.put("id", t.id());
        o.put("name", t.name());
        o.set("path", Json.tree(t.path()));
        if (t.error() == null) {
            o.putNull("error");
        } else {
            o.put("error", t.error().type() + ": " + t.error().message());
        }
        o.set("interrupts", interrupts(t.interrupts()));
        o.putNull("checkpoint");
        o.putNull("state");
        o.set("result", t.writes() == null ? Json.MAPPER.nullNode() : g.values(t.writes()));
        return o;
    }

    /**
     * A checkpoint's config as LangGraph writes it.
     *
     * @param threadId the thread
     * @param checkpointId the checkpoint
     * @param withMap whether to add {@code checkpoint_map: null}
     * @return the JSON
     */
    public static ObjectNode checkpoint(String threadId, String checkpointId, boolean withMap) {
        ObjectNode c = Json.object();
        c.put("thread_id", threadId);
        c.put("checkpoint_ns", "");
        c.put("checkpoint_id", checkpointId);
        if (withMap) {
            c.putNull("checkpoint_map");
        }
        return c;
    }

    /**
     * Interrupts as {@code [{id, value}]}.
     *
     * @param list the interrupts
     * @return the JSON
     */
    public static ArrayNode interrupts(List<Interrupt> list) {
        ArrayNode out = Json.array();
        for (Interrupt i : list) {
            ObjectNode o = out.addObject();
            o.put("id", i.id());
            o.set("value", Json.tree(i.value()));
        }
        return out;
    }

    /**
     * A thread's {@code interrupts}: each pending task's id mapped to the interrupts it raised.
     *
     * @param s the thread's snapshot
     * @return the JSON
     */
    public static ObjectNode threadInterrupts(StateSnapshot<?> s) {
        ObjectNode out = Json.object();
        for (StateSnapshot.PregelTask t : s.tasks()) {
            out.set(t.id(), interrupts(t.interrupts()));
        }
        return out;
    }

    /**
     * A run's failure as LangGraph's {@code {error, message}}.
     *
     * @param e the failure
     * @return the JSON
     */
    public static ObjectNode error(Throwable e) {
        ObjectNode o = Json.object();
        // a run streamed from another thread rethrows its NodeException as a copy caused by the
        // original; one run on this thread throws the original itself: both answer the original
        Throwable root = e instanceof NodeException && e.getCause() instanceof NodeException ? e.getCause() : e;
        // what the server itself rejects (an input it cannot read) is LangGraph.js's plain Error
        o.put("error", root instanceof ApiException ? "Error" : root.getClass().getSimpleName());
        o.put(
                "message",
                told(root) ? String.valueOf(root.getMessage()) : "the run failed; the server's log says where");
        return o;
    }

    /**
     * Whether a failure's message may reach the client: a node's own exception (what LangGraph
     * answers), the runtime's and the server's rules. A database's or a library's (storing a
     * checkpoint, say) may quote SQL and other threads' data, and stays in the log, without it.
     */
    private static boolean told(Throwable e) {
        if (e instanceof dev.switchboard.checkpoint.jdbc.CheckpointStoreException) {
            return false;
        }
        return e instanceof NodeException
                || e instanceof GraphException
                || e instanceof ApiException
                || e instanceof java.util.concurrent.CancellationException;
    }
}
