package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The changes from version 1 to 2 that version 1's checkpoints survive: each rule's error (text,
 * file, line) and its positive twin, checked against the 1.json the first compilation exported.
 */
class SchemaCompatibilityDiagnosticsTest {
    private static final JavaFileObject JOB = record("Job", "public record Job(String id) {}");
    private static final JavaFileObject TASK = record("Task", "public record Task(String id) {}");
    private static final JavaFileObject SHAPE =
            record("Shape", "public sealed interface Shape permits Circle, Square {}");
    private static final JavaFileObject CIRCLE = record("Circle", "public record Circle(double r) implements Shape {}");
    private static final JavaFileObject SQUARE =
            record("Square", "public record Square(long side) implements Shape {}");
    private static final JavaFileObject COLOR = record("Color", "public enum Color { RED, GREEN }");
    private static final JavaFileObject NULLABLE = record("Nullable", "public @interface Nullable {}");
    private static final String V1_STATE = """
            public record Chat(
                    @Reducer(Append.class) List<String> messages,
                    String topic,
                    int turns,
                    Job job,
                    Shape shape,
                    Color color,
                    @Untracked String note) {}
            """;

    @TempDir
    Path dir;

    private SchemaVersions versions;

    /** Version 1, released: its 1.json is what each test's version 2 is checked against. */
    @BeforeEach
    void releaseVersion1() {
        versions = new SchemaVersions(dir);
        versions.release(JOB, TASK, SHAPE, CIRCLE, SQUARE, COLOR, NULLABLE, record("Chat", V1_STATE), nodes(1, ""));
    }

    private static JavaFileObject nodes(int version, String classify) {
        return graph("G", """
                @Graph(version = %d)
                class G {
                    %s
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify", to = "work")
                    Send<Task> fan(Chat s) { return Send.to("work", new Task("1")); }

                    @Node
                    void work(Task task) {}
                }
                """.formatted(version, classify.isEmpty() ? "@Node" : classify));
    }

    private static JavaFileObject chat(String components) {
        return record("Chat", "public record Chat(\n" + components + ",\n@Untracked String note) {}");
    }

    private static final String KEPT = "Job job, Shape shape, Color color";

    private Compilation v2(JavaFileObject... changed) {
        JavaFileObject[] all = new JavaFileObject[changed.length + 7];
        all[0] = JOB;
        all[1] = TASK;
        all[2] = SHAPE;
        all[3] = CIRCLE;
        all[4] = SQUARE;
        all[5] = COLOR;
        all[6] = NULLABLE;
        System.arraycopy(changed, 0, all, 7, changed.length);
        return versions.compile(dedupe(all));
    }

    /** Later sources replace earlier ones of the same name. */
    private static JavaFileObject[] dedupe(JavaFileObject[] all) {
        java.util.Map<String, JavaFileObject> byName = new java.util.LinkedHashMap<>();
        for (JavaFileObject f : all) {
            byName.put(f.getName(), f);
        }
        return byName.values().toArray(new JavaFileObject[0]);
    }

    @Test
    void componentsThatOldCheckpointsMayLackCanBeAdded() {
        Compilation c = v2(chat("""
                        @Reducer(Append.class) List<String> messages, String topic, int turns, Job job, Shape shape,
                        Color color, java.util.Optional<String> title, @Nullable String subtitle, List<String> tags,
                        java.util.Map<String, Integer> counts, long count, @Reducer(Sum.class) int visits"""), nodes(2, ""));
        assertThat(c).succeeded(); // with javac's warning that no processor claims test.Nullable
    }

