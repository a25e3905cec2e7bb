package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.langchain4j.internal.RecordedToolResult;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.Step;
import dev.switchboard.runtime.StreamPart.Tool.Phase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * LangGraph's {@code ToolNode}: runs every tool execution request of the last message, which must be
 * an {@link AiMessage}, and returns one {@link ToolExecutionResultMessage} per request, in request
 * order, each carrying its request's id and tool name. Several requests run in parallel on the
 * executor (the common pool unless set). From an annotated graph, one line:
 *
 * <pre>{@code
 * @Node ChatUpdate tools(Chat s, NodeContext ctx) { return ChatUpdate.of().messages(toolNode.run(s.messages(), ctx)); }
 * }</pre>
 *
 * <p>Given the node's context, each call is a durable step: a call that finished is not run again
 * when the node's task runs again (see {@link #run(List, NodeContext)}); and each call is reported
 * to the {@code tools} stream mode as it starts (with its arguments' JSON text) and as it finishes
 * (with the tool's text) or fails (with the error's message), as LangGraph's {@code ToolNode} does.
 *
 * <p>By default a failing call does not fail the run, as in LangGraph: an unknown tool, arguments
 * that do not parse or do not match the tool's parameters, or an exception the tool throws become
 * a result message with {@code isError = true} and the text {@code "Error: <message>\n Please fix
 * your mistakes."}, so the model can correct itself; a tool's own error answer ({@link
 * ToolErrorException}, e.g. an MCP result with {@code isError}) is passed on unchanged. With {@link Builder#failOnError()} the first
 * such failure is thrown instead (a {@link ToolExecutionException}, subject to the node's retry
 * policy). Requests with duplicate ids cannot be answered unambiguously and are rejected before any
 * tool runs. Thread-safe.
 */
public final class ToolNode {
    private final ToolSet tools;
    private final Executor executor;
    private final boolean failOnError;

    private ToolNode(Builder b) {
        this.tools = b.tools;
        this.executor = b.executor;
        this.failOnError = b.failOnError;
    }

    /**
     * A tool node with the defaults: errors become messages, parallel calls on the common pool.
     *
     * @param tools the tools
     * @return the node
     */
    public static ToolNode of(ToolSet tools) {
        return builder(tools).build();
    }

    /**
     * A builder.
     *
     * @param tools the tools
     * @return the builder
     */
    public static Builder builder(ToolSet tools) {
        return new Builder(Objects.requireNonNull(tools, "tools"));
    }

    /**
     * The tools this node runs.
     *
     * @return the tool set
     */
    public ToolSet tools() {
        return tools;
    }

    /**
     * Runs the tool requests of the last message.
     *
     * @param messages the conversation; its last message must be an AI message
     * @return one result message per request, in request order, without ids (the reducer gives them
     *     theirs)
     * @throws IllegalArgumentException if the last message is not an AI message, or two of its
     *     requests share an id
     * @throws ToolExecutionException with {@link Builder#failOnError()}, for the first failed call
     */
    public List<Message> run(List<Message> messages) {
        List<ToolExecutionRequest> requests = requests(messages);
        if (requests.size() == 1) {
            return List.of(Message.of(call(requests.get(0))));
        }
        List<CompletableFuture<ToolExecutionResultMessage>> running = new ArrayList<>();
        for (ToolExecutionRequest r : requests) {
            running.add(CompletableFuture.supplyAsync(() -> call(r), executor));
        }
        return joinAll(running);
    }

    /**
     * Runs the tool requests of the last message, each as a durable step of the node's task (see
     * {@link NodeContext#step}): a call's result is recorded when it finishes, and when the task runs
     * again (a sibling call failed with {@link Builder#failOnError()} and the node is retried or the
     * run resumed, the run paused, or a JVM crashed) only the calls without a recorded result run;
     * the others answer from their records. Calls are matched to records by request order and by
     * tool name and call id.
     *
     * @param messages the conversation; its last message must be an AI message
     * @param ctx the context of the node that runs the tools
     * @return one result message per request, in request order, as {@link #run(List)}
     * @throws IllegalArgumentException if the last message is not an AI message, or two of its
     *     requests share an id
     * @throws ToolExecutionException with {@link Builder#failOnError()}, for the first failed call
     *     in request order, once every call has finished
     */
    public List<Message> run(List<Message> messages, NodeContext ctx) {
        Objects.requireNonNull(ctx, "ctx");
        List<ToolExecutionRequest> requests = requests(messages);
        if (requests.size() == 1) {
            ToolExecutionRequest r = requests.get(0);
            return List.of(Message.of(result(r, ctx.step(step(r, 0), () -> record(call(r, ctx))))));
        }
        List<CompletableFuture<ToolExecutionResultMessage>> running = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            ToolExecutionRequest r = requests.get(i);
            running.add(ctx.stepAsync(step(r, i), () -> record(call(r, ctx)), executor)
                    .thenApply(recorded -> result(r, recorded)));
        }
        return joinAll(running);
    }

    /** The step of a call: named by its tool and id (or position, for a call without an id). */
    private static Step<RecordedToolResult> step(ToolExecutionRequest r, int index) {
        return Step.of("tool " + r.name() + " " + (r.id() == null ? "#" + index : r.id()), RecordedToolResult.class);
    }

    private static RecordedToolResult record(ToolExecutionResultMessage m) {
        return new RecordedToolResult(m.text(), Boolean.TRUE.equals(m.isError()));
    }

    private static ToolExecutionResultMessage result(ToolExecutionRequest r, RecordedToolResult recorded) {
        return result(r, recorded.text(), recorded.error());
    }

    /**
     * The results in request order, once every call has finished: a failure is thrown only then
     * (the first in request order), so no call is still running, or still to be recorded, when the
     * node fails and a retry starts.
     */
    private static List<Message> joinAll(List<CompletableFuture<ToolExecutionResultMessage>> running) {
        try {
            CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException ignored) {
            // thrown below, in request order
        }
        List<Message> out = new ArrayList<>();
        for (CompletableFuture<ToolExecutionResultMessage> f : running) {
            out.add(Message.of(join(f)));
        }
        return List.copyOf(out);
    }

    private static ToolExecutionResultMessage join(CompletableFuture<ToolExecutionResultMessage> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private static List<ToolExecutionRequest> requests(List<Message> messages) {
        Message last = messages.isEmpty() ? null : messages.get(messages.size() - 1);
        AiMessage ai = last == null ? null : last.ai();
        if (ai == null) {
            throw new IllegalArgumentException("ToolNode: the last message is not an AiMessage but "
                    + (last == null
                            ? "nothing (no messages)"
                            : last.isRemoval() ? "a removal" : last.chat().type())
                    + "; route to the tools node only when the model asked for tools (see ToolsCondition)");
        }
        List<ToolExecutionRequest> requests = ai.hasToolExecutionRequests() ? ai.toolExecutionRequests() : List.of();
        Set<String> ids = new HashSet<>();
        for (ToolExecutionRequest r : requests) {
            if (r.id() != null && !ids.add(r.id())) {
                throw new IllegalArgumentException("ToolNode: the AiMessage requests two tool calls with the id '"
                        + r.id() + "', so their results could not be told apart; the model must give each call"
                        + " an id of its own");
            }
        }
        return requests;
    }

    /** {@link #call(ToolExecutionRequest)}, reported to the node's {@code tools} stream as it goes. */
    private ToolExecutionResultMessage call(ToolExecutionRequest r, NodeContext ctx) {
        String name = r.name() == null ? "" : r.name();
        ctx.emitTool(Phase.STARTED, r.id(), name, r.arguments());
        String text;
        try {
            text = tools.execute(r);
        } catch (Exception e) {
            ctx.emitTool(
                    Phase.FAILED,
                    r.id(),
                    name,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            return failed(r, e);
        }
        ctx.emitTool(Phase.FINISHED, r.id(), name, text == null ? "" : text);
        return result(r, text, false);
    }

    private ToolExecutionResultMessage call(ToolExecutionRequest r) {
        try {
            return result(r, tools.execute(r), false);
        } catch (Exception e) {
            return failed(r, e);
        }
    }

    /** A failed call's result message, or the failure thrown with {@link Builder#failOnError()}. */
    private ToolExecutionResultMessage failed(ToolExecutionRequest r, Exception e) {
        if (failOnError) {
            throw new ToolExecutionException(r, e);
        }
        String text = e instanceof ToolErrorException
                ? e.getMessage()
                : "Error: " + describe(e) + "\n Please fix your mistakes.";
        return result(r, text, true);
    }

    private static String describe(Exception e) {
        return e instanceof UnknownToolException || e instanceof ToolArgumentsException || e.getMessage() == null
                ? (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private static ToolExecutionResultMessage result(ToolExecutionRequest r, String text, boolean error) {
        return ToolExecutionResultMessage.builder()
                .id(r.id())
                .toolName(r.name())
                .text(text == null ? "" : text)
                .isError(error ? Boolean.TRUE : null)
                .build();
    }

    /** Configures a {@link ToolNode}. */
    public static final class Builder {
        private final ToolSet tools;
        private Executor executor = ForkJoinPool.commonPool();
        private boolean failOnError;

        private Builder(ToolSet tools) {
            this.tools = tools;
        }

        /**
         * Where parallel calls run.
         *
         * @param executor the executor
         * @return this builder
         */
        public Builder executor(Executor executor) {
            this.executor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /**
         * Fail the node on the first failed call instead of answering it with an error message.
         *
         * @return this builder
         */
        public Builder failOnError() {
            this.failOnError = true;
            return this;
        }

        /**
         * Builds the node.
         *
         * @return the node
         */
        public ToolNode build() {
            return new ToolNode(this);
        }
    }
}
