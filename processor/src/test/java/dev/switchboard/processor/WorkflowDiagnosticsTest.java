package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Functional workflows ({@code @Entrypoint} and {@code @Task}): one test per diagnostic, each on the
 * offending element, and the positive twin, whose generated types compile and say what they call.
 */
class WorkflowDiagnosticsTest {
    private static final String HEADER = """
            package test;

            import dev.switchboard.annotation.Cache;
            import dev.switchboard.annotation.Entrypoint;
            import dev.switchboard.annotation.Node;
            import dev.switchboard.annotation.Previous;
            import dev.switchboard.annotation.Retry;
            import dev.switchboard.annotation.Task;
            import dev.switchboard.annotation.Timeout;
            import dev.switchboard.runtime.Final;
            import dev.switchboard.runtime.NodeContext;
            import java.util.List;
            import java.util.concurrent.CompletableFuture;

            """;

    private static JavaFileObject source(String simpleName, String body) {
        return JavaFileObjects.forSourceString("test." + simpleName, HEADER + body);
    }

    private static Compilation failsOnce(JavaFileObject s) {
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        return c;
    }

    @Test
    void aCleanWorkflowGeneratesItsWorkflowAndItsTasks() {
        JavaFileObject s = source("Shop", """
                class Shop {
                    record Order(String item, int cents) {}

                    @Task
                    @Retry(maxAttempts = 2, initialIntervalMillis = 1)
                    @Timeout(millis = 5000)
                    String charge(Order o) { return "ch-" + o.cents(); }

                    @Task(name = "mail")
                    void sendMail(String to, NodeContext ctx) {}

                    @Entrypoint(name = "checkout")
                    Final<String, Integer> run(Order o, ShopTasks tasks, @Previous Integer previous, NodeContext ctx) {
                        CompletableFuture<String> r = tasks.charge(o);
                        tasks.sendMail("a@b").join();
                        return Final.of(r.join(), previous == null ? 1 : previous + 1);
                    }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).succeededWithoutWarnings();
        String workflow = generated(c, "test.ShopWorkflow");
        assertThat(workflow).contains("public final class ShopWorkflow extends WorkflowGraph<Shop.Order, String>");
        assertThat(workflow).contains("WorkflowState.of(ValueType.of(String.class), ValueType.of(Integer.class))");
        assertThat(workflow).contains(".entrypoint(ValueType.of(Shop.Order.class))");
        assertThat(workflow)
                .contains(
                        "workflow.run((Shop.Order) call.input(), new ShopTasks(workflow, context), (Integer) call.previous(),"
                                + " context)");
        String tasks = generated(c, "test.ShopTasks");
        assertThat(tasks).contains("public CompletableFuture<String> charge(final Shop.Order o)");
        assertThat(tasks).contains("new TaskDef<>(\"mail\", ValueType.of(Void.class), null, null)");
        assertThat(tasks).contains("workflow.sendMail(to, context);");
    }

    @Test
    void tasksWithoutAnEntrypoint() {
        JavaFileObject s = source("Lonely", """
                class Lonely {
                    @Task String work(String x) { return x; }
                }
                """);
        assertError(failsOnce(s), Message.WORKFLOW_NO_ENTRYPOINT.format("Lonely"), s, "class Lonely");
    }

    @Test
    void twoEntrypoints() {
        JavaFileObject s = source("Twice", """
                class Twice {
                    @Entrypoint String one(String x) { return x; }
                    @Entrypoint String two(String x) { return x; }
                }
                """);
        assertError(failsOnce(s), Message.WORKFLOW_TWO_ENTRYPOINTS.format("one", "two", "Twice"), s, "two(");
    }

    @Test
    void aWorkflowWithNodes() {
        JavaFileObject s = source("Mixed", """
                class Mixed {
                    @Entrypoint String run(String x) { return x; }
                    @Node String step(String x) { return x; }
                }
                """);
        assertError(failsOnce(s), Message.WORKFLOW_WITH_NODES.format("Node", "step", "Mixed"), s, "@Node");
    }

    @Test
    void aPrivateWorkflowClass() {
        JavaFileObject s = source("Outer", """
                class Outer {
                    private static class Hidden {
                        @Entrypoint String run(String x) { return x; }
                    }
                }
                """);
        assertError(
                failsOnce(s),
                Message.WORKFLOW_CLASS_PRIVATE.format("Hidden", "Outer_HiddenWorkflow"),
                s,
                "class Hidden");
    }

    @Test
    void aGenericWorkflowClass() {
        JavaFileObject s = source("Generic", """
                class Generic<T> {
                    @Entrypoint String run(String x) { return x; }
                }
                """);
        assertError(
                failsOnce(s), Message.WORKFLOW_CLASS_GENERIC.format("Generic", "GenericWorkflow"), s, "class Generic");
    }

    @Test
    void aStaticTask() {
        JavaFileObject s = source("Static", """
                class Static {
                    @Task static String work(String x) { return x; }
                    @Entrypoint String run(String x) { return x; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.WORKFLOW_METHOD_MODIFIER.format("Task", "work", "static", "StaticWorkflow"),
                s,
                "static String work");
    }

    @Test
    void anEntrypointWithoutInput() {
        JavaFileObject s = source("NoInput", """
                class NoInput {
                    @Entrypoint String run(NodeContext ctx) { return "x"; }
                }
                """);
        assertError(failsOnce(s), Message.ENTRYPOINT_NO_INPUT.format("run", "NoInputTasks"), s, "String run(");
    }

    @Test
    void anEntrypointParameterItIsNotGiven() {
        JavaFileObject s = source("Extra", """
                class Extra {
                    @Entrypoint String run(String x, int extra) { return x; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.ENTRYPOINT_PARAMETER.format("extra", "run", "int", "ExtraTasks"),
                s,
                "String run(");
    }

    @Test
    void anEntrypointTakingTheContextTwice() {
        JavaFileObject s = source("Dup", """
                class Dup {
                    @Entrypoint String run(String x, NodeContext a, NodeContext b) { return x; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.ENTRYPOINT_DUPLICATE_PARAMETER.format("run", "dev.switchboard.runtime.NodeContext"),
                s,
                "String run(");
    }

    @Test
    void aVoidEntrypoint() {
        JavaFileObject s = source("Void", """
                class Void {
                    @Entrypoint void run(String x) {}
                }
                """);
        assertError(failsOnce(s), Message.ENTRYPOINT_VOID.format("run"), s, "void run(");
    }

    @Test
    void aPreviousOfAnotherType() {
        JavaFileObject s = source("Prev", """
                class Prev {
                    @Entrypoint String run(String x, @Previous Integer previous) { return x; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.PREVIOUS_TYPE.format("previous", "run", "Integer", "String", "String"),
                s,
                "String run(");
    }

    @Test
    void aPrimitivePrevious() {
        JavaFileObject s = source("Counter", """
                class Counter {
                    @Entrypoint int run(int n, @Previous int previous) { return previous + n; }
                }
                """);
        assertError(
                failsOnce(s), Message.PREVIOUS_PRIMITIVE.format("previous", "run", "int", "Integer"), s, "int run(");
    }

    @Test
    void aTaskThatCallsTasks() {
        JavaFileObject s = source("Nest", """
                class Nest {
                    @Task String inner(String x) { return x; }
                    @Task String outer(String x, NestTasks tasks) { return tasks.inner(x).join(); }
                    @Entrypoint String run(String x, NestTasks tasks) { return tasks.inner(x).join(); }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).failed();
        assertError(c, Message.TASK_CALLS_TASKS.format("outer", "NestTasks"), s, "String outer(");
    }

    @Test
    void twoTasksOfOneName() {
        JavaFileObject s = source("Same", """
                class Same {
                    @Task(name = "fetch") String a(String x) { return x; }
                    @Task(name = "fetch") String b(String x) { return x; }
                    @Entrypoint String run(String x) { return x; }
                }
                """);
        assertError(failsOnce(s), Message.TASK_DUPLICATE_NAME.format("fetch", "a", "b"), s, "String b(", "\"fetch\"");
    }

    @Test
    void aTaskNamedLikeTheEntrypoint() {
        JavaFileObject s = source("Named", """
                class Named {
                    @Task(name = "run") String work(String x) { return x; }
                    @Entrypoint String run(String x) { return x; }
                }
                """);
        assertError(
                failsOnce(s), Message.TASK_NAMED_LIKE_ENTRYPOINT.format("run", "work"), s, "String work(", "\"run\"");
    }

    @Test
    void aCachedTask() {
        JavaFileObject s = source("Cached", """
                class Cached {
                    @Task @Cache String work(String x) { return x; }
                    @Entrypoint String run(String x) { return x; }
                }
                """);
        assertError(failsOnce(s), Message.CACHE_ON_TASK.format("work"), s, "@Cache");
    }

    @Test
    void anUnstorableTaskResult() {
        JavaFileObject s = source("Opaque", """
                class Opaque {
                    @Task Runnable work(String x) { return () -> {}; }
                    @Entrypoint String run(String x) { return x; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.UNSTORABLE_WORKFLOW_TYPE.format("the result", "work", "Runnable", "", "it has no stored form"),
                s,
                "Runnable work(");
    }
}
