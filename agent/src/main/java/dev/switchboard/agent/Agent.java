package dev.switchboard.agent;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.OutputFormat;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.pregel.PregelGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An agent with middleware, LangChain's {@code createAgent}: a graph that calls the model, runs the
 * tools it asks for (each call a task of its own), and goes on until the model answers without tool
 * calls, with the middleware's hooks around it. Its nodes are {@code model_request}, {@code tools}
 * and one per middleware hook ({@code HumanInTheLoopMiddleware.after_model}); it is a compiled graph
 * like any other, so it checkpoints every step, pauses and resumes, streams, runs as a subgraph and is
 * served by the server.
 *
 * <pre>{@code
 * Agent<WeatherReport> agent = Agent.builder(model)
 *         .tools(new WeatherToolsTools(new WeatherTools()))
 *         .systemPrompt("You are terse.")
 *         .middleware(HumanInTheLoop.builder().interruptOn("send_email").build())
 *         .responseFormat(WeatherReportFormat.INSTANCE)
 *         .checkpointer(SqliteSaver.file(Path.of("agent.db")))
 *         .build();
 * AgentState<WeatherReport> out = agent.invoke(
 *         AgentStateUpdate.of().messages(List.of(Message.user("Weather in Paris?"))), RunConfig.thread("t1")).value();
 * }</pre>
 *
 * <p>The system prompt is sent first on every model call and never stored. Replies are named after
 * the agent ({@code "model"} unless {@link Builder#name} is set), as LangChain names them.
 *
 * @param <R> the structured response's type ({@code Void} without a response format)
 */
public final class Agent<R> extends PregelGraph<AgentState<R>, AgentStateUpdate, AgentState<R>> {
    /** The model node's name. */
    public static final String MODEL = "model_request";
    /** The tools node's name. */
    public static final String TOOLS = "tools";

    private final AgentPlan<R> plan;

    private Agent(Builder<R> builder, AgentPlan<R> plan) {
        super(plan.definition(), new AgentDispatcher<>(plan), builder);
        this.plan = plan;
    }

    /**
     * Starts an agent over a blocking model.
     *
     * @param model the model
     * @return a builder
     */
    public static Builder<Void> builder(ChatModel model) {
        return new Builder<>(AgentModel.of(Objects.requireNonNull(model, "model")));
    }

    /**
     * Starts an agent over a streaming model, whose tokens reach the {@code MESSAGES} stream mode.
     *
     * @param model the model
     * @return a builder
     */
    public static Builder<Void> builder(StreamingChatModel model) {
        return new Builder<>(AgentModel.of(Objects.requireNonNull(model, "model")));
    }

    /**
     * The graph's node names in declaration order, {@code __start__} first.
     *
     * @return the node names
     */
    public List<String> nodes() {
        return plan.nodes();
    }

    /**
     * The agent's middleware, in the order given.
     *
     * @return the middleware
     */
    public List<AgentMiddleware> middleware() {
        return plan.middleware;
    }

    /**
     * The agent's response format.
     *
     * @return the format, if the agent has one
     */
    public Optional<StructuredOutput<R>> responseFormat() {
        return Optional.ofNullable(plan.output);
    }

    @Override
    public String mermaid() {
        return AgentDiagram.mermaid(plan);
    }

    @Override
    public String inputJsonSchema() {
        return AgentDiagram.inputSchema(plan);
    }

    @Override
    public String outputJsonSchema() {
        return AgentDiagram.outputSchema(plan);
    }

    /**
     * Configures and builds an {@link Agent}: model, tools, system prompt, middleware, response format,
     * and everything a compiled graph takes (checkpointer, store, executor, retry policies, listeners).
     *
     * @param <R> the structured response's type
     */
    public static final class Builder<R> extends GraphBuilder<Builder<R>, Agent<R>> {
        private final AgentModel model;
        private final List<AgentTool> tools = new ArrayList<>();
        private final List<ToolSet> toolSets = new ArrayList<>();
        private final List<AgentMiddleware> middleware = new ArrayList<>();
        private String systemPrompt;
        private String name;
        private StructuredOutput<R> output;

        private Builder(AgentModel model) {
            this.model = model;
        }

        /**
         * Tools the model may call, from tool sets (such as the dispatchers the processor generates
         * for {@code @Tools} classes, or an MCP server's tools). A set's specifications are read at
         * every model call, so a set whose tools change offers its current ones.
         *
         * @param sets the tool sets
         * @return this builder
         */
        public Builder<R> tools(ToolSet... sets) {
            for (ToolSet s : sets) {
                toolSets.add(Objects.requireNonNull(s, "a tool set"));
            }
            return this;
        }

        /**
         * Tools the model may call.
         *
         * @param more the tools
         * @return this builder
         */
        public Builder<R> tools(AgentTool... more) {
            return tools(Arrays.asList(more));
        }

        /**
         * Tools the model may call.
         *
         * @param more the tools
         * @return this builder
         */
        public Builder<R> tools(List<? extends AgentTool> more) {
            for (AgentTool t : more) {
                tools.add(Objects.requireNonNull(t, "a tool"));
            }
            return this;
        }

        /**
         * The system prompt, sent first on every model call and never stored.
         *
         * @param prompt the prompt, or {@code null} for none
         * @return this builder
         */
        public Builder<R> systemPrompt(String prompt) {
            this.systemPrompt = prompt;
            return this;
        }

        /**
         * The agent's name: the graph's name, and the {@code name} of every AI message it writes (as
         * LangChain's {@code createAgent({name})}). Without it replies are named {@code "model"}.
         *
         * @param agentName the name
         * @return this builder
         */
        public Builder<R> name(String agentName) {
            this.name = Objects.requireNonNull(agentName, "name");
            return this;
        }

        /**
         * Middleware, added after any given before; their order decides the order of their hooks.
         *
         * @param more the middleware
         * @return this builder
         */
        public Builder<R> middleware(AgentMiddleware... more) {
            for (AgentMiddleware m : more) {
                middleware.add(Objects.requireNonNull(m, "a middleware"));
            }
            return this;
        }

        /**
         * The record the agent returns as its structured response, with the strategy chosen by the
         * model's capabilities.
         *
         * @param format the record's format, e.g. a generated {@code WeatherReportFormat.INSTANCE}
         * @param <T> the record
         * @return this builder, typed for the record
         */
        public <T> Builder<T> responseFormat(OutputFormat<T> format) {
            return responseFormat(StructuredOutput.of(format));
        }

        /**
         * The agent's response format.
         *
         * @param format the format and its strategy
         * @param <T> the record
         * @return this builder, typed for the record
         */
        @SuppressWarnings("unchecked") // R only types the builder's result; the builder holds no R yet
        public <T> Builder<T> responseFormat(StructuredOutput<T> format) {
            Builder<T> typed = (Builder<T>) (Builder<?>) this;
            typed.output = Objects.requireNonNull(format, "format");
            return typed;
        }

        @Override
        protected Builder<R> self() {
            return this;
        }

        /**
         * Builds the agent.
         *
         * @return the agent
         * @throws IllegalArgumentException if two middleware share a name, two tools share a name, or
         *     middleware keep state components that clash
         */
        @Override
        public Agent<R> build() {
            AgentPlan<R> plan = new AgentPlan<>(
                    name == null ? "agent" : name,
                    name == null ? "model" : name,
                    model,
                    systemPrompt,
                    tools,
                    toolSets,
                    middleware,
                    output);
            return new Agent<>(this, plan);
        }
    }
}
