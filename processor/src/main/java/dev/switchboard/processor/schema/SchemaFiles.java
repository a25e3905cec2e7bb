package dev.switchboard.processor.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the exported schemas live: {@code DIR/<graph's binary class name>/<version>.json} under the
 * directory the processor option {@value #OPTION} names (relative to the compiler's working
 * directory, as build tools run it from the project directory). Written with plain file I/O, as
 * Room's exported schemas are: the files belong to the sources, not to the build output.
 */
final class SchemaFiles {
    /** The processor option naming the schema directory. */
    static final String OPTION = "switchboard.schemaLocation";

    private final String dir;

    SchemaFiles(Map<String, String> options) {
        String d = options.get(OPTION);
        this.dir = d == null || d.isBlank() ? null : d;
    }

    /** Whether the option is set. */
    boolean enabled() {
        return dir != null;
    }

    /** The file of a version, as messages show it. */
    String display(String graph, int version) {
        return dir + "/" + graph + "/" + version + ".json";
    }

    private Path path(String graph, int version) {
        return Path.of(dir, graph, version + ".json");
    }

    /** The text of a version's file, if it exists. */
    Optional<String> read(String graph, int version) throws IOException {
        Path p = path(graph, version);
        return Files.isRegularFile(p) ? Optional.of(Files.readString(p, StandardCharsets.UTF_8)) : Optional.empty();
    }

    void write(String graph, int version, String text) throws IOException {
        Path p = path(graph, version);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }
}
