package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @Migration}: a static method converting version N-1's state, checked against N-1's
 * exported schema; one test per diagnostic and the positive twins (a migration lets the state
 * change in any way, and a chain of migrations passes through an older version's record).
 */
class MigrationDiagnosticsTest {
    private static final JavaFileObject CHAT_V1 =
            record("Chat", "public record Chat(@Reducer(Append.class) List<String> messages, String topic) {}");
    private static final JavaFileObject TOPIC =
            record("Topic", "public record Topic(String name, java.util.Optional<String> parent) {}");
    private static final JavaFileObject CHAT_V2 =
            record("Chat", "public record Chat(@Reducer(Append.class) List<String> messages, Topic topic) {}");
    private static final JavaFileObject OLD =
            record("ChatV1", "public record ChatV1(List<String> messages, String topic) {}");
    private static final String UP = """
            @dev.switchboard.annotation.Migration(from = 1)
            static Chat up(ChatV1 old) {
                return new Chat(old.messages(), new Topic(old.topic(), java.util.Optional.empty()));
            }
            """;

    @TempDir
    Path dir;

    private static JavaFileObject g(int version, String migrations) {
        return graph("G", """
                @Graph(version = %d)
                class G {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                %s
                }
                """.formatted(version, migrations.indent(4)));
    }

    private SchemaVersions released() {
        SchemaVersions v = new SchemaVersions(dir);
        v.release(CHAT_V1, g(1, ""));
        return v;
    }

    @Test
    void aMigrationLetsTheStateChangeInAnyWay() {
        assertThat(released().compile(CHAT_V2, TOPIC, OLD, g(2, UP))).succeededWithoutWarnings();
    }

    @Test
    void aMigrationNeedsExportedSchemas() {
        JavaFileObject g = g(2, UP);
        assertError(
                TestSources.compile(CHAT_V2, TOPIC, OLD, g),
                Message.MIGRATION_NEEDS_SCHEMA.format(
                        1, "up", "compile with -Aswitchboard.schemaLocation=DIR to export and check schemas"),
                g,
                "@dev.switchboard.annotation.Migration(from = 1)");
    }

    @Test
    void aMigrationNeedsTheFileOfItsVersion() {
        SchemaVersions v = new SchemaVersions(dir);
        JavaFileObject g = g(2, UP);
        assertError(
                v.compile(CHAT_V2, TOPIC, OLD, g),
                Message.MIGRATION_NEEDS_SCHEMA.format(
                        1, "up", v.display(1) + " is missing; restore it from version control"),
                g,
                "@dev.switchboard.annotation.Migration(from = 1)");
    }

    @Test
    void theRecordItTakesHasEveryStateChannelOfItsVersion() {
        JavaFileObject old = record("ChatV1", "public record ChatV1(List<String> messages) {}");
        JavaFileObject g = g(2, """
                @dev.switchboard.annotation.Migration(from = 1)
                static Chat up(ChatV1 old) { return new Chat(old.messages(), null); }
                """);
        assertError(
                released().compile(CHAT_V2, TOPIC, old, g),
                Message.MIGRATION_MISSING_COMPONENT.format(1, "up", "ChatV1", "topic", 1, "String", "messages, topic"),
                g,
                "static Chat up(ChatV1 old)");
    }

    @Test
    void theRecordItTakesHasNoOtherComponents() {
        JavaFileObject old =
                record("ChatV1", "public record ChatV1(List<String> messages, String topic,\nint extra) {}");
        assertError(
                released().compile(CHAT_V2, TOPIC, old, g(2, UP)),
                Message.MIGRATION_EXTRA_COMPONENT.format(1, "up", "ChatV1", "extra", 1, "messages, topic"),
                old,
                "int extra");
    }

    @Test
    void theRecordItTakesReadsWhatItsVersionStored() {
        JavaFileObject old = record("ChatV1", "public record ChatV1(List<String> messages,\nint topic) {}");
        JavaFileObject g = g(2, """
                @dev.switchboard.annotation.Migration(from = 1)
                static Chat up(ChatV1 old) { return new Chat(old.messages(), null); }
                """);
        assertError(
                released().compile(CHAT_V2, TOPIC, old, g),
                Message.MIGRATION_COMPONENT_TYPE.format(
                        1, "up", "topic", "ChatV1", "int", 1, "String", "a stored String does not read as int"),
                old,
                "int topic");
    }

    @Test
    void aReducerTheOldVersionUsedMustStillExist() {
        SchemaVersions v = new SchemaVersions(dir);
        JavaFileObject concat = record("Concat", """
                public class Concat implements dev.switchboard.runtime.reducer.ReduceFunction<List<String>> {
                    public List<String> reduce(List<String> a, List<String> b) { return b; }
                }
                """);
        v.release(
                concat,
                record("Chat", "public record Chat(@Reducer(Concat.class) List<String> messages, String topic) {}"),
                g(1, ""));
        JavaFileObject g = g(2, UP);
        assertError(
                v.compile(CHAT_V2, TOPIC, OLD, g),
                Message.MIGRATION_REDUCER_GONE.format(1, "up", "messages", 1, "test.Concat"),
                g,
                "@dev.switchboard.annotation.Migration(from = 1)");
    }

    @Test
    void aMigrationFromTheLastVersionReturnsTheState() {
        JavaFileObject g = g(2, """
                @dev.switchboard.annotation.Migration(from = 1)
                static ChatV1 up(ChatV1 old) { return old; }
                """);
        assertError(
                released().compile(CHAT_V2, TOPIC, OLD, g),
                Message.MIGRATION_RETURN.format(1, "up", "ChatV1", "but version 2's state is Chat", "Chat", ""),
                g,
                "@dev.switchboard.annotation.Migration(from = 1)");
    }

    @Test
    void aMigrationReadsAnOlderVersion() {
        JavaFileObject g = g(2, UP.replace("from = 1", "from = 2"));
        assertError(
                released().compile(CHAT_V2, TOPIC, OLD, g),
                Message.MIGRATION_FROM_RANGE.format(2, "up", 2, 1),
                g,
                "@dev.switchboard.annotation.Migration(from = 2)");
    }

    @Test
    void oneMigrationPerVersion() {
        String again = UP.replace("static Chat up(", "static Chat again(").replace("(from = 1)", "(from = 1) // again");
        JavaFileObject g = g(2, UP + again);
        Compilation c = released().compile(CHAT_V2, TOPIC, OLD, g);
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.MIGRATION_DUPLICATE.format(1, "again", "up", 1), g, "// again");
    }

    @Test
    void aMigrationIsStatic() {
        JavaFileObject g = g(2, UP.replace("static Chat up(", "Chat up("));
        assertError(
                released().compile(CHAT_V2, TOPIC, OLD, g),
                Message.MIGRATION_SIGNATURE.format("up", "it is not static", "Chat"),
                g,
                "Chat up(ChatV1 old)");
    }

    @Test
    void migrationsChainThroughAnOlderVersionsRecord() {
        SchemaVersions v = released();
        v.release(CHAT_V2, TOPIC, OLD, g(2, UP));
        JavaFileObject chat3 = record(
                "Chat", "public record Chat(@Reducer(Append.class) List<String> messages, Topic topic, int mood) {}");
        JavaFileObject v2 = record("ChatV2", "public record ChatV2(List<String> messages, Topic topic) {}");
        JavaFileObject g = g(3, """
                @dev.switchboard.annotation.Migration(from = 1)
                static ChatV2 up(ChatV1 old) {
                    return new ChatV2(old.messages(), new Topic(old.topic(), java.util.Optional.empty()));
                }
                """);
        assertThat(v.compile(chat3, TOPIC, OLD, v2, g)).succeededWithoutWarnings();
        JavaFileObject wrong = record("ChatV2", "public record ChatV2(List<String> messages) {}");
        JavaFileObject g2 = g(3, """
                @dev.switchboard.annotation.Migration(from = 1)
                static ChatV2 up(ChatV1 old) { return new ChatV2(old.messages()); }
                """);
        assertError(
                v.compile(chat3, TOPIC, OLD, wrong, g2),
                Message.MIGRATION_RETURN.format(
                        1,
                        "up",
                        "ChatV2",
                        "which is not version 2's state: it has no component topic",
                        "Chat",
                        ", or a record of version 2's state"),
                g2,
                "@dev.switchboard.annotation.Migration(from = 1)");
    }
}
