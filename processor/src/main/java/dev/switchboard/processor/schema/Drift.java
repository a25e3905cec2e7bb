package dev.switchboard.processor.schema;

import dev.switchboard.processor.schema.StoredSchema.ChannelDef;
import dev.switchboard.processor.schema.StoredSchema.EnumDef;
import dev.switchboard.processor.schema.StoredSchema.NodeDef;
import dev.switchboard.processor.schema.StoredSchema.TypeDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What differs between a version's schema file and the graph compiled now, in words: "channel
 * 'title' added", "type com.acme.Msg changed". Declaration order and an enum's constant order do
 * not count, since nothing stored depends on them.
 */
final class Drift {
    private static final int SHOWN = 6;

    private Drift() {}

    static List<String> differences(StoredSchema file, StoredSchema now) {
        List<String> out = new ArrayList<>();
        keyed("channel", file.channels(), now.channels(), Drift::channel, out);
        keyed("node", file.nodes(), now.nodes(), Drift::node, out);
        keyed("type", file.types(), now.types(), Drift::type, out);
        return out;
    }

    /** The differences as one phrase, the first few of them. */
    static String summary(List<String> differences) {
        if (differences.size() <= SHOWN) {
            return String.join("; ", differences);
        }
        return String.join("; ", differences.subList(0, SHOWN)) + "; and " + (differences.size() - SHOWN) + " more";
    }

    private interface Describe<T> {
        String change(T before, T now);
    }

    private static <T> void keyed(
            String what, Map<String, T> before, Map<String, T> now, Describe<T> d, List<String> out) {
        for (String name : new TreeSet<>(before.keySet())) {
            if (!now.containsKey(name)) {
                out.add(what + " " + name + " removed");
            }
        }
        for (String name : new TreeSet<>(now.keySet())) {
            T was = before.get(name);
            if (was == null) {
                out.add(what + " " + name + " added");
            } else {
                String change = d.change(was, now.get(name));
                if (change != null) {
                    out.add(what + " " + name + " " + change);
                }
            }
        }
    }

    private static String channel(ChannelDef a, ChannelDef b) {
        if (!a.kind().equals(b.kind()) || !Objects.equals(a.reducer(), b.reducer())) {
            return "changed from " + kind(a) + " to " + kind(b);
        }
        if (!a.type().equals(b.type())) {
            return "changed from " + TypeNames.readable(a.type()) + " to " + TypeNames.readable(b.type());
        }
        if (a.nullable() != b.nullable()) {
            return b.nullable() ? "became @Nullable" : "is no longer @Nullable";
        }
        if (!Objects.equals(a.codec(), b.codec())) {
            return "changed its @Codec";
        }
        if (a.privateState() != b.privateState()) {
            return b.privateState() ? "moved to private state" : "moved into the state";
        }
        return renamed(a.renamedFrom(), b.renamedFrom());
    }

    private static String kind(ChannelDef c) {
        return c.reducer() == null ? c.kind() : c.kind() + "(" + c.reducer() + ")";
    }

    private static String node(NodeDef a, NodeDef b) {
        if (!Objects.equals(a.payload(), b.payload())) {
            return "changed its payload from " + payload(a) + " to " + payload(b);
        }
        return renamed(a.renamedFrom(), b.renamedFrom());
    }

    private static String payload(NodeDef n) {
        return n.payload() == null ? "none" : TypeNames.readable(n.payload());
    }

    private static String renamed(String a, String b) {
        if (Objects.equals(a, b)) {
            return null;
        }
        return b == null ? "is no longer renamed from " + a : "is now renamed from " + b;
    }

    private static String type(TypeDef a, TypeDef b) {
        if (a instanceof EnumDef x && b instanceof EnumDef y) {
            return new HashSet<>(x.constants()).equals(new HashSet<>(y.constants())) ? null : "changed its constants";
        }
        return a.equals(b) ? null : "changed";
    }
}
