package dev.switchboard.conformance.agents;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scenarios' {@code ScriptedModel}: replies from a script of the messages it is sent and of its
 * call number (counted per label), with the reply's id as the response id, and logs every call as
 * the JS harness does: {model, call, tools, tool_choice, bind_option_keys, system, messages}. Message
 * ids are not part of a LangChain4j request, so the logged messages have none.
 */
public final class ScriptedModel implements ChatModel {
    /** A reply: the AI message and its id. */
    public record Reply(String id, AiMessage message) {}

    /** Computes the reply to the n-th call (0-based) from the messages sent (the system prompt left out). */
    @FunctionalInterface
    public interface Script {
        Reply reply(List<ChatMessage> messages, int n);
    }

    private final String label;
    private final List<Map<String, Object>> log;
    private final Script script;

    public ScriptedModel(String label, List<Map<String, Object>> log, Script script) {
        this.label = label;
        this.log = log;
        this.script = script;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        String system = !messages.isEmpty() && messages.get(0) instanceof SystemMessage s ? s.text() : null;
        List<ChatMessage> rest = system == null ? messages : messages.subList(1, messages.size());
        Reply reply;
        synchronized (log) {
            int n = (int) log.stream().filter(e -> label.equals(e.get("model"))).count();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("model", label);
            entry.put("call", n + 1);
            List<ToolSpecification> tools = request.toolSpecifications();
            entry.put(
                    "tools",
                    tools == null || tools.isEmpty()
                            ? null
                            : tools.stream().map(ToolSpecification::name).toList());
            entry.put(
                    "tool_choice",
                    request.toolChoice() == null
                            ? null
                            : request.toolChoice().name().toLowerCase(Locale.ROOT));
            List<String> keys = new ArrayList<>();
            if (request.toolChoice() != null) {
                keys.add("tool_choice");
            }
            entry.put("bind_option_keys", keys);
            entry.put("system", system);
            entry.put("messages", rest.stream().map(AgentViews::chat).toList());
            log.add(entry);
            reply = script.reply(rest, n);
        }
        return ChatResponse.builder().id(reply.id()).aiMessage(reply.message()).build();
    }

    /** How many AI messages a conversation has: what the scenarios' scripts branch on. */
    public static int aiCount(List<ChatMessage> messages) {
        return (int) messages.stream().filter(m -> m instanceof AiMessage).count();
    }
}
