package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reserved names live in {@link ReservedNames} only: a second spelling elsewhere could drift from
 * the stored form of checkpoints, which LangGraph shares.
 */
class ReservedNamesTest {
    private static final Path SOURCES =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("src/main/java");

    /** A string literal starting with two underscores: the shape of every LangGraph reserved name. */
    private static final Pattern RESERVED_LITERAL = Pattern.compile("\"__\\w*");

    @Test
    void runtimeSourcesSpellReservedNamesOnlyInReservedNames() throws IOException {
        List<String> violations = new ArrayList<>();
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertTrue(sources.size() > 20, "found only " + sources.size() + " sources under " + SOURCES);
        for (Path source : sources) {
            if (source.getFileName().toString().equals("ReservedNames.java")) {
                continue;
            }
            Matcher m = RESERVED_LITERAL.matcher(JavaComments.strip(Files.readString(source)));
            while (m.find()) {
                violations.add(SOURCES.relativize(source) + ": " + m.group());
            }
        }
        assertEquals(List.of(), violations, "use a ReservedNames constant instead of the literal");
    }

    @Test
    void reservedNamesKeepLangGraphsSpellings() {
        assertEquals(
                List.of(
                        "__start__",
                        "__end__",
                        "__interrupt__",
                        "__resume__",
                        "__error__",
                        "__no_writes__",
                        "__pregel_tasks",
                        "__pregel_pull",
                        "__pregel_push",
                        "__parent__",
                        "__overwrite__"),
                List.of(
                        ReservedNames.START,
                        ReservedNames.END,
                        ReservedNames.INTERRUPT,
                        ReservedNames.RESUME,
                        ReservedNames.ERROR,
                        ReservedNames.NO_WRITES,
                        ReservedNames.TASKS,
                        ReservedNames.PULL,
                        ReservedNames.PUSH,
                        ReservedNames.PARENT,
                        ReservedNames.OVERWRITE));
    }

    @Test
    void publicConstantsAreTheReservedNames() {
        assertEquals(ReservedNames.PARENT, Command.PARENT);
        assertEquals(ReservedNames.OVERWRITE, Overwrite.WIRE_KEY);
        assertEquals("__switchboard_seal__", EncryptedSaver.SEAL);
    }
}
