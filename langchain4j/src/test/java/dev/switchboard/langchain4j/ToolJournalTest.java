package dev.switchboard.langchain4j;

import static dev.switchboard.annotation.Graph.START;
import static dev.switchboard.langchain4j.Calculator.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Retry;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Three tools that count their calls; {@code charge} fails while {@link #failing} is set. */
final class CountingTools implements ToolSet {
    final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    final AtomicBoolean failing = new AtomicBoolean(true);
    /** How many calls of charge fail before it works; negative: while {@link #failing}. */
    final AtomicInteger failures = new AtomicInteger(-1);

    @Override
    public List<ToolSpecification> specifications() {
        return List.of("book", "mail", "charge").stream()
                .map(n -> ToolSpecification.builder().name(n).build())
                .toList();
    }

    @Override
    public String execute(ToolExecutionRequest r) {
        int n = calls.computeIfAbsent(r.name(), k -> new AtomicInteger()).incrementAndGet();
        if (r.name().equals("charge") && (failures.get() < 0 ? failing.get() : failures.getAndDecrement() > 0)) {
            throw new IllegalStateException("the card service is down");
        }
        return r.name() + " #" + n;
    }

    int count(String tool) {
        AtomicInteger n = calls.get(tool);
        return n == null ? 0 : n.get();
    }

    static List<Message> threeCalls() {
        return List.of(
                Message.user("book it"),
                Message.of(
                        "a1",
                        AiMessage.from(
                                call("c1", "book", "{}"), call("c2", "mail", "{}"), call("c3", "charge", "{}"))));
    }
}

/** A tools node that fails the run on a failed call (no retry). */
class StrictTools {
    static final ExecutorService POOL = Executors.newFixedThreadPool(3);
    private final ToolNode node;

    StrictTools(ToolSet tools) {
        this.node = ToolNode.builder(tools).executor(POOL).failOnError().build();
    }

    @Node
    @Edge(from = START)
    ChatUpdate tools(Chat s, NodeContext ctx) {
        return ChatUpdate.of().messages(node.run(s.messages(), ctx));
    }
}

/** The same node under a retry policy. */
class RetriedTools {
    private final ToolNode node;

    RetriedTools(ToolSet tools) {
        this.node =
                ToolNode.builder(tools).executor(StrictTools.POOL).failOnError().build();
    }

    @Node
    @Edge(from = START)
    @Retry(maxAttempts = 3, initialIntervalMillis = 1, jitter = false)
    ChatUpdate tools(Chat s, NodeContext ctx) {
        return ChatUpdate.of().messages(node.run(s.messages(), ctx));
    }
}

/**
 * ToolNode journals tool calls: three parallel calls, the third fails; when the node's task runs
 * again (a retry, or the run resumed after the failure) only the third runs again.
 */
class ToolJournalTest {
    @AfterAll
    static void stopPool() {
        StrictTools.POOL.shutdownNow();
    }

    @Test
    void aResumedRunCallsOnlyTheToolThatFailed() {
        CountingTools tools = new CountingTools();
        StrictToolsGraph graph = StrictToolsGraph.builder(new StrictTools(tools))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("tools");
        NodeException e = assertThrows(
                NodeException.class, () -> graph.invoke(ChatUpdate.of().messages(CountingTools.threeCalls()), cfg));
        assertEquals(
                "tool 'charge' (call c3) failed: the card service is down",
                e.getCause().getMessage());
        assertEquals(List.of(1, 1, 1), counts(tools));

        tools.failing.set(false);
        Chat done = graph.resume(cfg).value();
        assertEquals(List.of(1, 1, 2), counts(tools), "book and mail ran once; charge ran again");
        assertEquals(List.of("book #1", "mail #1", "charge #2"), texts(done));
    }

    @Test
    void aRetryCallsOnlyTheToolThatFailed() {
        CountingTools tools = new CountingTools();
        tools.failures.set(1);
        Chat done = RetriedToolsGraph.builder(new RetriedTools(tools))
                .build()
                .invoke(ChatUpdate.of().messages(CountingTools.threeCalls()))
                .value();
        assertEquals(List.of(1, 1, 2), counts(tools));
        assertEquals(List.of("book #1", "mail #1", "charge #2"), texts(done));
    }

    private static List<Integer> counts(CountingTools tools) {
        return List.of(tools.count("book"), tools.count("mail"), tools.count("charge"));
    }

    private static List<String> texts(Chat s) {
        return s.messages().stream()
                .filter(m -> m.chat() instanceof ToolExecutionResultMessage)
                .map(m -> ((ToolExecutionResultMessage) m.chat()).text())
                .toList();
    }
}
