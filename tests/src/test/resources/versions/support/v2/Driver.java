package upgrade;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.tests.versions.VersionDriver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Drives version 2. */
public final class Driver implements VersionDriver {
    private static SupportGraph graph(CheckpointSaver saver) {
        return SupportGraph.builder(new Support()).checkpointer(saver).build();
    }

    @Override
    public Outcome say(CheckpointSaver saver, String thread, String text) {
        graph(saver).invoke(ChatUpdate.of().messages(List.of(text)), RunConfig.thread(thread));
        return state(saver, thread);
    }

    @Override
    public Outcome resume(CheckpointSaver saver, String thread, Object value) {
        Command<ChatUpdate> command =
                value instanceof Map<?, ?> byId ? Command.resumeAll(cast(byId)) : Command.resume(value);
        graph(saver).invoke(command, RunConfig.thread(thread));
        return state(saver, thread);
    }

    @Override
    public Outcome resumeFrom(CheckpointSaver saver, String thread, String checkpointId, Object value) {
        graph(saver).invoke(Command.resume(value), RunConfig.thread(thread).withCheckpointId(checkpointId));
        return state(saver, thread);
    }

    @Override
    public Outcome state(CheckpointSaver saver, String thread) {
        StateSnapshot<Chat> s = graph(saver).getState(RunConfig.thread(thread));
        Map<String, Object> interrupts = new LinkedHashMap<>();
        s.interrupts().forEach(i -> interrupts.put(i.id(), i.value()));
        return new Outcome(values(s.values()), s.next(), interrupts, s.config().checkpointId().orElse(null));
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
                .updateState(RunConfig.thread(thread), ChatUpdate.of().messages(List.of(message)), asNode)
                .checkpointId()
                .orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> cast(Map<?, ?> byId) {
        return (Map<String, ?>) byId;
    }

    private static Map<String, String> values(Chat c) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("messages", String.valueOf(c.messages()));
        out.put("subject", String.valueOf(c.subject()));
        out.put("turns", String.valueOf(c.turns()));
        out.put("mood", String.valueOf(c.mood()));
        return out;
    }
}
