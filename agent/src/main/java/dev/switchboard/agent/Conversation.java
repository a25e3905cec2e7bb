package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.langchain4j.LangGraphMessageJson;
import dev.switchboard.langchain4j.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reading a conversation the way the agent's routing needs it; helpers, no state. */
final class Conversation {
    private Conversation() {}

    static AiMessage ai(Message m) {
        return m != null && m.chat() instanceof AiMessage a ? a : null;
    }

    static List<ToolExecutionRequest> calls(Message m) {
        AiMessage a = ai(m);
        return a == null || !a.hasToolExecutionRequests() ? List.of() : a.toolExecutionRequests();
    }

    static Message last(List<Message> messages) {
        return messages.isEmpty() ? null : messages.get(messages.size() - 1);
    }

    static Message lastAi(List<Message> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (ai(messages.get(i)) != null) {
                return messages.get(i);
            }
        }
        return null;
    }

    /** The calls of the last AI message that no tool message answers yet. */
    static List<ToolExecutionRequest> pending(List<Message> messages) {
        List<ToolExecutionRequest> calls = calls(lastAi(messages));
        if (calls.isEmpty()) {
            return calls;
        }
        Set<String> answered = new HashSet<>();
        for (Message m : messages) {
            if (!m.isRemoval() && m.chat() instanceof ToolExecutionResultMessage t && t.id() != null) {
                answered.add(t.id());
            }
        }
        List<ToolExecutionRequest> out = new ArrayList<>();
        for (ToolExecutionRequest c : calls) {
            if (c.id() == null || !answered.contains(c.id())) {
                out.add(c);
            }
        }
        return out;
    }

    /** The AI message under the agent's name, as LangChain's createAgent names its replies. */
    static Message named(Message reply, String name) {
        AiMessage a = ai(reply);
        if (a == null || name.equals(a.attributes().get(LangGraphMessageJson.NAME))) {
            return reply;
        }
        Map<String, Object> attributes = new LinkedHashMap<>(a.attributes());
        attributes.put(LangGraphMessageJson.NAME, name);
        AiMessage named = a.toBuilder().attributes(attributes).build();
        return reply.id() == null ? Message.of(named) : Message.of(reply.id(), named);
    }

    /**
     * The conversation after a node's writes, as far as routing needs it: LangGraph's {@code
     * add_messages} without assigning ids (a message without id is appended).
     */
    static List<Message> merge(List<Message> current, List<Message> writes) {
        if (writes.isEmpty()) {
            return current;
        }
        int start = 0;
        for (int i = 0; i < writes.size(); i++) {
            if (writes.get(i).isRemoveAll()) {
                start = i + 1;
            }
        }
        List<Message> out = new ArrayList<>(start > 0 ? List.of() : current);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < out.size(); i++) {
            index.put(out.get(i).id(), i);
        }
        Set<String> removed = new HashSet<>();
        for (Message m : writes.subList(start, writes.size())) {
            Integer at = m.id() == null ? null : index.get(m.id());
            if (m.isRemoval()) {
                removed.add(m.id());
            } else if (at == null) {
                if (m.id() != null) {
                    index.put(m.id(), out.size());
                }
                out.add(m);
            } else {
                removed.remove(m.id());
                out.set(at, m);
            }
        }
        out.removeIf(m -> m.id() != null && removed.contains(m.id()));
        return out;
    }
}
