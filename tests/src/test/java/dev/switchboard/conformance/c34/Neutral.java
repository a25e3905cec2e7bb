package dev.switchboard.conformance.c34;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.langchain4j.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario's "neutral form" of a message: {@code {type: human|ai|system|tool|remove, content,
 * id, tool_calls (ai), name and tool_call_id (tool)}}, so our messages compare with LangGraph.js's.
 */
final class Neutral {
    private Neutral() {}

    /** Messages anywhere in maps and lists, in their neutral form. */
    static Object of(Object v) {
        if (v instanceof Message m) {
            return message(m);
        }
        if (v instanceof List<?> l) {
            return l.stream().map(Neutral::of).toList();
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(k, of(x)));
            return out;
        }
        return v;
    }

    private static Map<String, Object> message(Message m) {
        Map<String, Object> o = new LinkedHashMap<>();
        if (m.isRemoval()) {
            o.put("type", "remove");
            o.put("content", List.of());
            o.put("id", m.id());
            return o;
        }
        ChatMessage c = m.chat();
        o.put("type", type(c));
        o.put("content", content(c));
        o.put("id", m.id());
        if (c instanceof AiMessage a) {
            o.put("tool_calls", toolCalls(a));
        }
        if (c instanceof ToolExecutionResultMessage t) {
            o.put("name", t.toolName());
            o.put("tool_call_id", t.id());
        }
        return o;
    }

    private static String type(ChatMessage c) {
        return switch (c.type()) {
            case USER -> "human";
            case AI -> "ai";
            case SYSTEM -> "system";
            case TOOL_EXECUTION_RESULT -> "tool";
            case CUSTOM -> "custom";
        };
    }

    private static String content(ChatMessage c) {
        if (c instanceof UserMessage u) {
            return u.singleText();
        }
        if (c instanceof AiMessage a) {
            return a.text() == null ? "" : a.text();
        }
        if (c instanceof SystemMessage s) {
            return s.text();
        }
        return ((ToolExecutionResultMessage) c).text();
    }

    private static List<Map<String, Object>> toolCalls(AiMessage a) {
        if (!a.hasToolExecutionRequests()) {
            return List.of();
        }
        return a.toolExecutionRequests().stream().map(Neutral::toolCall).toList();
    }

    private static Map<String, Object> toolCall(ToolExecutionRequest r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", r.name());
        o.put("args", Oracle.parse(r.arguments()));
        o.put("id", r.id());
        o.put("type", "tool_call");
        return o;
    }
}
