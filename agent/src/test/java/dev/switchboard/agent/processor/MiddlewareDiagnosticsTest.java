package dev.switchboard.agent.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.processor.SwitchboardProcessor;
import dev.switchboard.processor.validate.Message;
import java.io.File;
import java.net.URISyntaxException;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor's {@code @Middleware} diagnostics, one test per message, each on the offending
 * element, and the positive twin. They live here rather than in the processor's tests because the
 * generated middleware needs switchboard-agent's real types, which this module has on its class path.
 */
class MiddlewareDiagnosticsTest {
    private static final String HEADER = """
            package test;

            import dev.switchboard.agent.AgentState;
            import dev.switchboard.agent.AgentTool;
            import dev.switchboard.agent.HookResult;
            import dev.switchboard.agent.ModelCallHandler;
            import dev.switchboard.agent.ModelRequest;
            import dev.switchboard.agent.ModelResponse;
            import dev.switchboard.agent.ToolCallHandler;
            import dev.switchboard.agent.ToolCallRequest;
            import dev.switchboard.agent.ToolProvider;
            import dev.switchboard.agent.ToolResult;
            import dev.switchboard.annotation.AfterAgent;
            import dev.switchboard.annotation.AfterModel;
            import dev.switchboard.annotation.BeforeAgent;
            import dev.switchboard.annotation.BeforeModel;
            import dev.switchboard.annotation.JumpTo;
            import dev.switchboard.annotation.Middleware;
            import dev.switchboard.annotation.Reducer;
            import dev.switchboard.annotation.WrapModelCall;
            import dev.switchboard.annotation.WrapToolCall;
            import dev.switchboard.runtime.NodeContext;
            import dev.switchboard.runtime.reducer.Sum;
            import java.util.List;

            """;

    private static JavaFileObject source(String simpleName, String body) {
        return JavaFileObjects.forSourceString("test." + simpleName, HEADER + body);
    }

