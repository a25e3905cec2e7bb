package dev.switchboard.conformance;

import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Our results of a functional workflow in the shapes the JS harness records them: a workflow's state
 * and output are its entrypoint's return value itself (not a map of channels), and an update of the
 * entrypoint or a task is {@code {name: value}}, with LangGraph's {@code "__metadata__": {"cached":
 * true}} on a result replayed from its record.
 */
public final class Workflows {
    private Workflows() {}

    /** An invoke result: the value, or only {@code __interrupt__} while paused. */
    public static Object output(GraphOutput<?> out) {
        if (out.paused()) {
            return Map.of("__interrupt__", Oracle.interrupts(out.interrupts()));
        }
        return out.value();
    }

    /** A snapshot as the harness's {@code snap()} records it. */
    public static Map<String, Object> snapshot(StateSnapshot<?> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.values());
        m.put("next", s.next());
        m.put("step", s.metadata() == null ? null : s.metadata().step());
        m.put("source", s.metadata() == null ? null : s.metadata().source().wireName());
        m.put("checkpoint_id", s.checkpointId().orElse(null));
        m.put("parent_checkpoint_id", s.parentCheckpointId());
        m.put("tasks", s.tasks().stream().map(Workflows::task).toList());
        m.put("interrupts", Oracle.interrupts(s.interrupts()));
        return m;
    }

    /** The brief snapshot several scenarios record. */
    public static Map<String, Object> brief(StateSnapshot<?> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.values());
        m.put("next", s.next());
        m.put("step", s.metadata().step());
        m.put("source", s.metadata().source().wireName());
        m.put("tasks", s.tasks().stream().map(StateSnapshot.PregelTask::name).toList());
        m.put("interrupts", Oracle.interrupts(s.interrupts()));
        return m;
    }

    private static Map<String, Object> task(StateSnapshot.PregelTask t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", t.name());
        m.put("path", t.path());
        if (t.error() != null) {
            m.put("error", Map.of("name", t.error().type(), "message", t.error().message()));
        }
        if (t.writes() != null) {
            m.put("result", t.writes().get(ReservedNames.RETURN));
        }
        if (!t.interrupts().isEmpty()) {
            m.put("interrupts", Oracle.interrupts(t.interrupts()));
        }
        return m;
    }

    /** One stream event in LangGraph's shape for a workflow. */
    public static Object chunk(StreamPart<?> part) {
        if (part instanceof StreamPart.Updates<?> u && u.isReturn()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(u.node(), u.writes().get(ReservedNames.RETURN));
            if (u.cached()) {
                m.put("__metadata__", Map.of("cached", true));
            }
            return m;
        }
        if (part instanceof StreamPart.Values<?> v) {
            return v.state();
        }
        return Oracle.chunk(part);
    }

    /** Events of one mode. */
    public static List<Object> chunks(Stream<? extends StreamPart<?>> parts) {
        try (parts) {
            return parts.map(Workflows::chunk).toList();
        }
    }

    /** Events of several modes as {@code [mode, chunk]} pairs. */
    public static List<List<Object>> modes(Stream<? extends StreamPart<?>> parts) {
        try (parts) {
            return parts.map(p -> Arrays.<Object>asList(p.mode().name().toLowerCase(Locale.ROOT), chunk(p)))
                    .toList();
        }
    }
}
