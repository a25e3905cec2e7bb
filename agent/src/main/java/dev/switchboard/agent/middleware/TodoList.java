package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.output.structured.Description;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.AgentTool;
import dev.switchboard.agent.HookResult;
import dev.switchboard.agent.ModelCallHandler;
import dev.switchboard.agent.ModelRequest;
import dev.switchboard.agent.ModelResponse;
import dev.switchboard.agent.ToolCallRequest;
import dev.switchboard.agent.ToolProvider;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.annotation.AfterModel;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.annotation.StructuredOutput;
import dev.switchboard.annotation.WrapModelCall;
import dev.switchboard.langchain4j.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A todo list the model keeps, LangChain's {@code todoListMiddleware}: the tool {@code write_todos}
 * replaces the list in the agent's state ({@code todos}), a paragraph added to the system prompt tells
 * the model when to use it, and two {@code write_todos} calls in one reply are both refused, since
 * they would race.
 */
@Middleware(name = "TodoListMiddleware", state = TodoList.Todos.class)
public final class TodoList implements ToolProvider {
    /** The tool's name. */
    public static final String TOOL = "write_todos";
    /** The paragraph added to the system prompt unless another is given. */
    public static final String DEFAULT_PROMPT = """
            ## `write_todos`
            You can keep a todo list with the `write_todos` tool. For a task of three or more steps, write the \
            steps down first, mark the one you work on `in_progress`, and mark each `completed` as soon as it \
            is done, one update at a time; add steps you discover and drop those that no longer matter. Skip \
            the list for simple requests. Never call `write_todos` twice in one reply.""";
    /** The tool's description unless another is given. */
    public static final String DEFAULT_DESCRIPTION = "Replaces your todo list with the given items. Use it to plan a"
            + " task of several steps and to report progress: mark an item in_progress when you start it and"
            + " completed when it is done.";

    /** Where a todo item stands; the names are LangChain's. */
    public enum Status {
        /** Not started. */
        pending,
        /** Being worked on. */
        in_progress,
        /** Done. */
        completed
    }

    /**
     * One item of the list.
     *
     * @param content what is to be done
     * @param status where it stands
     */
    public record Todo(
            @Description("what is to be done") String content,
            @Description("where it stands") Status status) {}

    /**
     * The middleware's state.
     *
     * @param todos the list, as the model last wrote it
     */
    public record Todos(List<Todo> todos) {}

    /**
     * The arguments of {@code write_todos}.
     *
     * @param todos the new list
     */
    @StructuredOutput(name = TOOL)
    record WriteTodos(
            @Description("the whole list, replacing the previous one")
            List<Todo> todos) {}

    private final String prompt;
    private final String description;

    private TodoList(Builder b) {
        this.prompt = b.prompt;
        this.description = b.description;
    }

    /**
     * Starts a configuration.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public List<AgentTool> tools() {
        ToolSpecification spec = ToolSpecification.builder()
                .name(TOOL)
                .description(description)
                .parameters(TodoList_WriteTodosFormat.INSTANCE.schema())
                .build();
        return List.of(new AgentTool() {
            @Override
            public ToolSpecification specification() {
                return spec;
            }

            @Override
            public ToolResult execute(ToolCallRequest request) {
                ToolExecutionRequest call = request.call();
                List<Todo> todos = TodoList_WriteTodosFormat.INSTANCE
                        .parse(call.arguments())
                        .todos();
                return ToolResult.of(call, "Updated todo list to " + Json.compact(todos))
                        .withUpdate(TodoList_TodosUpdate.of().todos(todos));
            }
        });
    }

    @WrapModelCall
    ModelResponse addPrompt(ModelRequest request, ModelCallHandler handler) throws Exception {
        String system = request.systemPrompt().orElse("");
        return handler.call(request.withSystemPrompt(system.isEmpty() ? prompt : system + "\n\n" + prompt));
    }

    @AfterModel
    HookResult refuseParallelWrites(AgentState<?> state) {
        List<ToolExecutionRequest> writes = new ArrayList<>();
        state.lastAiMessage().ifPresent(m -> {
            for (ToolExecutionRequest c : ((dev.langchain4j.data.message.AiMessage) m.chat()).toolExecutionRequests()) {
                if (TOOL.equals(c.name())) {
                    writes.add(c);
                }
            }
        });
        if (writes.size() < 2) {
            return HookResult.none();
        }
        List<Message> refusals = new ArrayList<>();
        for (ToolExecutionRequest c : writes) {
            refusals.add(ToolResult.error(
                            c,
                            "Error: The `write_todos` tool should never be called multiple times in"
                                    + " parallel. Please call it only once per model invocation to update the todo list.")
                    .message()
                    .orElseThrow());
        }
        return HookResult.messages(refusals);
    }

    /** Configures a {@link TodoList}. */
    public static final class Builder {
        private String prompt = DEFAULT_PROMPT;
        private String description = DEFAULT_DESCRIPTION;

        private Builder() {}

        /**
         * The paragraph added to the system prompt.
         *
         * @param text the paragraph
         * @return this builder
         */
        public Builder systemPrompt(String text) {
            this.prompt = Objects.requireNonNull(text, "text");
            return this;
        }

        /**
         * The description of {@code write_todos}.
         *
         * @param text the description
         * @return this builder
         */
        public Builder toolDescription(String text) {
            this.description = Objects.requireNonNull(text, "text");
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         */
        public AgentMiddleware build() {
            return new TodoListMiddleware(new TodoList(this));
        }
    }
}
