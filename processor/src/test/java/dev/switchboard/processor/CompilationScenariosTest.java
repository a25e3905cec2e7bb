package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;
import static dev.switchboard.processor.TestSources.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the processor fits into real builds: rounds, records compiled elsewhere, generated names,
 * Gradle's isolating mode and the {@code @Generated} stamp.
 */
class CompilationScenariosTest {
    private static final JavaFileObject SUPPORT = graph("Support", """
            class Support {
                @Node
                @Edge(from = START)
                ChatUpdate classify(Chat s) { return ChatUpdate.of().topic("billing"); }

                @Node
                @Edge(from = "classify")
                Command<ChatUpdate> billing(Chat s) { return Command.update(ChatUpdate.of()); }
            }
            """);

    @TempDir
    Path temp;

    // ---- (a) round order

    /** The graph names ChatUpdate and ChatChannels' record before either exists, listed first. */
    @Test
    void graphMentioningUpdateTypesGeneratedInTheSameCompilation() {
        JavaFileObject plain = record("Chat", "public record Chat(List<String> messages, String topic) {}");
        JavaFileObject other = graph("Other", """
                class Other {
                    @Node
                    @Edge(from = START)
                    java.util.concurrent.CompletableFuture<ChatUpdate> only(Chat s) {
                        return java.util.concurrent.CompletableFuture.completedFuture(ChatUpdate.of());
                    }
                }
                """);
        Compilation c = compile(SUPPORT, other, plain);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generatedNames(c))
                .containsExactly("test.ChatUpdate", "test.ChatChannels", "test.SupportGraph", "test.OtherGraph");
    }

    /** A record only a Send delivers is a payload: no update or channel type that nothing would use. */
    @Test
    void sendPayloadRecordsGetNoUpdateOrChannels() {
        JavaFileObject job = record("Job", "public record Job(String name) {}");
        JavaFileObject g = graph("Fan", """
                class Fan {
                    @Node
                    @Edge(from = START)
                    ChatUpdate plan(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "plan", to = "work")
                    List<Send<Job>> spread(Chat s) { return List.of(Send.to("work", new Job("a"))); }

                    @Node
                    ChatUpdate work(Job job) { return ChatUpdate.of().topic(job.name()); }
                }
                """);
        Compilation c = compile(CHAT, job, g);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generatedNames(c)).containsExactly("test.ChatUpdate", "test.ChatChannels", "test.FanGraph");
    }

    // ---- (b) records from another compilation

    /** The record and its generated types come from a module compiled earlier, with the processor. */
    @Test
    void recordCompiledEarlierWithTheProcessorIsNotRegenerated() throws IOException {
        Compilation first = compile(CHAT);
        assertThat(first).succeededWithoutWarnings();
        Path classes = writeClasses(first, temp.resolve("first"));

        // Declares the same reducer as Chat.messages; were Chat's CLASS-retention @Reducer lost in
        // the class file, messages would be a plain channel here and this a kind mismatch.
        JavaFileObject view = record("View", "public record View(@Reducer(Append.class) List<String> messages) {}");
        JavaFileObject g = graph("Reader", """
                @Graph(state = Chat.class)
                class Reader {
                    @Node
                    @Edge(from = START)
                    ChatUpdate read(View s) { return ChatUpdate.of(); }
                }
                """);
        Compilation second = compileWith(classes, view, g);
        assertThat(second).succeededWithoutWarnings();
        assertThat(generatedNames(second)).containsExactly("test.ViewUpdate", "test.ViewChannels", "test.ReaderGraph");
    }

    /** Outer_Chat's generated types come from a module compiled earlier; Outer.Chat wants the same names. */
    @Test
    void aRecordThatFlattensToTheNameOfOneCompiledEarlierIsAClash() throws IOException {
        JavaFileObject flat =
                record("Outer_Chat", "public record Outer_Chat(@Reducer(Append.class) List<String> messages) {}");
        Compilation first = compile(flat);
        assertThat(first).succeededWithoutWarnings();
        Path classes = writeClasses(first, temp.resolve("flat"));

        JavaFileObject outer = record("Outer", """
                public class Outer {
                    public record Chat(@Reducer(Append.class) List<String> messages) {} // nested
                }
                """);
        Compilation second = compileWith(classes, outer);
        assertThat(second).failed();
        assertThat(second).hadErrorCount(1);
        assertError(
                second,
                Message.RECORD_NAME_CLASH.format("test.Outer.Chat", "test.Outer_Chat", "test.Outer_ChatUpdate"),
                outer,
                "// nested");
    }

    @Test
    void reducersOfARecordCompiledEarlierAreStillChecked() throws IOException {
        Path classes = writeClasses(compile(CHAT), temp.resolve("first"));
        JavaFileObject view = record("View", "public record View(@Untracked List<String> messages) {}");
        JavaFileObject g = graph("Reader", """
                @Graph(state = Chat.class)
                class Reader {
                    @Node
                    @Edge(from = START)
                    ChatUpdate read(View s) { return ChatUpdate.of(); }
                }
                """);
        Compilation second = compileWith(classes, view, g);
        assertThat(second).failed();
        assertThat(second).hadErrorCount(1);
        assertError(
                second,
                Message.PROJECTION_KIND_MISMATCH.format("messages", "View", "Chat"),
                view,
                "@Untracked List<String> messages");
    }

    /** The record comes from a jar built without the processor: its types are generated here. */
    @Test
    void recordFromAJarWithoutGeneratedTypesIsGeneratedForTheGraph() throws IOException {
        Compilation first = javac().compile(CHAT);
        assertThat(first).succeededWithoutWarnings();
        Path jar = writeJar(first, temp.resolve("chat.jar"));

        Compilation second = compileWith(jar, SUPPORT);
        assertThat(second).succeededWithoutWarnings();
        assertThat(generatedNames(second)).containsExactly("test.ChatUpdate", "test.ChatChannels", "test.SupportGraph");
        assertThat(generatedText(second, "test.ChatChannels"))
                .contains("ComponentSpec.channel(ChannelSpec.reducer(\"messages\", new Append<>(),");
    }

    // ---- (b2) stale generated code

    /** Maven without incremental compilation recompiles only the edited record: its types follow it. */
    @Test
    void recordCompiledAloneIsGeneratedAgainOverItsOldOutput() throws IOException {
        Path classes = writeClasses(compile(CHAT), temp.resolve("first"));
        JavaFileObject edited = record(
                "Chat", "public record Chat(@Reducer(Append.class) List<String> messages, String topic, int turns) {}");
        Compilation second = compileWith(classes, edited);
        assertThat(second).succeeded();
        // javac's -Xlint:processing notes that the old output is on the classpath; it is replaced.
        assertThat(second).hadWarningContaining("A file for type 'test.ChatUpdate' already exists");
        assertThat(generatedNames(second)).containsExactly("test.ChatUpdate", "test.ChatChannels");
        assertThat(generatedText(second, "test.ChatUpdate")).contains("public ChatUpdate turns(int turns)");
    }

    /** A record without annotations is not known as state alone, so its stale channels fail the build. */
    @Test
    void plainRecordCompiledAloneOverStaleChannelsFailsTheBuild() throws IOException {
        JavaFileObject plain = record("Chat", "public record Chat(List<String> messages, String topic) {}");
        Path classes = writeClasses(compile(plain, SUPPORT), temp.resolve("first"));
        JavaFileObject edited = record("Chat", "public record Chat(List<String> messages, String topic, int turns) {}");
        Compilation second = javac().withProcessors(new SwitchboardProcessor(), new StaleOutputCheck())
                .withOptions("-Xlint:all")
                .withClasspath(classpathWith(classes))
                .compile(edited);
        assertThat(second).failed();
        assertThat(second).hadErrorCount(1);
        assertError(
                second,
                Message.STALE_GENERATED.format(
                        "test.ChatChannels",
                        "Chat",
                        "LAST_VALUE messages: java.util.List<java.lang.String>; LAST_VALUE topic: java.lang.String",
                        "Chat",
                        "LAST_VALUE messages: java.util.List<java.lang.String>; LAST_VALUE topic: java.lang.String;"
                                + " LAST_VALUE turns: int"),
                edited,
                "public record Chat");
    }

    /** The same record compiled with its graph is generated again, so the check finds nothing stale. */
    @Test
    void plainRecordCompiledWithItsGraphOverOldChannelsIsGeneratedAgain() throws IOException {
        JavaFileObject plain = record("Chat", "public record Chat(List<String> messages, String topic) {}");
        Path classes = writeClasses(compile(plain, SUPPORT), temp.resolve("first"));
        JavaFileObject edited = record("Chat", "public record Chat(List<String> messages, String topic, int turns) {}");
        Compilation second = javac().withProcessors(new SwitchboardProcessor(), new StaleOutputCheck())
                .withClasspath(classpathWith(classes))
                .compile(edited, SUPPORT);
        assertThat(second).succeeded();
        assertThat(generatedText(second, "test.ChatChannels")).contains("LAST_VALUE turns: int");
    }

    /** Record and channels from another compilation that went stale: the graph's build fails. */
    @Test
    void graphOverARecordWhoseChannelsAreStaleFailsTheBuild() throws IOException {
        Path classes = writeClasses(compile(CHAT), temp.resolve("first"));
        JavaFileObject edited = record(
                "Chat", "public record Chat(@Reducer(Append.class) List<String> messages, String topic, int turns) {}");
        writeClasses(javac().withClasspath(classpathWith(classes)).compile(edited), classes);
        Compilation second = compileWith(classes, SUPPORT);
        assertThat(second).failed();
        assertThat(second).hadErrorCount(1);
        String was = "REDUCER(dev.switchboard.runtime.reducer.Append) messages: java.util.List<java.lang.String>;"
                + " LAST_VALUE topic: java.lang.String";
        assertError(
                second,
                Message.STALE_GENERATED.format(
                        "test.ChatChannels", "Chat", was, "Chat", was + "; LAST_VALUE turns: int"),
                SUPPORT,
                "class Support");
    }

    // ---- (c) hand-written types with generated names

    @Test
    void handWrittenUpdateTypeIsACollisionNotOverwritten() {
        JavaFileObject mine = record("ChatUpdate", "public class ChatUpdate {}");
        Compilation c = compile(CHAT, mine);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.NAME_COLLISION.format("test.ChatUpdate", "test.Chat"), CHAT, "public record Chat");
    }

    @Test
    void handWrittenGraphTypeIsACollisionNotOverwritten() {
        JavaFileObject mine = graph("SupportGraph", "class SupportGraph {}");
        Compilation c = compile(CHAT, SUPPORT, mine);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(c, Message.NAME_COLLISION.format("test.SupportGraph", "test.Support"), SUPPORT, "class Support");
    }

    // ---- (d) nested types

    @Test
    void nestedTypesFlattenWithUnderscores() {
        JavaFileObject outer = graph("Outer", """
                public class Outer {
                    public record Chat(@dev.switchboard.annotation.Untracked String trace, String topic) {}

                    static class Support {
                        @Node
                        @Edge(from = START)
                        Outer_ChatUpdate classify(Chat s) { return Outer_ChatUpdate.of().topic("t"); }
                    }
                }
                """);
        Compilation c = compile(outer);
        assertThat(c).succeededWithoutWarnings();
        assertThat(generatedNames(c))
                .containsExactly("test.Outer_ChatUpdate", "test.Outer_ChatChannels", "test.Outer_SupportGraph");
        assertThat(generatedText(c, "test.Outer_SupportGraph"))
                .contains("public static Builder builder(Outer.Support nodes)");
    }

    // ---- (e) Gradle's isolating mode

    @Test
    void declaredIsolatingForGradle() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/gradle/incremental.annotation.processors")) {
            assertEquals(
                    SwitchboardProcessor.class.getName() + ",isolating\n" + StaleOutputCheck.class.getName()
                            + ",isolating",
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }

    /** Gradle's isolating mode needs exactly one originating element per file: the type it came from. */
    @Test
    void everyGeneratedFileHasOneOriginatingElement() throws IOException {
        RecordingProcessor recording = new RecordingProcessor(new SwitchboardProcessor());
        assertThat(javac().withProcessors(recording).compile(CHAT, SUPPORT)).succeeded();
        assertEquals(
                Map.of(
                        "test.ChatUpdate", List.of("test.Chat"),
                        "test.ChatChannels", List.of("test.Chat"),
                        "test.SupportGraph", List.of("test.Support")),
                recording.originatingElements());

        // A record from a jar has no source; its files are decided by, and belong to, the graph.
        Path jar = writeJar(javac().compile(CHAT), temp.resolve("chat.jar"));
        RecordingProcessor fromJar = new RecordingProcessor(new SwitchboardProcessor());
        assertThat(javac().withProcessors(fromJar)
                        .withClasspath(classpathWith(jar))
                        .compile(SUPPORT))
                .succeeded();
        assertEquals(
                Map.of(
                        "test.ChatUpdate", List.of("test.Support"),
                        "test.ChatChannels", List.of("test.Support"),
                        "test.SupportGraph", List.of("test.Support")),
                fromJar.originatingElements());
    }

    // ---- (f) the @Generated stamp

    @Test
    void everyGeneratedFileIsStampedWithTheProcessorAndNoDate() {
        Compilation c = compile(CHAT, SUPPORT);
        assertThat(c).succeededWithoutWarnings();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String text = text(f);
            assertThat(text)
                    .contains("\n@Generated(\"dev.switchboard.processor.SwitchboardProcessor\")\npublic final class");
            assertThat(text).contains("import javax.annotation.processing.Generated;");
            assertThat(text).doesNotContain("date =");
            assertThat(text.split("@Generated", -1)).hasLength(2);
        }
    }

    // ---- helpers

    private static List<String> generatedNames(Compilation c) {
        List<String> out = new ArrayList<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String path = f.getName().substring("/SOURCE_OUTPUT/".length());
            out.add(path.substring(0, path.length() - ".java".length()).replace('/', '.'));
        }
        return out;
    }

    private static String generatedText(Compilation c, String qualifiedName) {
        return text(c.generatedSourceFile(qualifiedName).orElseThrow());
    }

    private static Compilation compileWith(Path extra, JavaFileObject... sources) {
        return javac().withProcessors(new SwitchboardProcessor())
                .withOptions("-Xlint:all")
                .withClasspath(classpathWith(extra))
                .compile(sources);
    }

    /** The test classpath (annotations, runtime, ...) plus {@code extra}. */
    private static List<File> classpathWith(Path extra) {
        List<File> out = new ArrayList<>();
        out.add(extra.toFile());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            out.add(new File(entry));
        }
        return out;
    }

    private static Map<String, byte[]> classFiles(Compilation c) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            if (f.getKind() == JavaFileObject.Kind.CLASS) {
                try (InputStream in = f.openInputStream()) {
                    out.put(f.getName().substring("/CLASS_OUTPUT/".length()), in.readAllBytes());
                }
            }
        }
        return out;
    }

    private static Path writeClasses(Compilation c, Path dir) throws IOException {
        for (Map.Entry<String, byte[]> e : classFiles(c).entrySet()) {
            Path file = dir.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue());
        }
        return dir;
    }

    private static Path writeJar(Compilation c, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream zip = new JarOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : classFiles(c).entrySet()) {
                zip.putNextEntry(new JarEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }
}
