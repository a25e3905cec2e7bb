package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.channel.Channel;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A channel's update at the barrier, with the nodes that wrote it named when the channel rejects
 * the step's writes (two writes to a plain value, two overwrites): the channel alone does not say
 * where to look. Apart from {@link ChannelState} so that class stays one screenful of barrier.
 */
final class ConflictingWrites {
    private ConflictingWrites() {}

    /** Updates channel {@code c} of {@code channels} with the step's {@code values}, written by {@code writers}. */
    static boolean update(GraphSpec spec, Channel[] channels, int c, List<?> values, List<Task> writers) {
        try {
            return channels[c].update(values);
        } catch (InvalidUpdateException e) {
            throw new InvalidUpdateException(
                    e.getMessage() + " Written in this step by " + writerNames(spec, c, writers) + ".",
                    e.code().orElse(null));
        }
    }

    /** The nodes whose tasks wrote channel {@code c}, in task order. */
    private static String writerNames(GraphSpec spec, int c, List<Task> tasks) {
        Set<String> names = new LinkedHashSet<>();
        for (Task t : tasks) {
            for (int i = 0; i < t.writeCount; i++) {
                if (t.writeChannels[i] == c) {
                    names.add("'" + spec.nodeNames[t.node] + "'");
                }
            }
        }
        return (names.size() == 1 ? "node " : "nodes ") + String.join(", ", names);
    }
}
