package dev.switchboard.samples.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.MessageChunk;
import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.langchain4j.ReactAgentGraph;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.ThreadStorage;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A ReAct agent on LangChain4j with two tools, SQLite checkpoints, token streaming and a human
 * review of tool calls that spans two processes: {@code ask "question"} runs the agent until it
 * wants to call tools and stops there; a later {@code approve} (any process, same database) runs
 * the tools and lets the model answer; {@code edit <call id> <arguments json>} changes a pending
 * call first; {@code storage} prints what the conversation's thread costs in the database, per
 * channel ({@code saver.storage(thread)}). The model is a scripted offline one; see README "Agents
 * with LangChain4j" to plug a real provider.
 */
public final class AgentSample {
    private static final RunConfig THREAD = RunConfig.thread("agent-sample");

    private AgentSample() {}

    /**
     * Runs one command.
     *
     * @param args {@code [--db file] ask <question> | approve | edit <call id> <arguments json> |
     *     storage}
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * The sample's agent: its offline scripted model and its two demo tools, as this sample and the
     * samples' server ({@code agent}) run it.
     *
     * @return the agent's nodes
     */
    public static ReactAgent offlineAgent() {
        return ReactAgent.create(OfflineModel.create(), Tools.demo(), "You answer with tools.");
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<String> a = List.of(args);
        Path db = Path.of("agent-sample.db");
        if (a.size() >= 2 && a.get(0).equals("--db")) {
            db = Path.of(a.get(1));
            a = a.subList(2, a.size());
        }
        JdbcSaver saver = SqliteSaver.file(db);
        ReactAgentGraph agent = offlineAgent()
                .graph()
                .checkpointer(saver)
                .interruptBefore(ReactAgent.TOOLS)
                .build();
        if (a.size() == 2 && a.get(0).equals("ask")) {
            AgentStateUpdate question = AgentStateUpdate.of().messages(List.of(Message.user(a.get(1))));
            print(agent.stream(question, THREAD, StreamMode.MESSAGES, StreamMode.UPDATES), out);
        } else if (a.size() == 1 && a.get(0).equals("approve")) {
            return resume(agent, out, err);
        } else if (a.size() == 1 && a.get(0).equals("storage")) {
            printStorage(saver.storage(THREAD.threadId().orElseThrow()), out);
            return 0;
        } else if (a.size() == 3 && a.get(0).equals("edit")) {
            if (!edit(agent, a.get(1), a.get(2), err)) {
                return 1;
            }
            return resume(agent, out, err);
        } else {
            err.println("usage: AgentSample [--db file] ask <question> | approve | edit <call id> <arguments json>"
                    + " | storage");
            return 2;
        }
        return pendingOrDone(agent, out);
    }

    private static int resume(ReactAgentGraph agent, PrintStream out, PrintStream err) {
        if (!agent.getState(THREAD).next().contains(ReactAgent.TOOLS)) {
            err.println("nothing to approve: ask a question first");
            return 1;
        }
        print(agent.streamResume(THREAD, StreamMode.MESSAGES, StreamMode.UPDATES), out);
        return pendingOrDone(agent, out);
    }

    /** Replaces the pending AI message, under its id, with one whose call has new arguments. */
    private static boolean edit(ReactAgentGraph agent, String callId, String arguments, PrintStream err) {
        List<Message> messages = agent.getState(THREAD).values().messages();
        Message pending = messages.isEmpty() ? null : messages.get(messages.size() - 1);
        AiMessage ai = pending == null ? null : pending.ai();
        if (ai == null || !ai.hasToolExecutionRequests()) {
            err.println("no tool call is waiting for review");
            return false;
        }
        List<ToolExecutionRequest> calls = ai.toolExecutionRequests().stream()
                .map(r -> r.id().equals(callId)
                        ? r.toBuilder().arguments(arguments).build()
                        : r)
                .toList();
        agent.updateState(
                THREAD,
                AgentStateUpdate.of().messages(List.of(Message.of(pending.id(), AiMessage.from(ai.text(), calls)))),
                ReactAgent.AGENT);
        return true;
    }

    /** Prints tokens as they arrive, and each tool result. */
    private static void print(Stream<StreamPart<AgentState>> parts, PrintStream out) {
        boolean[] inAnswer = {false};
        try (parts) {
            parts.forEach(p -> {
                if (p instanceof StreamPart.Message<AgentState> m && m.chunk() instanceof MessageChunk c) {
                    if (!inAnswer[0]) {
                        out.print("assistant: ");
                        inAnswer[0] = true;
                    }
                    out.print(c.text());
                    out.flush();
                } else if (p instanceof StreamPart.Updates<AgentState> u
                        && u.node().equals(ReactAgent.TOOLS)) {
                    toolResults(u, out);
                }
            });
        }
        if (inAnswer[0]) {
            out.println();
        }
    }

    private static void toolResults(StreamPart.Updates<AgentState> u, PrintStream out) {
        Object written = u.writes().get("messages");
        if (written instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Message m && m.chat() instanceof ToolExecutionResultMessage t) {
                    out.println("tool " + t.id() + " " + t.toolName() + ": " + t.text());
                }
            }
        }
    }

    /** What the thread stores, per channel over all namespaces, then in all. */
    private static void printStorage(ThreadStorage storage, PrintStream out) {
        storage.channels()
                .forEach((channel, c) -> out.printf(
                        "%s: %d snapshots and %d deltas, %d B; %d pending writes, %d B%n",
                        channel, c.snapshots(), c.deltas(), c.valueBytes(), c.writes(), c.writeBytes()));
        out.printf(
                "%d checkpoints, %d B; in all %d B%n",
                storage.checkpoints(), storage.checkpointBytes(), storage.totalBytes());
    }

    private static int pendingOrDone(ReactAgentGraph agent, PrintStream out) {
        var state = agent.getState(THREAD);
        if (!state.next().contains(ReactAgent.TOOLS)) {
            return 0;
        }
        List<Message> messages = state.values().messages();
        out.println("paused before tools; the model asks for:");
        for (ToolExecutionRequest r : messages.get(messages.size() - 1).ai().toolExecutionRequests()) {
            out.println("  " + r.id() + " " + r.name() + " " + r.arguments());
        }
        out.println("run again with: approve | edit <call id> <arguments json>");
        return 0;
    }
}
