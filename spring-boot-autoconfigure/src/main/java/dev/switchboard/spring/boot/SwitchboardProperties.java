package dev.switchboard.spring.boot;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code switchboard.*} configuration properties: where checkpoints go and whether graphs
 * built through {@link SwitchboardGraphs} get them. Spring Boot binds them from
 * {@code application.properties}/{@code .yml}; the build generates their metadata, so IDEs complete
 * and document them.
 */
@ConfigurationProperties("switchboard")
public class SwitchboardProperties {
    private final Checkpoint checkpoint = new Checkpoint();
    private final Observability observability = new Observability();
    private final StoreProperties store = new StoreProperties();

    /**
     * The PostgreSQL schema of Switchboard's tables on the application's DataSource (saver, store
     * and server), created when missing if the role may; null (the default) for the connections'
     * current schema. Not for SQLite, which has no schemas.
     */
    private String schema;

    /** Creates the properties with their defaults; Spring Boot binds them. */
    public SwitchboardProperties() {}

    /**
     * Returns the PostgreSQL schema of Switchboard's tables.
     *
     * @return {@code switchboard.schema}, or null for the connections' current schema
     */
    public String getSchema() {
        return schema;
    }

    /**
     * Sets the PostgreSQL schema of Switchboard's tables.
     *
     * @param schema a lower-case SQL identifier, or null for the connections' current schema
     */
    public void setSchema(String schema) {
        this.schema = schema == null || schema.isBlank() ? null : schema;
    }

    /**
     * Returns the checkpoint settings.
     *
     * @return the {@code switchboard.checkpoint.*} group
     */
    public Checkpoint getCheckpoint() {
        return checkpoint;
    }

    /**
     * Returns the long-term memory store settings.
     *
     * @return the {@code switchboard.store.*} group
     */
    public StoreProperties getStore() {
        return store;
    }

    /** The {@code switchboard.store.*} group: which long-term memory store graphs get. */
    public static class StoreProperties {
        /** Which store to create; ignored when the application defines its own Store bean. */
        private SaverKind kind = SaverKind.AUTO;

        /** The SQLite file for kind=sqlite; created if missing. */
        private Path sqliteFile = Path.of("switchboard-store.db");

        /** Creates the group with its defaults. */
        public StoreProperties() {}

        /**
         * Returns which store to create: {@code AUTO} (the DataSource's database, else memory),
         * {@code JDBC}, {@code SQLITE}, {@code MEMORY} or {@code NONE}.
         *
         * @return the kind, {@code AUTO} by default
         */
        public SaverKind getKind() {
            return kind;
        }

        /**
         * Sets which store to create.
         *
         * @param kind the kind
         */
        public void setKind(SaverKind kind) {
            this.kind = kind;
        }

        /**
         * Returns the SQLite file used when the kind is {@code SQLITE}.
         *
         * @return the file path
         */
        public Path getSqliteFile() {
            return sqliteFile;
        }

        /**
         * Sets the SQLite file used when the kind is {@code SQLITE}.
         *
         * @param sqliteFile the file path; created if missing
         */
        public void setSqliteFile(Path sqliteFile) {
            this.sqliteFile = sqliteFile;
        }
    }

    /**
     * Returns the observability settings.
     *
     * @return the {@code switchboard.observability.*} group
     */
    public Observability getObservability() {
        return observability;
    }

    /** The {@code switchboard.observability.*} group. */
    public static class Observability {
        /** Creates the group with its defaults. */
        public Observability() {}

        /** Whether graphs get Micrometer and OpenTelemetry listeners when those modules and beans are present. */
        private boolean enabled = true;

        /**
         * Returns whether the tracing and metrics listeners are created.
         *
         * @return {@code true} by default
         */
        public boolean isEnabled() {
            return enabled;
        }

        /**
         * Sets whether the tracing and metrics listeners are created.
         *
         * @param enabled {@code false} to leave them out
         */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** Which checkpoint saver (switchboard.checkpoint.saver) or store (switchboard.store.kind) the application gets. */
    public enum SaverKind {
        /** The application's {@code DataSource} when it has one (PostgreSQL or SQLite), else memory. */
        AUTO,
        /** The application's {@code DataSource}; startup fails without one. */
        JDBC,
        /** A SQLite file of its own, at {@code switchboard.checkpoint.sqlite-file}. */
        SQLITE,
        /** In memory: threads last as long as the application. */
        MEMORY,
        /** No saver: graphs run without checkpoints (no interrupts, no threads). */
        NONE
    }

    /** The {@code switchboard.checkpoint.*} group: the saver's kind and, for SQLite, its file. */
    public static class Checkpoint {
        /** Creates the group with its defaults. */
        public Checkpoint() {}

        /** Which saver to create; ignored when the application defines its own CheckpointSaver bean. */
        private SaverKind saver = SaverKind.AUTO;

        /** The SQLite file for saver=sqlite; created if missing. */
        private Path sqliteFile = Path.of("switchboard-checkpoints.db");

        /**
         * Returns which saver to create.
         *
         * @return the saver kind, {@code AUTO} by default
         */
        public SaverKind getSaver() {
            return saver;
        }

        /**
         * Sets which saver to create.
         *
         * @param saver the saver kind
         */
        public void setSaver(SaverKind saver) {
            this.saver = saver;
        }

        /**
         * Returns the SQLite file used when the saver kind is {@code SQLITE}.
         *
         * @return the file path
         */
        public Path getSqliteFile() {
            return sqliteFile;
        }

        /**
         * Sets the SQLite file used when the saver kind is {@code SQLITE}.
         *
         * @param sqliteFile the file path; created if missing
         */
        public void setSqliteFile(Path sqliteFile) {
            this.sqliteFile = sqliteFile;
        }
    }
}
