package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;
import static dev.switchboard.processor.TestSources.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden files: the full text of a few generated sources of each kind, to catch output that is
 * correct but weird (a stray import, a changed order, a lost javadoc). Behaviour is tested
 * elsewhere; these only show what the user's IDE will show.
 *
 * <p>After an intended change of the generated code, regenerate the goldens and review the diff:
 *
 * <pre>
 * ./mvnw -B -o test -pl annotations,runtime,processor -Dtest=GoldenFilesTest -Dgolden.update=true
 * git diff processor/src/test/resources/golden
 * </pre>
 *
 * With {@code golden.update} set, each test writes its file to {@code src/test/resources/golden/}
 * instead of comparing.
 */
class GoldenFilesTest {
    /** A state with a list reducer, a sum, a plain field, an untracked and a managed value. */
    static final JavaFileObject CHAT = record("Chat", """
            public record Chat(
                    @Reducer(Append.class) List<String> messages,
                    @Reducer(Sum.class) int turns,
                    String topic,
                    @Untracked Trace trace,
                    @Managed(RemainingSteps.class) int remaining) {}
            """);

    static final JavaFileObject TRACE = record("Trace", "public record Trace(List<String> notes) {}");

    static final JavaFileObject JOB = record("Job", "public record Job(String ticket) {}");

    /** A graph with an edge, a join, enum, String and Send routes, a Command node, void and deferred nodes. */
    static final JavaFileObject SUPPORT = graph("Support", """
            class Support {
                enum Topic { billing, general }

                @Node
                @Edge(from = START)
                ChatUpdate classify(Chat s) { return ChatUpdate.of().topic("billing"); }

                @Route(from = "classify")
                Topic byTopic(Chat s) { return Topic.valueOf(s.topic()); }

                @Node(destinations = {"escalate", END})
                Command<ChatUpdate> billing(Chat s) { return Command.goTo("escalate"); }

                @Node
                ChatUpdate general(Chat s, NodeContext ctx) { return ChatUpdate.of().turns(1); }

                @Route(from = "general", to = {"wrapUp", END})
                String afterGeneral(Chat s) { return END; }

                @Node
                void escalate(Chat s) {}

                @Route(from = "escalate", to = "research")
                List<Send<Job>> research(Chat s) { return List.of(Send.to("research", new Job("t-1"))); }

                @Node(name = "research")
                ChatUpdate investigate(Job job) { return ChatUpdate.of().messages(List.of(job.ticket())); }

                @Node
                @Join({"billing", "general"})
                ChatUpdate summarize(Chat s) { return ChatUpdate.of(); }

                @Node(defer = true)
                @Edge(from = "summarize") @Edge(from = "research")
                ChatUpdate wrapUp(Chat s) { return ChatUpdate.of().overwriteMessages(List.of()); }
            }
            """);

    /** A graph whose input, output and private state differ from its state. */
    static final JavaFileObject[] SCHEMAS = {
        record("Overall", "public record Overall(String question, String answer) {}"),
        record("Question", "public record Question(String question) {}"),
        record("Answer", "public record Answer(String answer) {}"),
        record("Notes", "public record Notes(String question, String notes) {}"),
        graph("Schemas", """
                @Graph(state = Overall.class, input = Question.class, output = Answer.class,
                        privateState = Notes.class, name = "schemas")
                class Schemas {
                    @Node
                    @Edge(from = START)
                    OverallUpdate think(Question s) { return OverallUpdate.of(); }

                    @Node
                    @Edge(from = "think")
                    OverallUpdate respond(Notes s) { return OverallUpdate.of().answer(s.notes()); }
                }
                """)
    };

    private static final Path GOLDEN_SOURCES = Path.of("src", "test", "resources", "golden");

    static List<JavaFileObject> all() {
        List<JavaFileObject> out = new ArrayList<>(List.of(CHAT, TRACE, JOB, SUPPORT));
        out.addAll(List.of(SCHEMAS));
        return out;
    }

    /** Every generated source by qualified name. */
    static Map<String, String> generated(List<JavaFileObject> sources) {
        Compilation c = compile(sources.toArray(JavaFileObject[]::new));
        assertThat(c).succeededWithoutWarnings();
        Map<String, String> out = new TreeMap<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            out.put(f.getName(), text(f));
        }
        return out;
    }

    private static Map<String, String> generatedOnce;

    /** One compilation serves every golden. */
    private static synchronized Map<String, String> generatedOnce() {
        if (generatedOnce == null) {
            generatedOnce = generated(all());
        }
        return generatedOnce;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"ChatUpdate", "ChatChannels", "SupportGraph", "OverallUpdate", "NotesChannels", "SchemasGraph"})
    void generatedSourceMatchesItsGolden(String simpleName) throws IOException {
        Map<String, String> generated = generatedOnce();
        String actual = generated.get("/SOURCE_OUTPUT/test/" + simpleName + ".java");
        assertNotNull(actual, () -> simpleName + " not generated; generated: " + generated.keySet());
        String file = simpleName + ".java";
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN_SOURCES);
            Files.writeString(GOLDEN_SOURCES.resolve(file), actual, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(golden(file), actual, () -> file + " differs from its golden; see the class javadoc to update");
    }

    @Test
    void outputIsDeterministic() {
        List<JavaFileObject> reversed = new ArrayList<>(all());
        Collections.reverse(reversed);
        Map<String, String> first = generated(all());
        assertEquals(first, generated(all()));
        assertEquals(first, generated(reversed));
    }

    private static String golden(String file) {
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("/golden/" + file)) {
            assertNotNull(in, () -> "no golden " + file + "; run with -Dgolden.update=true to create it");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
