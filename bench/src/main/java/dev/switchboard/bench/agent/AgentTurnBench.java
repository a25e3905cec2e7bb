package dev.switchboard.bench.agent;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.langchain4j.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.langchain4j.ReactAgentGraph;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * W6, one agent turn (model → two tools → model) per operation: the prebuilt ReAct agent with
 * in-memory checkpoints and a fresh thread per turn, beside the same loop written by hand against
 * LangChain4j (no checkpoints).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AgentTurnBench {
    private final AtomicLong threads = new AtomicLong();
    private ChatModel model;
    private ToolSet tools;
    private ReactAgentGraph agent;

    /** For JMH. */
    public AgentTurnBench() {}

    /** Builds the agent and checks that both implementations finish the turn. */
    @Setup
    public void setup() throws Exception {
        model = AgentTurn.model();
        tools = AgentTurn.tools();
        fresh();
        AgentTurn.check(switchboard().messages().stream().map(Message::chat).toList());
        AgentTurn.check(handWritten());
    }

    /** A new memory saver each iteration, so the threads of earlier iterations are not kept. */
    @Setup(Level.Iteration)
    public void fresh() {
        agent = ReactAgent.create(model, tools, null)
                .graph()
                .checkpointer(new MemorySaver())
                .build();
    }

    /**
     * The prebuilt agent, checkpointed in memory.
     *
     * @return the final state
     */
    @Benchmark
    public AgentState switchboard() {
        return agent.invoke(
                        AgentStateUpdate.of().messages(List.of(Message.user(AgentTurn.QUESTION))),
                        RunConfig.thread("t" + threads.incrementAndGet()))
                .value();
    }

    /**
     * The hand-written LangChain4j loop.
     *
     * @return the conversation
     * @throws Exception if a tool fails
     */
    @Benchmark
    public List<ChatMessage> handWritten() throws Exception {
        return AgentTurnHandWritten.run(model, tools);
    }
}
