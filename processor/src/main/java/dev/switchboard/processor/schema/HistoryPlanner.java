package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.schema.StoredSchema.ChannelDef;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Plans the {@link History} a graph declares: the renames of each step (the older ones from the
 * schema files, which record the renames that led to their version; the last one from the
 * annotations), and for each {@code @Migration} the channels it reads and writes, with the kinds
 * and reducers their version's file records and the types the method's records give them.
 */
final class HistoryPlanner {
    private final Elements elements;
    private final GraphModel graph;
    private final int version;
    private final Report report;

    HistoryPlanner(ProcessingEnvironment env, GraphModel graph, int version, Report report) {
        this.elements = env.getElementUtils();
        this.graph = graph;
        this.version = version;
        this.report = report;
    }

    History history(SchemaReader.Read now, List<MigrationModel> migrations, Map<Integer, StoredSchema> older) {
        List<History.Rename> channels = new ArrayList<>();
        List<History.Rename> nodes = new ArrayList<>();
        for (int v = 2; v <= version; v++) {
            StoredSchema at = v == version ? now.schema() : older.get(v);
            if (at != null) {
                renames(v - 1, at, older.get(v - 1), channels, nodes);
            }
        }
        List<History.Plan> plans = new ArrayList<>();
        for (MigrationModel m : migrations) {
            StoredSchema from = older.get(m.from());
            StoredSchema next = m.toCurrent() ? null : older.get(m.from() + 1);
            if (from != null && (m.toCurrent() || next != null)) {
                plans.add(plan(m, from, next));
            }
        }
        return new History(version, List.copyOf(channels), List.copyOf(nodes), List.copyOf(plans));
    }

    /** The renames that led to {@code at}, where {@code before} (if known) has the old names. */
    private static void renames(
            int from, StoredSchema at, StoredSchema before, List<History.Rename> channels, List<History.Rename> nodes) {
        at.channels().forEach((name, c) -> {
            if (c.renamedFrom() != null && (before == null || before.channels().containsKey(c.renamedFrom()))) {
                channels.add(new History.Rename(from, c.renamedFrom(), name));
            }
        });
        at.nodes().forEach((name, n) -> {
            if (n.renamedFrom() != null && (before == null || before.nodes().containsKey(n.renamedFrom()))) {
                nodes.add(new History.Rename(from, n.renamedFrom(), name));
            }
        });
    }

    private History.Plan plan(MigrationModel m, StoredSchema from, StoredSchema next) {
        List<History.Channel> reads = channels(m, m.takes(), from);
        List<History.Channel> writes = new ArrayList<>();
        if (m.toCurrent()) {
            for (ComponentModel c : graph.state().components()) {
                if (SchemaReader.isStored(c)) {
                    writes.add(new History.Channel(c.name(), c.kind(), c.impl(), c.type()));
                }
            }
        } else {
            writes = channels(m, m.returns(), next);
        }
        return new History.Plan(
                m.from(), m.to(version), m.method(), m.takes(), reads, m.returns(), List.copyOf(writes), m.toCurrent());
    }

    /** A record's components as the channels of a version, which the rules checked it matches. */
    private List<History.Channel> channels(MigrationModel m, TypeElement record, StoredSchema at) {
        List<History.Channel> out = new ArrayList<>();
        for (RecordComponentElement c : record.getRecordComponents()) {
            String name = c.getSimpleName().toString();
            ChannelDef def = at.channels().get(name);
            if (def == null) {
                continue; // reported by the rules
            }
            TypeElement reducer = def.reducer() == null ? null : elements.getTypeElement(def.reducer());
            if (def.reducer() != null && reducer == null) {
                report.errorOnValue(
                        Message.MIGRATION_REDUCER_GONE,
                        m.method(),
                        m.annotation(),
                        m.fromValue(),
                        m.from(),
                        m.method().getSimpleName(),
                        name,
                        at.version(),
                        def.reducer());
            }
            out.add(new History.Channel(name, ComponentModel.Kind.valueOf(def.kind()), reducer, c.asType()));
        }
        return out;
    }
}
