package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;

/**
 * The versioned stored schema of one graph: reads it, compares it with the exported file of its
 * version ({@code @Graph(version)}) and checks the change from the previous version's file and
 * every {@code @Migration}; exports the file of a version that has none once the graph compiles.
 */
public final class SchemaStep {
    /** The processor option naming the schema directory. */
    public static final String OPTION = SchemaFiles.OPTION;

    private final ProcessingEnvironment env;
    private final SchemaFiles files;
    private final SchemaReader reader;

    public SchemaStep(ProcessingEnvironment env) {
        this.env = env;
        this.files = new SchemaFiles(env.getOptions());
        this.reader = new SchemaReader(env);
    }

    /**
     * What {@link #check} found.
     *
     * @param graph the graph
     * @param schema its stored schema now
     * @param exportFile whether its version has no file yet, which {@link #export} writes
     * @param migrations its sound {@code @Migration}s
     * @param older the schema files of its older versions that exist, by version
     * @param history what the generated graph declares of its versions
     */
    public record Outcome(
            GraphModel graph,
            StoredSchema schema,
            boolean exportFile,
            List<MigrationModel> migrations,
            Map<Integer, StoredSchema> older,
            History history) {
        /** The graph's {@code @Graph(version)}. */
        public int version() {
            return schema.version();
        }
    }

    /** Checks a graph whose state record is known; errors go to {@code report}. */
    public Outcome check(GraphModel graph, Report report) {
        int version = version(graph, report);
        HistoryPlanner plan = new HistoryPlanner(env, graph, version, report);
        String binary = env.getElementUtils().getBinaryName(graph.element()).toString();
        SchemaReader.Read now = reader.read(graph, version, binary);
        for (RecordComponentElement c : now.nestedRenames()) {
            String owner = c.getEnclosingElement().getSimpleName().toString();
            report.error(Message.NESTED_RENAMED_FROM, c, c.getSimpleName(), owner, owner);
        }
        List<MigrationModel> migrations = Migrations.read(graph, version, report);
        Map<Integer, StoredSchema> older = new HashMap<>();
        if (!files.enabled()) {
            for (MigrationModel m : migrations) {
                needsSchema(m, "compile with -A" + OPTION + "=DIR to export and check schemas", report);
            }
            return new Outcome(graph, now.schema(), false, migrations, older, plan.history(now, List.of(), older));
        }
        boolean export = false;
        Loaded same = load(graph, binary, version, report);
        if (same.schema != null) {
            List<String> drift = Drift.differences(same.schema, now.schema());
            if (!drift.isEmpty()) {
                changed(graph, binary, version, drift, report);
            }
        } else {
            export = !same.unreadable;
        }
        for (int v = 1; v < version; v++) {
            Loaded old = load(graph, binary, v, report);
            if (old.schema != null) {
                older.put(v, old.schema);
            }
        }
        MigrationModel fromPrevious = migrations.stream()
                .filter(m -> m.from() == version - 1)
                .findFirst()
                .orElse(null);
        if (version > 1 && older.containsKey(version - 1)) {
            new CompatRules(older.get(version - 1), now, fromPrevious != null, report).check();
        } else if (version > 1 && !same.unreadable) {
            report.warning(
                    Message.SCHEMA_PREVIOUS_MISSING,
                    graph.element(),
                    graph.element().getQualifiedName(),
                    version,
                    files.display(binary, version - 1),
                    version - 1);
        }
        MigrationRules rules = new MigrationRules(reader, report);
        for (MigrationModel m : migrations) {
            StoredSchema from = older.get(m.from());
            if (from == null) {
                needsSchema(
                        m, files.display(binary, m.from()) + " is missing; restore it from version control", report);
            } else {
                rules.check(
                        m, from, older.get(m.from() + 1), version, graph.state().simpleName());
            }
        }
        return new Outcome(graph, now.schema(), export, migrations, older, plan.history(now, migrations, older));
    }

    /** Writes the schema file of a clean graph's version if it has none; errors go to {@code report}. */
    public void export(Outcome outcome, Report report) {
        if (!outcome.exportFile()) {
            return;
        }
        StoredSchema s = outcome.schema();
        try {
            files.write(s.graph(), s.version(), SchemaJson.write(s));
        } catch (IOException | RuntimeException e) {
            report.error(
                    Message.SCHEMA_FILE_UNWRITABLE,
                    outcome.graph().element(),
                    files.display(s.graph(), s.version()),
                    outcome.graph().element().getQualifiedName(),
                    e.toString(),
                    OPTION);
        }
    }

    private int version(GraphModel graph, Report report) {
        if (graph.graphAnnotation() == null) {
            return 1;
        }
        Optional<AnnotationValue> v = Mirrors.explicit(graph.graphAnnotation(), "version");
        if (v.isEmpty() || !(v.get().getValue() instanceof Integer version)) {
            return 1;
        }
        if (version < 1) {
            report.errorOnValue(
                    Message.SCHEMA_VERSION_INVALID,
                    graph.element(),
                    graph.graphAnnotation(),
                    v.get(),
                    version,
                    graph.element().getSimpleName());
            return 1;
        }
        return version;
    }

    /** A version's file: its schema, or nothing (absent, or unreadable and reported). */
    private record Loaded(StoredSchema schema, boolean unreadable) {}

    private Loaded load(GraphModel graph, String binary, int version, Report report) {
        try {
            Optional<String> text = files.read(binary, version);
            if (text.isEmpty()) {
                return new Loaded(null, false);
            }
            return new Loaded(SchemaJson.read(text.get()), false);
        } catch (IOException | Json.MalformedException | RuntimeException e) {
            report.error(
                    Message.SCHEMA_FILE_UNREADABLE,
                    graph.element(),
                    files.display(binary, version),
                    graph.element().getQualifiedName(),
                    e.getMessage());
            return new Loaded(null, true);
        }
    }

    private void changed(GraphModel graph, String binary, int version, List<String> drift, Report report) {
        Object[] args = {
            graph.element().getQualifiedName(),
            files.display(binary, version),
            version,
            Drift.summary(drift),
            version + 1,
            version,
            version + 1,
            version,
            files.display(binary, version)
        };
        Element e = graph.element();
        if (graph.graphAnnotation() == null) {
            report.error(Message.SCHEMA_CHANGED, e, args);
            return;
        }
        Optional<AnnotationValue> v = Mirrors.explicit(graph.graphAnnotation(), "version");
        report.errorOnValue(Message.SCHEMA_CHANGED, e, graph.graphAnnotation(), v.orElse(null), args);
    }

    private static void needsSchema(MigrationModel m, String why, Report report) {
        report.errorOnValue(
                Message.MIGRATION_NEEDS_SCHEMA,
                m.method(),
                m.annotation(),
                m.fromValue(),
                m.from(),
                m.method().getSimpleName(),
                why);
    }
}
