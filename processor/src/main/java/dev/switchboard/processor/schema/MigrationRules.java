package dev.switchboard.processor.schema;

import dev.switchboard.processor.schema.StoredSchema.ChannelDef;
import dev.switchboard.processor.schema.StoredSchema.TypeDef;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;

/**
 * Checks a {@code @Migration} against the schema files: the record it takes must be version
 * {@code from}'s state (every state channel, by name, of a type its stored values read as), and
 * the record it returns must be the graph's state or version {@code from + 1}'s (whose stored form
 * that version's types read).
 */
final class MigrationRules {
    private final SchemaReader reader;
    private final Report report;

    MigrationRules(SchemaReader reader, Report report) {
        this.reader = reader;
        this.report = report;
    }

    /**
     * @param m the migration
     * @param from its version's schema
     * @param next version {@code from + 1}'s schema, or {@code null} if it returns the current state
     *     or that file is missing
     * @param current the graph's version
     * @param stateName the graph's state record
     */
    void check(MigrationModel m, StoredSchema from, StoredSchema next, int current, String stateName) {
        Map<String, TypeDef> takenTypes = new LinkedHashMap<>();
        Map<String, String> takes = reader.recordChannels(m.takes(), takenTypes);
        Map<String, ChannelDef> state = stateChannels(from);
        Compat readsOld = new Compat(from.types(), takenTypes);
        String takesName = m.takes().getSimpleName().toString();
        for (Map.Entry<String, ChannelDef> e : state.entrySet()) {
            String type = takes.get(e.getKey());
            if (type == null) {
                report.error(
                        Message.MIGRATION_MISSING_COMPONENT,
                        m.method().getParameters().get(0),
                        m.from(),
                        m.method().getSimpleName(),
                        takesName,
                        e.getKey(),
                        m.from(),
                        TypeNames.readable(e.getValue().type()),
                        list(state));
                continue;
            }
            String problem = readsOld.problem(e.getValue().type(), type);
            if (problem != null) {
                report.error(
                        Message.MIGRATION_COMPONENT_TYPE,
                        component(m.takes(), e.getKey()),
                        m.from(),
                        m.method().getSimpleName(),
                        e.getKey(),
                        takesName,
                        TypeNames.readable(type),
                        m.from(),
                        TypeNames.readable(e.getValue().type()),
                        problem);
            }
        }
        for (String name : takes.keySet()) {
            if (!state.containsKey(name)) {
                report.error(
                        Message.MIGRATION_EXTRA_COMPONENT,
                        component(m.takes(), name),
                        m.from(),
                        m.method().getSimpleName(),
                        takesName,
                        name,
                        m.from(),
                        list(state));
            }
        }
        if (!m.toCurrent()) {
            checkReturn(m, next, current, stateName);
        }
    }

    private void checkReturn(MigrationModel m, StoredSchema next, int current, String stateName) {
        String returns = m.returns().getSimpleName().toString();
        String also = m.from() + 1 < current ? ", or a record of version " + (m.from() + 1) + "'s state" : "";
        if (m.from() + 1 >= current) {
            error(
                    Message.MIGRATION_RETURN,
                    m,
                    m.from(),
                    m.method().getSimpleName(),
                    returns,
                    "but version " + current + "'s state is " + stateName,
                    stateName,
                    also);
            return;
        }
        if (next == null) {
            return; // the missing file is warned about
        }
        Map<String, TypeDef> returnedTypes = new LinkedHashMap<>();
        Map<String, String> gives = reader.recordChannels(m.returns(), returnedTypes);
        Map<String, ChannelDef> state = stateChannels(next);
        Compat readsNew = new Compat(returnedTypes, next.types());
        for (Map.Entry<String, ChannelDef> e : state.entrySet()) {
            String type = gives.get(e.getKey());
            String problem = type == null
                    ? "it has no component " + e.getKey()
                    : readsNew.problem(type, e.getValue().type());
            if (problem != null) {
                error(
                        Message.MIGRATION_RETURN,
                        m,
                        m.from(),
                        m.method().getSimpleName(),
                        returns,
                        "which is not version " + (m.from() + 1) + "'s state: " + problem,
                        stateName,
                        also);
                return;
            }
        }
        for (String name : gives.keySet()) {
            if (!state.containsKey(name)) {
                error(
                        Message.MIGRATION_RETURN,
                        m,
                        m.from(),
                        m.method().getSimpleName(),
                        returns,
                        "which is not version " + (m.from() + 1) + "'s state: that has no channel " + name,
                        stateName,
                        also);
                return;
            }
        }
    }

    /** A version's state channels (not its private ones), which its migration's record holds. */
    static Map<String, ChannelDef> stateChannels(StoredSchema s) {
        Map<String, ChannelDef> out = new LinkedHashMap<>();
        s.channels().forEach((name, c) -> {
            if (!c.privateState()) {
                out.put(name, c);
            }
        });
        return out;
    }

    private static String list(Map<String, ChannelDef> channels) {
        return String.join(", ", List.copyOf(channels.keySet()));
    }

    private static Element component(TypeElement record, String name) {
        for (RecordComponentElement c : record.getRecordComponents()) {
            if (c.getSimpleName().contentEquals(name)) {
                return c;
            }
        }
        return record;
    }

    private void error(Message message, MigrationModel m, Object... args) {
        report.errorOnValue(message, m.method(), m.annotation(), m.fromValue(), args);
    }
}
