package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.PolicyGenerationTest.POLICY_IMPORTS;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic of the node policy annotations ({@code @Retry}, {@code @Timeout},
 * {@code @Cache}): error count, text from the catalogue, line, and the column of the offending
 * value where one was written.
 */
class PolicyDiagnosticsTest {
    private static JavaFileObject support(String node) {
        return graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                %s
                }
                """.formatted(node.indent(4)));
    }

    private static Compilation failsWith(int errors, JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(errors);
        return c;
    }

    @Test
    void policiesOnMethodsThatAreNoNodes() {
        JavaFileObject g = graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "classify", to = END)
                    @Retry(maxAttempts = 2)
                    String next(Chat s) { return END; }

                    @Timeout(millis = 10) @Cache
                    ChatUpdate helper(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(3, CHAT, g);
        assertError(c, Message.POLICY_WITHOUT_NODE.format("Retry", "next", "Retry"), g, "@Retry", "@Retry");
        assertError(c, Message.POLICY_WITHOUT_NODE.format("Timeout", "helper", "Timeout"), g, "@Timeout", "@Timeout");
        assertError(c, Message.POLICY_WITHOUT_NODE.format("Cache", "helper", "Cache"), g, "@Timeout", "@Cache");
    }

    @Test
    void retryOnTypesMustBeVisibleToTheGeneratedGraph() {
        JavaFileObject g = graph("Support", POLICY_IMPORTS + """

                class Support {
                    private static class Hidden extends RuntimeException {
                        private static final long serialVersionUID = 1L;
                    }

                    static class Shown extends RuntimeException {
                        private static final long serialVersionUID = 1L;
                    }

                    @Node
                    @Edge(from = START)
                    @Retry(retryOn = {Shown.class, Hidden.class})
                    ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.RETRY_ON_INACCESSIBLE.format("Hidden", "fetch", "Hidden", "SupportGraph"),
                g,
                "@Retry(retryOn",
                "{");
    }

    @Test
    void retryNeedsAnAttempt() {
        JavaFileObject g = support("""
                @Retry(maxAttempts = 0)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.RETRY_MAX_ATTEMPTS.format(0, "fetch"), g, "@Retry", "0");
    }

    @Test
    void retryWaitsMustNotShrink() {
        JavaFileObject g = support("""
                @Retry(backoffFactor = 0.5)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.RETRY_BACKOFF_FACTOR.format(0.5, "fetch"), g, "@Retry", "0.5");
    }

    @Test
    void retryBackoffMustBeFinite() {
        JavaFileObject g = support("""
                @Retry(backoffFactor = Double.NaN)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        // javac places a field access at its dot.
        assertError(c, Message.RETRY_BACKOFF_FACTOR.format(Double.NaN, "fetch"), g, "@Retry", ".NaN");
    }

    @Test
    void retryWaitsCannotBeNegative() {
        JavaFileObject g = support("""
                @Retry(initialIntervalMillis = -1, maxIntervalMillis = -5)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        // Both are reported; that -5 is below -1 is not, since the fix is the same.
        Compilation c = failsWith(2, CHAT, g);
        assertError(c, Message.RETRY_NEGATIVE_INTERVAL.format("initialIntervalMillis", -1, "fetch"), g, "@Retry", "-1");
        assertError(c, Message.RETRY_NEGATIVE_INTERVAL.format("maxIntervalMillis", -5, "fetch"), g, "@Retry", "-5");
    }

    @Test
    void retryLongestWaitBelowTheFirst() {
        JavaFileObject g = graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                    @Retry(initialIntervalMillis = 1000, maxIntervalMillis = 100)
                    ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "fetch")
                    @Retry(initialIntervalMillis = 200_000) // above the default maxIntervalMillis
                    ChatUpdate store(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(2, CHAT, g);
        assertError(
                c,
                Message.RETRY_MAX_BELOW_INITIAL.format("fetch", 100, 1000, 1000),
                g,
                "@Retry(initialIntervalMillis = 1000",
                "100)");
        // The default was not written, so the caret is on the annotation.
        assertError(
                c,
                Message.RETRY_MAX_BELOW_INITIAL.format("store", 128_000, 200_000, 200_000),
                g,
                "@Retry(initialIntervalMillis = 200_000)",
                "@Retry");
    }

    @Test
    void timeoutMustBePositive() {
        JavaFileObject g = support("""
                @Timeout(millis = 0)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.TIMEOUT_NOT_POSITIVE.format(0, "fetch"), g, "@Timeout", "0");
    }

    @Test
    void cacheTimeToLiveCannotBeNegative() {
        JavaFileObject g = support("""
                @Cache(ttlSeconds = -60)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.CACHE_NEGATIVE_TTL.format(-60, "fetch"), g, "@Cache", "-60");
    }

    @Test
    void everyInvalidValueIsReportedAtOnce() {
        JavaFileObject g = support("""
                @Retry(maxAttempts = -1, backoffFactor = 0)
                @Timeout(millis = -1)
                @Cache(ttlSeconds = -1)
                ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(4, CHAT, g);
        assertError(c, Message.RETRY_MAX_ATTEMPTS.format(-1, "fetch"), g, "@Retry", "-1");
        assertError(c, Message.RETRY_BACKOFF_FACTOR.format(0.0, "fetch"), g, "@Retry", "0)");
        assertError(c, Message.TIMEOUT_NOT_POSITIVE.format(-1, "fetch"), g, "@Timeout", "-1");
        assertError(c, Message.CACHE_NEGATIVE_TTL.format(-1, "fetch"), g, "@Cache", "-1");
    }

    @Test
    void subgraphNodesCanBeRetriedButNeitherTimedOutNorCached() {
        JavaFileObject inner = record("Inner", "public record Inner(@Reducer(Append.class) List<String> messages) {}");
        JavaFileObject innerGraph = graph("InnerNodes", """
                class InnerNodes {
                    @Node
                    @Edge(from = START)
                    InnerUpdate work(Inner s) { return InnerUpdate.of(); }
                }
                """);
        JavaFileObject g = graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    @Retry
                    @Timeout(millis = 100)
                    @Cache
                    InnerNodesGraph inner() { return null; }
                }
                """);
        Compilation c = failsWith(2, CHAT, inner, innerGraph, g);
        assertError(c, Message.POLICY_ON_SUBGRAPH.format("Timeout", "inner", "Timeout"), g, "@Timeout", "@Timeout");
        assertError(c, Message.POLICY_ON_SUBGRAPH.format("Cache", "inner", "Cache"), g, "@Cache", "@Cache");
    }
}
