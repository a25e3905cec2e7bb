package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.graph;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A graph using every node policy annotation and error handlers of each shape compiles with
 * {@code -Xlint:all -Werror}, and the generated graph declares the policies and dispatches the
 * handlers.
 */
class PolicyGenerationTest {
    static final String POLICY_IMPORTS = """
            import dev.switchboard.annotation.Cache;
            import dev.switchboard.annotation.OnError;
            import dev.switchboard.annotation.Retry;
            import dev.switchboard.annotation.Timeout;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.util.concurrent.CompletableFuture;
            """;

    private static final JavaFileObject POLICIES = graph("Policies", POLICY_IMPORTS + """

            class Policies {
                @Node
                @Edge(from = START)
                @Retry
                ChatUpdate plain(Chat s) { return ChatUpdate.of(); }

                @Node
                @Edge(from = "plain")
                @Retry(maxAttempts = 5, initialIntervalMillis = 10, backoffFactor = 1.5, maxIntervalMillis = 3000000000L,
                        jitter = false, retryOn = {IOException.class, UncheckedIOException.class})
                @Timeout(millis = 250)
                @Cache(ttlSeconds = 60)
                ChatUpdate fetch(Chat s, NodeContext ctx) { return ChatUpdate.of(); }

                @OnError("fetch")
                ChatUpdate recoverFetch(Chat s, IOException e, NodeContext ctx) { return ChatUpdate.of().topic("offline"); }

                @Node
                @Edge(from = "fetch")
                @Cache
                Command<ChatUpdate> store(Chat s) { return Command.goTo(END); }

                @OnError("store")
                static Command<ChatUpdate> recoverStore(Chat s, Throwable e) { return Command.goTo(END); }

                @Node
                @Edge(from = "store")
                void audit(Chat s) {}

                @OnError("audit")
                CompletableFuture<Void> recoverAudit(Chat s, RuntimeException e) {
                    return CompletableFuture.completedFuture(null);
                }

                @Node
                @Edge(from = "audit")
                ChatUpdate last(Chat s) { return ChatUpdate.of(); }

                @OnError("last")
                void ignore(Chat s, Exception e) {}
            }
            """);

    @Test
    void everyPolicyCompilesWithWerrorAndIsGenerated() {
        Compilation c = javac().withProcessors(new SwitchboardProcessor())
                .withOptions("-Xlint:all", "-Werror")
                .compile(CHAT, POLICIES);
        assertThat(c).succeededWithoutWarnings();
        String graph = TestSources.generated(c, "test.PoliciesGraph");
        assertContains(
                graph,
                // Unwritten members take the annotation's defaults; no retryOn means the runtime's default.
                ".retry(\"plain\", new RetryPolicy(3, Duration.ofMillis(500), 2.0, Duration.ofMillis(128000), true,"
                        + " RetryPolicy.DEFAULT_RETRY_ON))",
                ".retry(\"fetch\", new RetryPolicy(5, Duration.ofMillis(10), 1.5, Duration.ofMillis(3000000000L), false,"
                        + " e -> e instanceof IOException || e instanceof UncheckedIOException))",
                ".timeout(\"fetch\", Duration.ofMillis(250))",
                ".cache(\"fetch\", Duration.ofSeconds(60))",
                ".cache(\"store\", Duration.ZERO)",
                ".onError(\"fetch\")",
                ".onError(\"store\")",
                ".onError(\"audit\")",
                ".onError(\"last\")",
                "public Object onError(int node, Object input, Throwable error, NodeContext context)");
        // A handler that takes less than Throwable rethrows what it does not take.
        assertContains(graph, """
                        case 2:
                            if (!(error instanceof IOException)) {
                                throw error instanceof Exception ? (Exception) error : new ExecutionException(error);
                            }
                            return nodes.recoverFetch((Chat) input, (IOException) error, context);
                """, """
                        case 3:
                            return Policies.recoverStore((Chat) input, error);
                """, """
                        case 4:
                            if (!(error instanceof RuntimeException)) {
                                throw error instanceof Exception ? (Exception) error : new ExecutionException(error);
                            }
                            return nodes.recoverAudit((Chat) input, (RuntimeException) error).thenApply(ignored -> NodeDispatcher.NO_WRITES);
                """, """
                        case 5:
                            if (!(error instanceof Exception)) {
                                throw new ExecutionException(error);
                            }
                            nodes.ignore((Chat) input, (Exception) error);
                            return NodeDispatcher.NO_WRITES;
                """);
        assertFalse(graph.contains(".retry(\"store\"") || graph.contains(".timeout(\"store\""), graph);
        assertFalse(graph.contains("onError(\"plain\")"), graph);
    }

    @Test
    void aGraphWithoutHandlersDoesNotOverrideOnError() {
        JavaFileObject g = graph("Plain", POLICY_IMPORTS + """

                class Plain {
                    @Node
                    @Edge(from = START)
                    @Timeout(millis = 5)
                    ChatUpdate only(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = TestSources.compile(CHAT, g);
        assertThat(c).succeededWithoutWarnings();
        String graph = TestSources.generated(c, "test.PlainGraph");
        assertContains(graph, ".timeout(\"only\", Duration.ofMillis(5))");
        assertFalse(graph.contains("onError"), graph);
    }

    @Test
    void aHandlerOfASendTargetTakesThePayload() {
        JavaFileObject job = TestSources.record("Job", "public record Job(String name) {}");
        JavaFileObject g = graph("Fanout", POLICY_IMPORTS + """

                class Fanout {
                    @Node
                    @Edge(from = START)
                    ChatUpdate plan(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "plan", to = "work")
                    List<Send<Job>> spread(Chat s) { return List.of(Send.to("work", new Job("a"))); }

                    @Node
                    @Retry(maxAttempts = 1)
                    ChatUpdate work(Job job) { return ChatUpdate.of(); }

                    @OnError("work")
                    ChatUpdate failed(Job job, Throwable e) { return ChatUpdate.of().topic(job.name()); }
                }
                """);
        Compilation c = TestSources.compile(CHAT, job, g);
        assertThat(c).succeededWithoutWarnings();
        assertContains(
                TestSources.generated(c, "test.FanoutGraph"),
                ".retry(\"work\", new RetryPolicy(1,",
                "return nodes.failed((Job) input, error);");
    }

    /** Asserts each part is in the text, comparing runs of whitespace as one space. */
    private static void assertContains(String text, String... parts) {
        String flat = flat(text);
        for (String part : parts) {
            assertTrue(flat.contains(flat(part)), () -> "no\n" + part + "\nin\n" + text);
        }
    }

    private static String flat(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }
}