    private static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new SwitchboardProcessor())
                .withOptions("-Xlint:all")
                .compile(sources);
    }

    private static Compilation failsOnce(JavaFileObject s) {
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        return c;
    }

    private static void assertError(Compilation c, String text, JavaFileObject file, String line) {
        assertThat(c).hadErrorContaining(text).inFile(file).onLineContaining(line);
    }

    @Test
    void aMiddlewareWithStateAndEveryHookCompiles() {
        JavaFileObject s = source("Counter", """
                @Middleware(state = Counter.Counts.class)
                class Counter implements ToolProvider {
                    record Counts(@Reducer(Sum.class) int calls) {}

                    @BeforeAgent void start(AgentState<?> state) {}
                    @BeforeModel(canJumpTo = {JumpTo.END, JumpTo.TOOLS}) HookResult check(Counts counts, NodeContext ctx) {
                        return HookResult.none();
                    }
                    @AfterModel Counter_CountsUpdate count(Counts counts, AgentState<?> state) {
                        return Counter_CountsUpdate.of().calls(1);
                    }
                    @AfterAgent HookResult end() { return null; }
                    @WrapModelCall ModelResponse model(ModelRequest r, ModelCallHandler h) throws Exception { return h.call(r); }
                    @WrapToolCall ToolResult tool(ToolCallRequest r, ToolCallHandler h) throws Exception { return h.call(r); }
                    @Override public List<AgentTool> tools() { return List.of(); }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.CounterMiddleware");
        assertThat(c).generatedSourceFile("test.Counter_CountsChannels");
    }

    @Test
    void withoutSwitchboardAgentTheDependencyIsNamed() throws URISyntaxException {
        JavaFileObject s = JavaFileObjects.forSourceString("test.Bare", """
                package test;

                import dev.switchboard.annotation.Middleware;

                @Middleware
                class Bare {}
                """);
        File annotations = new File(Middleware.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Compilation c = javac().withProcessors(new SwitchboardProcessor())
                .withClasspath(List.of(annotations))
                .compile(s);
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.MIDDLEWARE_DEPENDENCY_MISSING.format(
                        "Bare",
                        "test.BareMiddleware",
                        "dev.switchboard.agent.AgentMiddleware",
                        "dev.switchboard:switchboard-agent"),
                s,
                "@Middleware");
    }

    @Test
    void aPrivateClass() {
        JavaFileObject s = source("Outer", """
                class Outer {
                    @Middleware
                    private static class Quiet { @BeforeModel void check() {} }
                }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_CLASS_PRIVATE.format("Quiet", "Outer_QuietMiddleware"),
                s,
                "class Quiet");
    }

    @Test
    void aGenericClass() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet<T> { @BeforeModel void check() {} }
                """);
        assertError(
                failsOnce(s), Message.MIDDLEWARE_CLASS_GENERIC.format("Quiet", "QuietMiddleware"), s, "class Quiet");
    }

    @Test
    void aClassWithoutHooks() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet { void check() {} }
                """);
        assertError(failsOnce(s), Message.MIDDLEWARE_WITHOUT_HOOK.format("Quiet"), s, "@Middleware");
    }

    @Test
    void aNameWithAReservedCharacterIsReportedOnTheName() {
        JavaFileObject s = source("Quiet", """
                @Middleware(name = "quiet:one")
                class Quiet { @BeforeModel void check() {} }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_INVALID_NAME.format("quiet:one", "Quiet", "':' is reserved in node names"),
                s,
                "quiet:one");
    }

    @Test
    void aStateThatIsNotARecordIsReportedOnTheValue() {
        JavaFileObject s = source("Quiet", """
                @Middleware(
                        state = String.class)
                class Quiet { @BeforeModel void check() {} }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_STATE_NOT_RECORD.format("String", "Quiet", "String"),
                s,
                "String.class");
    }

    @Test
    void aStateComponentNamedLikeTheAgentsOwnChannel() {
        JavaFileObject s = source("Quiet", """
                @Middleware(state = Quiet.Mine.class)
                class Quiet {
                    record Mine(int count,
                            List<String> messages) {}
                    @BeforeModel void check(Mine mine) {}
                }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_STATE_RESERVED.format("messages", "Mine", "Quiet", "messages"),
                s,
                "List<String> messages");
    }

    @Test
    void aPrivateHook() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet { @BeforeModel private void check() {} }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_HOOK_PRIVATE.format("check", "Quiet", "QuietMiddleware"),
                s,
                "check()");
    }

    @Test
    void aStaticHook() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet { @BeforeModel static void check() {} }
                """);
        assertError(failsOnce(s), Message.MIDDLEWARE_HOOK_STATIC.format("check", "Quiet"), s, "check()");
    }

    @Test
    void aMethodWithTwoHooks() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet {
                    @BeforeModel @AfterModel void check() {}
                }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_TWO_HOOKS.format("check", "Quiet", "BeforeModel", "AfterModel"),
                s,
                "check()");
    }

    @Test
    void twoHooksOfOneKindAreReportedOnTheSecond() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet {
                    @BeforeModel void first() {}
                    @BeforeModel void second() {}
                }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_DUPLICATE_HOOK.format("BeforeModel", "first", "second", "Quiet"),
                s,
                "second()");
    }

    @Test
    void aParameterAHookIsNotGivenIsReportedOnTheParameter() {
        JavaFileObject s = source("Quiet", """
                @Middleware(state = Quiet.Mine.class)
                class Quiet {
                    record Mine(int count) {}
                    @BeforeModel void check(Mine mine,
                            String topic) {}
                }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_HOOK_PARAMETER.format(
                        "topic", "check", "String", " and the middleware's state Mine"),
                s,
                "String topic");
    }

    @Test
    void aResultAHookCannotGive() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet { @AfterModel String check() { return "x"; } }
                """);
        assertError(failsOnce(s), Message.MIDDLEWARE_HOOK_RETURN.format("check", "String", ""), s, "check()");
    }

    @Test
    void aWrapHookOfTheWrongShape() {
        JavaFileObject s = source("Quiet", """
                @Middleware
                class Quiet {
                    @WrapToolCall ToolResult retry(ToolCallRequest r) { return null; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.MIDDLEWARE_WRAP_SIGNATURE.format(
                        "WrapToolCall",
                        "retry",
                        "ToolResult",
                        "retry",
                        "ToolCallRequest",
                        "ToolCallHandler",
                        "ToolResult retry(ToolCallRequest)"),
                s,
                "@WrapToolCall");
    }
}