    @Test
    void aComponentThatCannotBeAbsentCannotBeAdded() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages, String topic, int turns, Job job, Shape shape,
                Color color,
                String title""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.CHANNEL_ADDED_REQUIRED.format("title", "Chat", 1, "String", 1),
                chat,
                "String title");
    }

    @Test
    void aRenamedComponentKeepsItsValues() {
        Compilation c = v2(chat("""
                        @Reducer(Append.class) List<String> messages,
                        @dev.switchboard.annotation.RenamedFrom("topic") String subject,
                        int turns, Job job, Shape shape, Color color"""), nodes(2, ""));
        assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void aRenameFromAChannelTheLastVersionDidNotHaveIsAnError() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages,
                @dev.switchboard.annotation.RenamedFrom("topik") String subject,
                int turns, Job job, Shape shape, Color color""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.RENAMED_FROM_UNKNOWN.format(
                        "topik", "subject", "Chat", 1, "topik", "color, job, messages, shape, topic, turns"),
                chat,
                "String subject");
    }

    @Test
    void aRenameFromAChannelThatStillExistsIsAnError() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages, String topic,
                @dev.switchboard.annotation.RenamedFrom("topic") java.util.Optional<String> subject,
                int turns, Job job, Shape shape, Color color""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.RENAMED_FROM_STILL_EXISTS.format("topic", "subject", "Chat", "topic"),
                chat,
                "subject,");
    }

    @Test
    void aRenameOntoANameTheLastVersionUsedIsAnError() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages,
                @dev.switchboard.annotation.RenamedFrom("topic") int turns,
                Job job, Shape shape, Color color""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.RENAMED_ONTO_EXISTING.format("topic", "turns", "Chat", 1, "turns", 1),
                chat,
                "int turns");
    }

    @Test
    void oneChannelCannotBeRenamedIntoTwo() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages,
                @dev.switchboard.annotation.RenamedFrom("topic") String subject,
                @dev.switchboard.annotation.RenamedFrom("topic") String heading,
                int turns, Job job, Shape shape, Color color""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.RENAMED_TWICE.format("topic", "heading", "Chat", "subject", "topic", 1),
                chat,
                "String heading");
    }

    @Test
    void aRenameLeftFromAnEarlierVersionIsHarmless() {
        versions.release(JOB, TASK, SHAPE, CIRCLE, SQUARE, COLOR, NULLABLE, chat("""
                        @Reducer(Append.class) List<String> messages,
                        @dev.switchboard.annotation.RenamedFrom("topic") String subject,
                        int turns, Job job, Shape shape, Color color"""), nodes(2, ""));
        Compilation c = v2(chat("""
                        @Reducer(Append.class) List<String> messages,
                        @dev.switchboard.annotation.RenamedFrom("topic") String subject,
                        long turns, Job job, Shape shape, Color color"""), nodes(3, ""));
        assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void aChangedChannelKindIsAnError() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages, String topic,
                @Reducer(Sum.class) int turns,
                Job job, Shape shape, Color color""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.CHANNEL_KIND_CHANGED.format(
                        "turns",
                        "Chat",
                        "LAST_VALUE",
                        1,
                        "REDUCER(Sum)",
                        "write a @Migration(from = 1) that converts the state"),
                chat,
                "int turns");
    }

    @Test
    void losslessPromotionsAreAllowed() {
        JavaFileObject job = record("Job", "public record Job(String id, java.util.Optional<String> owner) {}");
        JavaFileObject circle =
                record("Circle", "public record Circle(double r, @Nullable String label) implements Shape {}");
        JavaFileObject color = record("Color", "public enum Color { RED, GREEN, BLUE }");
        Compilation c = v2(job, circle, color, chat("""
                        @Reducer(Append.class) List<String> messages, java.util.Optional<String> topic,
                        java.math.BigDecimal turns, Job job, Shape shape, Color color"""), nodes(2, ""));
        assertThat(c).succeeded(); // with javac's warning that no processor claims test.Nullable
    }

    @Test
    void aTypeItsStoredValuesDoNotReadAsIsAnError() {
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages,
                int topic,
                int turns, Job job, Shape shape, Color color""");
        assertError(
                v2(chat, nodes(2, "")),
                Message.CHANNEL_TYPE_CHANGED.format(
                        "topic",
                        "Chat",
                        1,
                        "String",
                        "int",
                        "a stored String does not read as int",
                        "write a @Migration(from = 1) that converts the state"),
                chat,
                "int topic");
    }

    @Test
    void aNestedRecordGainingARequiredComponentIsAnError() {
        JavaFileObject job = record("Job", "public record Job(String id, String owner) {}");
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages, String topic, int turns,
                Job job,
                Shape shape, Color color""");
        assertError(
                v2(job, chat, nodes(2, "")),
                Message.CHANNEL_TYPE_CHANGED.format(
                        "job",
                        "Chat",
                        1,
                        "test.Job",
                        "test.Job",
                        "record Job gained the component owner (String), which values stored before do not have;"
                                + " make it Optional or @Nullable, or, if it was renamed, keep reading the old name"
                                + " with @JsonAlias(\"old\")",
                        "write a @Migration(from = 1) that converts the state"),
                chat,
                "Job job");
    }

    @Test
    void aSealedRecordWhoseTagChangedNeedsAnAlias() {
        JavaFileObject shape = record("Shape", "public sealed interface Shape permits Round, Square {}");
        JavaFileObject round = record("Round", "public record Round(double r) implements Shape {}");
        JavaFileObject circle = record("Circle", "public record Circle(double r) {}"); // no longer a Shape
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages, String topic, int turns, Job job,
                Shape shape,
                Color color""");
        assertError(
                v2(shape, round, circle, chat, nodes(2, "")),
                Message.CHANNEL_TYPE_CHANGED.format(
                        "shape",
                        "Chat",
                        1,
                        "test.Shape",
                        "test.Shape",
                        "sealed Shape stored Circle under the tag \"Circle\", which no record of it reads now; add"
                                + " aliases = \"Circle\" to the @Tag of the record that reads such values",
                        "write a @Migration(from = 1) that converts the state"),
                chat,
                "Shape shape");
        JavaFileObject aliased = record(
                "Round",
                "@dev.switchboard.annotation.Tag(value = \"Round\", aliases = \"Circle\")"
                        + " public record Round(double r) implements Shape {}");
        assertThat(v2(shape, aliased, circle, chat, nodes(2, ""))).succeededWithoutWarnings();
    }

    @Test
    void anEnumThatLostAConstantIsAnError() {
        JavaFileObject color = record("Color", "public enum Color { RED, BLUE }");
        JavaFileObject chat = chat("""
                @Reducer(Append.class) List<String> messages, String topic, int turns, Job job, Shape shape,
                Color color""");
        assertError(
                v2(color, chat, nodes(2, "")),
                Message.CHANNEL_TYPE_CHANGED.format(
                        "color",
                        "Chat",
                        1,
                        "test.Color",
                        "test.Color",
                        "enum Color had the constant GREEN, which stored values may hold and Color no longer has;"
                                + " keep the constant",
                        "write a @Migration(from = 1) that converts the state"),
                chat,
                "Color color");
    }

    @Test
    void aRenamedNodeIsFollowed() {
        JavaFileObject g = graph("G", """
                @Graph(version = 2)
                class G {
                    @Node(renamedFrom = "classify")
                    @Edge(from = START)
                    ChatUpdate triage(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "triage", to = "work")
                    Send<Task> fan(Chat s) { return Send.to("work", new Task("1")); }

                    @Node
                    void work(Task task) {}
                }
                """);
        assertThat(v2(record("Chat", V1_STATE), g)).succeededWithoutWarnings();
    }

    @Test
    void aRenameFromANodeTheLastVersionDidNotHaveIsAnError() {
        JavaFileObject g = graph("G", """
                @Graph(version = 2)
                class G {
                    @Node(renamedFrom = "clasify")
                    @Edge(from = START)
                    ChatUpdate triage(Chat s) { return ChatUpdate.of(); }
                }
                """);
        assertError(
                v2(record("Chat", V1_STATE), g),
                Message.NODE_RENAMED_FROM_UNKNOWN.format("clasify", "triage", 1, "clasify", "classify, work"),
                g,
                "renamedFrom");
    }

    @Test
    void aRenameFromANodeThatStillExistsIsAnError() {
        JavaFileObject g = graph("G", """
                @Graph(version = 2)
                class G {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify", to = {"work", "other"})
                    Send<Task> fan(Chat s) { return Send.to("work", new Task("1")); }

                    @Node
                    void work(Task task) {}

                    @Node(renamedFrom = "work")
                    void other(Task task) {}
                }
                """);
        assertError(
                v2(record("Chat", V1_STATE), g),
                Message.NODE_RENAMED_FROM_STILL_EXISTS.format("work", "other", "work"),
                g,
                "renamedFrom");
    }

    @Test
    void aNodeRenamedOntoANameTheLastVersionUsedIsAnError() {
        JavaFileObject g = graph("G", """
                @Graph(version = 2)
                class G {
                    @Node(renamedFrom = "classify")
                    @Edge(from = START)
                    ChatUpdate work(Chat s) { return ChatUpdate.of(); }
                }
                """);
        assertError(
                v2(record("Chat", V1_STATE), g),
                Message.NODE_RENAMED_ONTO_EXISTING.format("classify", "work", 1, "work", 1),
                g,
                "renamedFrom");
    }

    @Test
    void oneNodeCannotBeRenamedIntoTwo() {
        JavaFileObject g = graph("G", """
                @Graph(version = 2)
                class G {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify", to = {"one", "two"})
                    Send<Task> fan(Chat s) { return Send.to("one", new Task("1")); }

                    @Node(renamedFrom = "work")
                    void one(Task task) {}

                    @Node(renamedFrom = "work") // second
                    void two(Task task) {}
                }
                """);
        assertError(
                v2(record("Chat", V1_STATE), g),
                Message.NODE_RENAMED_TWICE.format("work", "two", "one", "work"),
                g,
                "// second");
    }

    @Test
    void aPayloadItsPendingSendsDoNotReadAsIsAnError() {
        JavaFileObject task = record("Task", "public record Task(int id) {}");
        JavaFileObject g = graph("G", """
                @Graph(version = 2)
                class G {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify", to = "work")
                    Send<Task> fan(Chat s) { return Send.to("work", new Task(1)); }

                    @Node
                    void work(Task task) {}
                }
                """);
        assertError(
                v2(task, record("Chat", V1_STATE), g),
                Message.PAYLOAD_CHANGED.format(
                        "work",
                        1,
                        "test.Task",
                        "test.Task",
                        "a stored String does not read as int (component id of Task)"),
                g,
                "void work(Task task)");
    }

    @Test
    void renamedFromOnANestedRecordPointsToJsonAlias() {
        JavaFileObject job =
                record("Job", "public record Job(\n@dev.switchboard.annotation.RenamedFrom(\"id\") String key) {}");
        Compilation c = v2(job, record("Chat", V1_STATE), nodes(2, ""));
        assertError(c, Message.NESTED_RENAMED_FROM.format("key", "Job", "Job"), job, "String key");
    }

    @Test
    void aPrivateChannelIsCarriedOverNotMigrated() {
        String nodes = """
                @Graph(version = %d, state = Chat.class, privateState = Scratch.class)
                class G {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    ScratchUpdate think(Scratch s) { return ScratchUpdate.of(); }
                }
                """;
        versions.release(
                JOB,
                TASK,
                SHAPE,
                CIRCLE,
                SQUARE,
                COLOR,
                NULLABLE,
                record("Chat", V1_STATE),
                record("Scratch", "public record Scratch(java.util.Optional<String> draft) {}"),
                graph("G", nodes.formatted(2)));
        JavaFileObject changed = record("Scratch", "public record Scratch(\nint draft) {}");
        assertError(
                v2(record("Chat", V1_STATE), changed, graph("G", nodes.formatted(3))),
                Message.CHANNEL_TYPE_CHANGED.format(
                        "draft",
                        "Scratch",
                        2,
                        "Optional<String>",
                        "int",
                        "a stored Optional<String> does not read as int",
                        "give the new channel a name of its own (private channels are carried over as stored, not"
                                + " migrated)"),
                changed,
                "int draft");
    }
}
