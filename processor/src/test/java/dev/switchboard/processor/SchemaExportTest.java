package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.assertWarning;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Aswitchboard.schemaLocation}: a graph's stored schema is exported per version, and a
 * changed schema without a version bump fails the build on {@code @Graph(version)}.
 */
class SchemaExportTest {
    static final JavaFileObject CHAT = record("Chat", """
            public record Chat(
                    @Reducer(Append.class) List<String> messages,
                    String topic,
                    @Untracked String note) {}
            """);

    static JavaFileObject g(int version, String extra) {
        return graph("G", """
                @Graph(version = %d)
                class G {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                %s
                }
                """.formatted(version, extra.indent(4)));
    }

    @TempDir
    Path dir;

    @Test
    void theFirstCompilationExportsTheVersionsFile() {
        SchemaVersions v = new SchemaVersions(dir);
        v.release(CHAT, g(1, ""));
        assertThat(v.text(1)).isEqualTo("""
                        {
                          "format": 1,
                          "graph": "test.G",
                          "version": 1,
                          "channels": {
                            "messages": {"kind": "REDUCER", "reducer": "dev.switchboard.runtime.reducer.Append", \
                        "type": "java.util.List<java.lang.String>"},
                            "topic": {"kind": "LAST_VALUE", "type": "java.lang.String"}
                          },
                          "nodes": {
                            "classify": {}
                          },
                          "types": {}
                        }
                        """);
    }

    @Test
    void typesNodesPayloadsAndSealedTablesAreExported() {
        SchemaVersions v = new SchemaVersions(dir);
        JavaFileObject shape = record("Shape", "public sealed interface Shape permits Circle, Square {}");
        JavaFileObject circle = record(
                "Circle",
                "@dev.switchboard.annotation.Tag(value = \"C\", aliases = \"Round\")"
                        + " public record Circle(double r, java.util.Optional<String> label) implements Shape {}");
        JavaFileObject square = record("Square", "public record Square(long side) implements Shape {}");
        JavaFileObject job = record("Job", "public record Job(String id, Color color) {}");
        JavaFileObject color = record("Color", "public enum Color { RED, GREEN }");
        JavaFileObject chat = record("Chat", "public record Chat(@Reducer(Append.class) List<Shape> shapes) {}");
        JavaFileObject g = graph("G", """
                class G {
                    @Node @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                    @Route(from = "classify", to = "work")
                    Send<Job> fan(Chat s) { return Send.to("work", new Job("1", Color.RED)); }
                    @Node(destinations = {})
                    void work(Job job) {}
                }
                """);
        v.release(shape, circle, square, job, color, chat, g);
        String text = v.text(1);
        assertThat(text).contains("\"work\": {\"payload\": \"test.Job\"}");
        assertThat(text).contains("""
                    "types": {
                      "test.Circle": {
                        "record": {
                          "r": {"type": "double"},
                          "label": {"type": "java.util.Optional<java.lang.String>"}
                        }
                      },
                      "test.Color": {"enum": ["RED", "GREEN"]},
                      "test.Job": {
                        "record": {
                          "id": {"type": "java.lang.String"},
                          "color": {"type": "test.Color"}
                        }
                      },
                      "test.Shape": {
                        "sealed": {"C": "test.Circle", "Round": "test.Circle", "Square": "test.Square"}
                      },
                      "test.Square": {
                        "record": {
                          "side": {"type": "long"}
                        }
                      }
                    }
                  """);
    }

    @Test
    void recompilingAnUnchangedGraphLeavesItsFileAlone() throws IOException {
        SchemaVersions v = new SchemaVersions(dir);
        v.release(CHAT, g(1, ""));
        String before = v.text(1);
        v.release(CHAT, g(1, ""));
        assertThat(v.text(1)).isEqualTo(before);
    }

    @Test
    void aChangedSchemaWithoutAVersionBumpFailsOnTheVersion() {
        SchemaVersions v = new SchemaVersions(dir);
        v.release(CHAT, g(1, ""));
        JavaFileObject changed = record("Chat", """
                public record Chat(
                        @Reducer(Append.class) List<String> messages,
                        int topic,
                        java.util.Optional<String> title) {}
                """);
        JavaFileObject g =
                g(1, "@Node @Edge(from = \"classify\")\nChatUpdate reply(Chat s) { return ChatUpdate.of(); }");
        Compilation c = v.compile(changed, g);
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.SCHEMA_CHANGED.format(
                        "test.G",
                        v.display(1),
                        1,
                        "channel title added; channel topic changed from String to int; node reply added",
                        2,
                        1,
                        2,
                        1,
                        v.display(1)),
                g,
                "@Graph(version = 1)");
    }

    @Test
    void withoutGraphAnnotationTheErrorIsOnTheClass() {
        SchemaVersions v = new SchemaVersions(dir);
        JavaFileObject plain = graph("G", """
                class G {
                    @Node @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        v.release(CHAT, plain);
        JavaFileObject changed = record("Chat", "public record Chat(@Reducer(Append.class) List<String> messages) {}");
        Compilation c = v.compile(changed, plain);
        assertError(
                c,
                Message.SCHEMA_CHANGED.format(
                        "test.G", v.display(1), 1, "channel topic removed", 2, 1, 2, 1, v.display(1)),
                plain,
                "class G");
    }

    @Test
    void versionsStartAtOne() {
        JavaFileObject g = g(0, "");
        Compilation c = new SchemaVersions(dir).compile(CHAT, g);
        assertError(c, Message.SCHEMA_VERSION_INVALID.format(0, "G"), g, "@Graph(version = 0)");
    }

    @Test
    void anUnreadableFileIsAnError() throws IOException {
        SchemaVersions v = new SchemaVersions(dir);
        Files.createDirectories(v.file(1).getParent());
        Files.writeString(v.file(1), "{\"format\": 1, \"graph\": ");
        JavaFileObject g = g(1, "");
        Compilation c = v.compile(CHAT, g);
        assertError(
                c,
                Message.SCHEMA_FILE_UNREADABLE.format(v.display(1), "test.G", "unexpected end at line 1"),
                g,
                "class G");
    }

    @Test
    void aFileThatCannotBeWrittenIsAnError() throws IOException {
        Path notADirectory = dir.resolve("schemas");
        Files.writeString(notADirectory, "");
        SchemaVersions v = new SchemaVersions(notADirectory);
        JavaFileObject g = g(1, "");
        Compilation c = v.compile(CHAT, g);
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.SCHEMA_FILE_UNWRITABLE.format(
                        v.display(1),
                        "test.G",
                        "java.nio.file.FileSystemException: " + notADirectory.resolve("test.G") + ": Not a directory",
                        "switchboard.schemaLocation"),
                g,
                "class G");
    }

    @Test
    void aMissingPreviousFileIsAWarning() {
        SchemaVersions v = new SchemaVersions(dir);
        JavaFileObject g = g(2, "");
        Compilation c = v.compile(CHAT, g);
        assertThat(c).succeeded();
        assertWarning(c, Message.SCHEMA_PREVIOUS_MISSING.format("test.G", 2, v.display(1), 1), g, "class G");
        assertThat(Files.exists(v.file(2))).isTrue();
    }
}
