package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.schema.StoredSchema.ChannelDef;
import dev.switchboard.processor.schema.StoredSchema.NodeDef;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * The changes from version N-1 to N that checkpoints of N-1 survive, checked against N-1's schema
 * file: channels and nodes may be removed; a channel may be added if old checkpoints can lack it,
 * renamed with {@code @RenamedFrom}, and retyped only losslessly ({@link Compat}); a node may be
 * renamed with {@code @Node(renamedFrom)} and its {@code Send} payload retyped losslessly. A
 * {@code @Migration} from N-1 converts the state channels itself, so their changes are its
 * business; private channels are always carried over as stored.
 */
final class CompatRules {
    private final StoredSchema prev;
    private final SchemaReader.Read now;
    private final boolean migrated;
    private final Report report;
    private final Compat compat;

    /**
     * @param prev version N-1's schema
     * @param now the graph compiled now
     * @param migrated whether a {@code @Migration(from = N-1)} converts the state
     * @param report where errors go
     */
    CompatRules(StoredSchema prev, SchemaReader.Read now, boolean migrated, Report report) {
        this.prev = prev;
        this.now = now;
        this.migrated = migrated;
        this.report = report;
        this.compat = new Compat(prev.types(), now.schema().types());
    }

    void check() {
        Map<String, String> renamedBy = new HashMap<>();
        now.schema().channels().forEach((name, def) -> channel(name, def, renamedBy));
        Map<String, String> nodesRenamedBy = new HashMap<>();
        now.schema().nodes().forEach((name, def) -> node(name, def, nodesRenamedBy));
    }

    private void channel(String name, ChannelDef def, Map<String, String> renamedBy) {
        ComponentModel c = now.channels().get(name);
        String owner = ownerName(c);
        ChannelDef before = prev.channels().get(name);
        if (def.renamedFrom() != null) {
            Optional<ChannelDef> renamed = rename(name, def.renamedFrom(), c, owner, renamedBy);
            if (renamed == null) {
                return; // reported
            }
            before = renamed.orElse(before);
        }
        if (migrated && !def.privateState()) {
            return;
        }
        String fix = def.privateState()
                ? "give the new channel a name of its own (private channels are carried over as stored, not migrated)"
                : "write a @Migration(from = " + prev.version() + ") that converts the state";
        if (before == null) {
            if (!mayBeAbsent(def)) {
                report.error(
                        Message.CHANNEL_ADDED_REQUIRED,
                        c.element(),
                        name,
                        owner,
                        prev.version(),
                        TypeNames.readable(def.type()),
                        prev.version());
            }
            return;
        }
        if (!before.kind().equals(def.kind()) || !Objects.equals(before.reducer(), def.reducer())) {
            report.error(
                    Message.CHANNEL_KIND_CHANGED,
                    c.element(),
                    name,
                    owner,
                    kind(before),
                    prev.version(),
                    kind(def),
                    fix);
            return;
        }
        String problem = Objects.equals(before.codec(), def.codec())
                ? compat.problem(before.type(), def.type())
                : "its @Codec changed from " + before.codec() + " to " + def.codec();
        if (problem != null) {
            report.error(
                    Message.CHANNEL_TYPE_CHANGED,
                    c.element(),
                    name,
                    owner,
                    prev.version(),
                    TypeNames.readable(before.type()),
                    TypeNames.readable(def.type()),
                    problem,
                    fix);
        }
    }

