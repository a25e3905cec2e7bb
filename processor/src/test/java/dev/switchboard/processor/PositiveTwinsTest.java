package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The positive twin of each family of diagnostics: the corrected source compiles with
 * {@code -Xlint:all} and without a single warning, so neither the user's code nor the generated
 * code warns.
 */
class PositiveTwinsTest {
    private static Compilation compilesCleanly(JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).succeededWithoutWarnings();
        return c;
    }

    /**
     * The two packages a state record needs can both be imported on demand: the runtime's reducer
     * interface is {@code ReduceFunction}, so {@code @Reducer} names only the annotation.
     */
    @Test
    void wildcardImportsOfAnnotationsAndReducersDoNotMakeReducerAmbiguous() {
        JavaFileObject state = com.google.testing.compile.JavaFileObjects.forSourceString("test.Wild", """
                package test;

                import dev.switchboard.annotation.*;
                import dev.switchboard.runtime.reducer.*;
                import java.util.List;

                public record Wild(@Reducer(Append.class) List<String> messages, @Reducer(Sum.class) int turns) {}
                """);
        Compilation c = compilesCleanly(state);
        assertThat(c).generatedSourceFile("test.WildUpdate");
    }

    /** Twin of {@link StateDiagnosticsTest}: every channel kind, each declared right. */
    @Test
    void stateRecordWithEveryChannelKind() {
        JavaFileObject concat = record("Concat", """
                public final class Concat implements dev.switchboard.runtime.reducer.ReduceFunction<String> {
                    public Concat() {}

                    @Override
                    public String reduce(String current, String update) {
                        return current + update;
                    }
                }
                """);
        JavaFileObject state = record("Everything", """
                public record Everything(
                        @Reducer(Append.class) List<String> messages,
                        @Reducer(Sum.class) int turns,
                        @Reducer(Sum.class) long tokens,
                        @Reducer(Concat.class) String text,
                        String topic,
                        double score,
                        @Untracked Object trace,
                        @Untracked(guard = false) String scratch,
                        @Managed(RemainingSteps.class) int remaining,
                        @Managed(dev.switchboard.runtime.managed.IsLastStep.class) boolean last,
                        @Channel(ChannelKind.TOPIC) List<String> events,
                        @Channel(value = ChannelKind.TOPIC, accumulate = true) List<Integer> all,
                        @Channel(ChannelKind.EPHEMERAL) String once,
                        @Channel(ChannelKind.ANY_VALUE) String any,
                        @Channel(ChannelKind.LAST_VALUE_AFTER_FINISH) String last_after) {}
                """);
        Compilation c = compilesCleanly(state, concat);
        assertThat(c).generatedSourceFile("test.EverythingUpdate");
        assertThat(c).generatedSourceFile("test.EverythingChannels");
    }

    /** Twin of {@link StructureDiagnosticsTest}: the same shapes, with every name spelled right. */
    @Test
    void graphWithEveryKindOfEdge() {
        JavaFileObject g = graph("Support", """
                class Support {
                    enum Next { wrapUp, END }

                    @Node(destinations = {"billing", "general"})
                    @Edge(from = START)
                    Command<ChatUpdate> classify(Chat s) { return Command.goTo("billing"); }

                    @Node
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @Node
                    ChatUpdate general(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "billing", to = {"review", END})
                    String afterBilling(Chat s) { return END; }

                    @Node
                    ChatUpdate review(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify") @Edge(from = "general")
                    ChatUpdate audit(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Join({"billing", "general"})
                    ChatUpdate join(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "join")
                    Next next(Chat s) { return Next.END; }

                    @Node(defer = true)
                    ChatUpdate wrapUp(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "review", to = {"general", "wrapUp"})
                    List<String> fanOut(Chat s) { return List.of("general", "wrapUp"); }
                }
                """);
        Compilation c = compilesCleanly(CHAT, g);
        assertThat(c).generatedSourceFile("test.SupportGraph");
    }

    /** Twin of {@link SignatureDiagnosticsTest}: every node and route shape the DSL accepts. */
    @Test
    void everyNodeAndRouteShape() {
        JavaFileObject job = record("Job", "public record Job(String name, int size) {}");
        JavaFileObject g = graph("Shapes", """
                import java.util.concurrent.CompletableFuture;

                public class Shapes {
                    @Node
                    @Edge(from = START)
                    public ChatUpdate plain(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "plain")
                    static ChatUpdate staticNode(Chat s, NodeContext ctx) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "staticNode")
                    void sideEffect(Chat s) {}

                    @Node
                    @Edge(from = "sideEffect")
                    CompletableFuture<ChatUpdate> async(Chat s) {
                        return CompletableFuture.completedFuture(ChatUpdate.of());
                    }

                    @Node
                    @Edge(from = "async")
                    CompletableFuture<Void> asyncVoid(Chat s, NodeContext ctx) {
                        return CompletableFuture.completedFuture(null);
                    }

                    @Node(destinations = END)
                    @Edge(from = "asyncVoid")
                    Command<ChatUpdate> command(Chat s) { return Command.goTo(END); }

                    @Route(from = "command", to = "worker")
                    List<Send<Job>> spread(Chat s, NodeContext ctx) { return List.of(Send.to("worker", new Job("a", 1))); }

                    @Node
                    ChatUpdate worker(Job job, NodeContext ctx) { return ChatUpdate.of().topic(job.name()); }

                    @Route(from = "worker", to = {"plain", END})
                    static String again(Chat s) { return END; }
                }
                """);
        Compilation c = compilesCleanly(CHAT, job, g);
        assertThat(c).generatedSourceFile("test.ShapesGraph");
    }

    /** Twin of the state-family diagnostics: input, output, private state and projections agree. */
    @Test
    void graphWithInputOutputPrivateStateAndProjection() {
        JavaFileObject overall = record("Overall", "public record Overall(String question, String answer) {}");
        JavaFileObject question = record("Question", "public record Question(String question) {}");
        JavaFileObject answer = record("Answer", "public record Answer(String answer) {}");
        JavaFileObject notes = record("Notes", "public record Notes(String question, String notes) {}");
        JavaFileObject g = graph("Schemas", """
                @Graph(state = Overall.class, input = Question.class, output = Answer.class,
                        privateState = Notes.class, name = "schemas")
                class Schemas {
                    @Node
                    @Edge(from = START)
                    OverallUpdate think(Question s) { return OverallUpdate.of().also(NotesUpdate.of().notes("n")); }

                    @Node
                    @Edge(from = "think")
                    OverallUpdate respond(Notes s) { return OverallUpdate.of().answer(s.notes()); }
                }
                """);
        Compilation c = compilesCleanly(overall, question, answer, notes, g);
        assertThat(c).generatedSourceFile("test.SchemasGraph");
        assertThat(c).generatedSourceFile("test.NotesUpdate");
    }
}
