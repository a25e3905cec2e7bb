package upgrade;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.tests.versions.VersionDriver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Drives version 2 of the ledger: {@code say("250")} books 250 cents. */
public final class Driver implements VersionDriver {
    private static BookGraph graph(CheckpointSaver saver) {
        return BookGraph.builder(new Book()).checkpointer(saver).build();
    }

    @Override
    public Outcome say(CheckpointSaver saver, String thread, String text) {
        graph(saver).invoke(LedgerUpdate.of().amounts(List.of(Long.parseLong(text))), RunConfig.thread(thread));
        return state(saver, thread);
    }

    @Override
    public Outcome resume(CheckpointSaver saver, String thread, Object value) {
        throw new UnsupportedOperationException("the ledger never pauses");
    }

    @Override
    public Outcome state(CheckpointSaver saver, String thread) {
        StateSnapshot<Ledger> s = graph(saver).getState(RunConfig.thread(thread));
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
                .updateState(RunConfig.thread(thread), LedgerUpdate.of().amounts(List.of(Long.parseLong(message))), asNode)
                .checkpointId()
                .orElseThrow();
    }

    /** Each value with its class, so that a promotion shows in what the test compares. */
    private static Map<String, String> values(Ledger l) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("amounts", typed(l.amounts()));
        out.put("count", typed(l.count()));
        out.put("rate", typed(l.rate()));
        out.put("cents", typed(l.cents()));
        out.put("note", typed(l.note()));
        out.put("place", String.valueOf(l.place()));
        return out;
    }

    private static String typed(Object v) {
        if (v instanceof List<?> list) {
            return list.stream().map(Driver::typed).toList().toString();
        }
        return v == null ? "null" : v + ":" + v.getClass().getSimpleName();
    }
}