    /**
     * The channel of version N-1 a {@code @RenamedFrom} names: present when it names one, empty when
     * the annotation is left from an earlier version's rename (the component has its name in N-1),
     * {@code null} after an error.
     */
    private Optional<ChannelDef> rename(
            String name, String old, ComponentModel c, String owner, Map<String, String> renamedBy) {
        Element e = c.element();
        AnnotationMirror a = SchemaReader.renamedFromAnnotation(e).orElseThrow();
        AnnotationValue v = SchemaReader.renamedFrom(e).orElseThrow();
        ChannelDef before = prev.channels().get(old);
        if (before == null) {
            if (prev.channels().containsKey(name)) {
                return Optional.empty();
            }
            report.errorOnValue(
                    Message.RENAMED_FROM_UNKNOWN,
                    e,
                    a,
                    v,
                    old,
                    name,
                    owner,
                    prev.version(),
                    old,
                    String.join(", ", prev.channels().keySet().stream().sorted().toList()));
            return null;
        }
        if (now.schema().channels().containsKey(old)) {
            report.errorOnValue(Message.RENAMED_FROM_STILL_EXISTS, e, a, v, old, name, owner, old);
            return null;
        }
        if (prev.channels().containsKey(name)) {
            report.errorOnValue(
                    Message.RENAMED_ONTO_EXISTING, e, a, v, old, name, owner, prev.version(), name, prev.version());
            return null;
        }
        String other = renamedBy.putIfAbsent(old, name);
        if (other != null) {
            report.errorOnValue(Message.RENAMED_TWICE, e, a, v, old, name, owner, other, old, prev.version());
            return null;
        }
        return Optional.of(before);
    }

    private void node(String name, NodeDef def, Map<String, String> renamedBy) {
        NodeModel n = now.nodes().get(name);
        NodeDef before = prev.nodes().get(name);
        if (def.renamedFrom() != null) {
            String old = def.renamedFrom();
            AnnotationValue v = Mirrors.explicit(n.annotation(), "renamedFrom").orElse(null);
            NodeDef renamed = prev.nodes().get(old);
            if (renamed == null && before == null) {
                report.errorOnValue(
                        Message.NODE_RENAMED_FROM_UNKNOWN,
                        n.method(),
                        n.annotation(),
                        v,
                        old,
                        n.method().getSimpleName(),
                        prev.version(),
                        old,
                        String.join(
                                ", ", prev.nodes().keySet().stream().sorted().toList()));
                return;
            }
            if (renamed != null) {
                if (now.schema().nodes().containsKey(old)) {
                    report.errorOnValue(
                            Message.NODE_RENAMED_FROM_STILL_EXISTS,
                            n.method(),
                            n.annotation(),
                            v,
                            old,
                            n.method().getSimpleName(),
                            old);
                    return;
                }
                if (before != null) {
                    report.errorOnValue(
                            Message.NODE_RENAMED_ONTO_EXISTING,
                            n.method(),
                            n.annotation(),
                            v,
                            old,
                            n.method().getSimpleName(),
                            prev.version(),
                            name,
                            prev.version());
                    return;
                }
                String other = renamedBy.putIfAbsent(old, name);
                if (other != null) {
                    report.errorOnValue(
                            Message.NODE_RENAMED_TWICE,
                            n.method(),
                            n.annotation(),
                            v,
                            old,
                            n.method().getSimpleName(),
                            now.nodes().get(other).method().getSimpleName(),
                            old);
                    return;
                }
                before = renamed;
            }
        }
        if (before == null || before.payload() == null || def.payload() == null) {
            return;
        }
        String problem = compat.problem(before.payload(), def.payload());
        if (problem != null) {
            report.error(
                    Message.PAYLOAD_CHANGED,
                    n.params().get(0),
                    n.method().getSimpleName(),
                    prev.version(),
                    TypeNames.readable(before.payload()),
                    TypeNames.readable(def.payload()),
                    problem);
        }
    }

    /**
     * Whether checkpoints without the channel read well: as an empty {@code Optional}, {@code null}
     * by declaration, an empty collection or map, zero, or a reducer's or topic's empty start.
     */
    static boolean mayBeAbsent(ChannelDef def) {
        TypeNames.Parsed t = TypeNames.parse(def.type());
        return def.nullable()
                || Compat.isOptional(def.type())
                || (t.dims() == 0
                        && (StoredTypes.isContainer(t.raw())
                                || StoredTypes.isMap(t.raw())
                                || !t.raw().contains(".")))
                || def.kind().equals("TOPIC")
                || def.kind().equals("EPHEMERAL");
    }

    private static String kind(ChannelDef c) {
        return c.reducer() == null
                ? c.kind()
                : c.kind() + "(" + c.reducer().substring(c.reducer().lastIndexOf('.') + 1) + ")";
    }

    private String ownerName(ComponentModel c) {
        return c.element().getEnclosingElement().getSimpleName().toString();
    }
}
