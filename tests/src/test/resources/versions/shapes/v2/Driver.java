package upgrade;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.tests.versions.VersionDriver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Drives version 2 of the drawing: {@code say("circle 1")} draws a circle of radius 1. */
public final class Driver implements VersionDriver {
    private static DrawGraph graph(CheckpointSaver saver) {
        return DrawGraph.builder(new Draw()).checkpointer(saver).build();
    }

    private static Shape shape(String text) {
        String[] w = text.split(" ");
        double size = Double.parseDouble(w[1]);
        return w[0].equals("circle") ? new Round(size) : new Square(size);
    }

    @Override
    public Outcome say(CheckpointSaver saver, String thread, String text) {
        graph(saver).invoke(DrawingUpdate.of().shapes(List.of(shape(text))), RunConfig.thread(thread));
        return state(saver, thread);
    }

    @Override
    public Outcome resume(CheckpointSaver saver, String thread, Object value) {
        throw new UnsupportedOperationException("the drawing never pauses");
    }

    @Override
    public Outcome state(CheckpointSaver saver, String thread) {
        StateSnapshot<Drawing> s = graph(saver).getState(RunConfig.thread(thread));
        return new Outcome(values(s.values()), s.next(), Map.of(), s.config().checkpointId().orElse(null));
    }

    @Override
    public List<Map<String, Object>> history(CheckpointSaver saver, String thread) {
        return graph(saver).getStateHistory(RunConfig.thread(thread)).stream()
                .map(s -> Map.<String, Object>copyOf(values(s.values())))
                .toList();
    }

    @Override
    public String update(CheckpointSaver saver, String thread, String message, String asNode) {
        return graph(saver)
                .updateState(RunConfig.thread(thread), DrawingUpdate.of().shapes(List.of(shape(message))), asNode)
                .checkpointId()
                .orElseThrow();
    }

    private static Map<String, String> values(Drawing d) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("shapes", String.valueOf(d.shapes()));
        out.put("last", String.valueOf(d.last()));
        return out;
    }
}
