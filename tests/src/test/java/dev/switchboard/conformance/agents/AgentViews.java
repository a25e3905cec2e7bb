package dev.switchboard.conformance.agents;

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
 * The agent scenarios' neutral message view ({@code msgView} in {@code _agent.mjs}): {@code {type,
 * content, id, name?, tool_calls (ai), tool_call_id and status? (tool), lc_source?}}. A tool result's
 * status is shown when set: {@code isError} true is {@code "error"}, false is {@code "success"}.
 */
public final class AgentViews {
    private AgentViews() {}

    /** Messages anywhere in maps and lists, in their neutral form. */
    public static Object of(Object v) {
        if (v instanceof Message m) {
            return message(m);
        }
        if (v instanceof List<?> l) {
            return l.stream().map(AgentViews::of).toList();
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(k, of(x)));
            return out;
        }
        return v;
    }

    public static Map<String, Object> message(Message m) {
        Map<String, Object> o = new LinkedHashMap<>();
        if (m.isRemoval()) {
            o.put("type", "remove");
            o.put("id", m.id());
            return o;
        }
        o.put("type", type(m.chat()));
        o.put("content", content(m.chat()));
        o.put("id", m.id());
        rest(m.chat(), o);
        return o;
    }

    /** A message as the model was sent it: no id. */
    public static Map<String, Object> chat(ChatMessage c) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("type", type(c));
        o.put("content", content(c));
        rest(c, o);
        return o;
    }

    private static void rest(ChatMessage c, Map<String, Object> o) {
        if (c instanceof AiMessage a) {
            if (a.attributes().get("name") instanceof String name) {
                o.put("name", name);
            }
            o.put(
                    "tool_calls",
                    a.hasToolExecutionRequests()
                            ? a.toolExecutionRequests().stream()
                                    .map(AgentViews::call)
                                    .toList()
                            : List.of());
        }
        if (c instanceof UserMessage u) {
            if (u.name() != null) {
                o.put("name", u.name());
            }
            if (u.attributes().get("lc_source") instanceof String source) {
                o.put("lc_source", source);
            }
        }
        if (c instanceof ToolExecutionResultMessage t) {
            o.put("name", t.toolName());
            o.put("tool_call_id", t.id());
            if (t.isError() != null) {
                o.put("status", t.isError() ? "error" : "success");
            }
        }
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

    private static Map<String, Object> call(ToolExecutionRequest r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", r.name());
        o.put("args", Oracle.parse(r.arguments()));
        o.put("id", r.id());
        o.put("type", "tool_call");
        return o;
    }

    /** A tool call as the scenarios write them. */
    public static ToolExecutionRequest toolCall(String name, String argsJson, String id) {
        return ToolExecutionRequest.builder()
                .name(name)
                .arguments(argsJson)
                .id(id)
                .build();
    }
}
