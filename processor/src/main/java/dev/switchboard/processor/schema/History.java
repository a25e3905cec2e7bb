package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.ComponentModel;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * What the generated graph declares of its stored schema's versions, for the runtime to read older
 * checkpoints with: its version, the renames leading to each version, and the migrations.
 *
 * @param version the graph's version
 * @param channelRenames channels renamed, each in the step from its version
 * @param nodeRenames nodes renamed, each in the step from its version
 * @param migrations the {@code @Migration}s
 */
public record History(int version, List<Rename> channelRenames, List<Rename> nodeRenames, List<Plan> migrations) {
    /** Whether the graph needs no history: a first version. */
    public boolean isEmpty() {
        return version == 1;
    }

    /**
     * A name changed from version {@code from} to the next.
     *
     * @param from the older version
     * @param old the name there
     * @param now the name in the next version
     */
    public record Rename(int from, String old, String now) {}

    /**
     * A migration, with the channels it reads and writes.
     *
     * @param from the version it reads
     * @param to the version its result is in
     * @param method the static method
     * @param takes the record it takes
     * @param reads version {@code from}'s state channels, in the order of {@code takes}'s components
     * @param returns the record it returns
     * @param writes the stored channels of the result, in the order of {@code returns}'s components
     * @param toCurrent whether the result is the graph's own state (then the graph's channels store it)
     */
    public record Plan(
            int from,
            int to,
            ExecutableElement method,
            TypeElement takes,
            List<Channel> reads,
            TypeElement returns,
            List<Channel> writes,
            boolean toCurrent) {}

    /**
     * A channel of an older version as a migration reads or writes it.
     *
     * @param name its name in that version
     * @param kind its kind in that version
     * @param reducer its reducer class in that version, or {@code null}
     * @param type the type the migration's record gives it
     */
    public record Channel(String name, ComponentModel.Kind kind, TypeElement reducer, TypeMirror type) {}
}
