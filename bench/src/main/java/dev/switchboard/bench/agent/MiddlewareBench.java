package dev.switchboard.bench.agent;

import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.Hook;
import dev.switchboard.agent.HookResult;
import dev.switchboard.agent.ModelCallHandler;
import dev.switchboard.agent.ModelRequest;
import dev.switchboard.agent.ModelResponse;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of middleware per model call: W6's agent turn (two model calls, two tool calls) run by an
 * {@link Agent} with {@code count} middleware that do nothing, of one {@code kind}: {@code wrap}
 * middleware wrap each model call (no node of their own), {@code hooks} middleware run before and
 * after each model call as nodes of their own (two more supersteps per model call each). Read the
 * allocation per turn ({@code -prof gc}) against {@code count = 0}; divide by 2 for one model call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MiddlewareBench {
    /** How many middleware. */
    @Param({"0", "1", "4"})
    public int count;

    /** What kind of middleware: wrap hooks or node hooks. */
    @Param({"wrap", "hooks"})
    public String kind;

    private final AtomicLong threads = new AtomicLong();
    private ChatModel model;
    private Agent<Void> agent;

    /** For JMH. */
    public MiddlewareBench() {}

    /** Builds the agent and checks that it finishes the turn. */
    @Setup
    public void setup() {
        model = AgentTurn.model();
        fresh();
        List<Message> messages = turn().messages();
        // The agent names its replies ("model"), so the answer is compared by its text.
        if (messages.size() != 5
                || !(messages.get(4).chat() instanceof dev.langchain4j.data.message.AiMessage a
                        && AgentTurn.ANSWER.equals(a.text()))) {
            throw new IllegalStateException("unexpected turn: " + messages);
        }
    }

    /** A new agent and memory saver each iteration, so earlier threads are not kept. */
    @Setup(Level.Iteration)
    public void fresh() {
        List<AgentMiddleware> middleware = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            middleware.add(new Idle(
                    "idle" + i,
                    kind.equals("wrap")
                            ? EnumSet.of(Hook.WRAP_MODEL_CALL)
                            : EnumSet.of(Hook.BEFORE_MODEL, Hook.AFTER_MODEL)));
        }
        agent = Agent.builder(model)
                .tools(AgentTurn.tools())
                .middleware(middleware.toArray(AgentMiddleware[]::new))
                .checkpointer(new MemorySaver())
                .build();
    }

    /**
     * One turn, on a fresh thread.
     *
     * @return the final state
     */
    @Benchmark
    public AgentState<Void> turn() {
        return agent.invoke(
                        AgentStateUpdate.of().messages(List.of(Message.user(AgentTurn.QUESTION))),
                        RunConfig.thread("t" + threads.incrementAndGet()))
                .value();
    }

    /** A middleware that does nothing in the hooks it has. */
    private static final class Idle implements AgentMiddleware {
        private final String name;
        private final Set<Hook> hooks;

        Idle(String name, Set<Hook> hooks) {
            this.name = name;
            this.hooks = hooks;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Set<Hook> hooks() {
            return hooks;
        }

        @Override
        public HookResult run(Hook hook, AgentState<?> state, NodeContext context) {
            return HookResult.none();
        }

        @Override
        public ModelResponse wrapModelCall(ModelRequest request, ModelCallHandler handler) throws Exception {
            return handler.call(request);
        }
    }
}
