package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The versions of a graph's stored schema as generated code declares them: the graph's
 * version ({@code @Graph(version)}) and, for each older version {@code v}, what leads from it to
 * {@code v + 1} (channels and nodes renamed) and the {@code @Migration} that reads it, if any. The
 * runtime reads every older checkpoint through these steps.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
public final class SchemaHistory {
    /** A graph that never bumped its version. */
    public static final SchemaHistory FIRST = builder(1).build();

    private final int version;
    private final Map<Integer, Map<String, String>> channelRenames;
    private final Map<Integer, Map<String, String>> nodeRenames;
    private final Map<Integer, Migration> migrations;

    private SchemaHistory(Builder b) {
        this.version = b.version;
        this.channelRenames = copy(b.channelRenames);
        this.nodeRenames = copy(b.nodeRenames);
        this.migrations = Map.copyOf(b.migrations);
    }

    private static Map<Integer, Map<String, String>> copy(Map<Integer, Map<String, String>> m) {
        Map<Integer, Map<String, String>> out = new HashMap<>();
        m.forEach((v, renames) -> out.put(v, Map.copyOf(renames)));
        return Map.copyOf(out);
    }

    /**
     * Starts the history of a graph at {@code version}.
     *
     * @param version the graph's stored-schema version, from 1
     * @return a builder
     */
    public static Builder builder(int version) {
        return new Builder(version);
    }

    /**
     * Returns the graph's version.
     *
     * @return the version checkpoints are written in
     */
    public int version() {
        return version;
    }

    /**
     * Returns the channels renamed from version {@code from} to {@code from + 1}.
     *
     * @param from the older version
     * @return old name to new name; empty if none
     */
    public Map<String, String> channelRenames(int from) {
        return channelRenames.getOrDefault(from, Map.of());
    }

    /**
     * Returns the nodes renamed from version {@code from} to {@code from + 1}.
     *
     * @param from the older version
     * @return old name to new name; empty if none
     */
    public Map<String, String> nodeRenames(int from) {
        return nodeRenames.getOrDefault(from, Map.of());
    }

    /**
     * Returns the migration that reads version {@code from}.
     *
     * @param from the older version
     * @return the migration, or {@code null}
     */
    public Migration migration(int from) {
        return migrations.get(from);
    }

    /** Builds a {@link SchemaHistory}. */
    public static final class Builder {
        private final int version;
        private final Map<Integer, Map<String, String>> channelRenames = new HashMap<>();
        private final Map<Integer, Map<String, String>> nodeRenames = new HashMap<>();
        private final Map<Integer, Migration> migrations = new HashMap<>();

        private Builder(int version) {
            if (version < 1) {
                throw GraphDefinition.inconsistent("schema version " + version);
            }
            this.version = version;
        }

        /**
         * A channel renamed from version {@code from} to the next.
         *
         * @param from the older version
         * @param old the name in version {@code from}
         * @param now the name in the next version
         * @return this builder
         */
        public Builder renameChannel(int from, String old, String now) {
            channelRenames
                    .computeIfAbsent(step(from), k -> new LinkedHashMap<>())
                    .put(old, now);
            return this;
        }

        /**
         * A node renamed from version {@code from} to the next.
         *
         * @param from the older version
         * @param old the name in version {@code from}
         * @param now the name in the next version
         * @return this builder
         */
        public Builder renameNode(int from, String old, String now) {
            nodeRenames.computeIfAbsent(step(from), k -> new LinkedHashMap<>()).put(old, now);
            return this;
        }

        /**
         * A migration.
         *
         * @param migration the migration
         * @return this builder
         */
        public Builder migration(Migration migration) {
            if (migration.to() > version || migrations.put(step(migration.from()), migration) != null) {
                throw GraphDefinition.inconsistent("migration from version " + migration.from());
            }
            return this;
        }

        private int step(int from) {
            if (from < 1 || from >= version) {
                throw GraphDefinition.inconsistent("a step from version " + from + " of version " + version);
            }
            return from;
        }

        /**
         * Builds the history.
         *
         * @return the history
         */
        public SchemaHistory build() {
            return new SchemaHistory(this);
        }
    }

    /**
     * A {@code @Migration}: reads the state channels of version {@link #from()} (with the types of
     * the record the method takes) and gives the channels of version {@link #to()}.
     *
     * @param from the version it reads
     * @param to the version it gives
     * @param reads the state channels of version {@code from}, as the record the method takes reads them
     * @param readTypes the sealed types those hold
     * @param readCodecs the codecs of the types those hold
     * @param writes the channels of the result, in the order {@code convert} returns their values
     * @param writesAs for a result in an intermediate version, how to store its channels (the
     *     record the method returns); {@code null} when the result is the graph's own state
     * @param writeTypes the sealed types {@code writesAs} holds
     * @param writeCodecs the codecs of the types {@code writesAs} holds
     * @param convert builds the record the method takes from the value of each of {@code reads}
     *     ({@code null} for an empty channel), calls it, and returns the components of the result
     */
    public record Migration(
            int from,
            int to,
            List<ChannelSpec> reads,
            List<SealedType> readTypes,
            List<ValueCodec<?>> readCodecs,
            List<String> writes,
            List<ChannelSpec> writesAs,
            List<SealedType> writeTypes,
            List<ValueCodec<?>> writeCodecs,
            Function<ValueSource, Object[]> convert) {
        /**
         * Checks the fields.
         *
         * @param from the version it reads
         * @param to the version it gives
         * @param reads the channels it reads
         * @param readTypes their sealed types
         * @param readCodecs their codecs
         * @param writes the channels it gives
         * @param writesAs their stored forms, or {@code null}
         * @param writeTypes their sealed types
         * @param writeCodecs their codecs
         * @param convert the conversion
         */
        public Migration {
            reads = List.copyOf(reads);
            readTypes = List.copyOf(readTypes);
            readCodecs = List.copyOf(readCodecs);
            writes = List.copyOf(writes);
            writesAs = writesAs == null ? null : List.copyOf(writesAs);
            writeTypes = List.copyOf(writeTypes);
            writeCodecs = List.copyOf(writeCodecs);
            Objects.requireNonNull(convert, "convert");
            if (to <= from || (writesAs != null && writesAs.size() != writes.size())) {
                throw GraphDefinition.inconsistent("migration from version " + from + " to " + to);
            }
        }
    }
}
