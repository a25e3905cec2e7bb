package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.langchain4j.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Messages as text for the built-in middleware: their content, LangChain's buffer string (the
 * transcript a summarizer reads) and LangChain's approximate token count.
 */
final class MessageText {
    private MessageText() {}

    /** The text content of a message; images and other parts count as nothing. */
    static String content(ChatMessage c) {
        if (c instanceof UserMessage u) {
            StringBuilder b = new StringBuilder();
            for (Content part : u.contents()) {
                if (part instanceof TextContent t) {
                    b.append(t.text());
                }
            }
            return b.toString();
        }
        if (c instanceof AiMessage a) {
            return a.text() == null ? "" : a.text();
        }
        if (c instanceof SystemMessage s) {
            return s.text();
        }
        if (c instanceof ToolExecutionResultMessage t) {
            return t.text() == null ? "" : t.text();
        }
        return "";
    }

    /** An AI message's tool calls as LangChain writes them: {@code [{"name", "args", "id", "type"}]}. */
    static String toolCallsJson(AiMessage a) {
        List<Map<String, Object>> calls = new ArrayList<>();
        for (ToolExecutionRequest r : a.toolExecutionRequests()) {
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("name", r.name());
            call.put("args", Json.args(r.arguments()));
            call.put("id", r.id());
            call.put("type", "tool_call");
            calls.add(call);
        }
        return Json.compact(calls);
    }

    /**
     * LangChain's buffer string: one line per message, {@code Human: }, {@code AI: }, {@code System: }
     * or {@code Tool: }, the message's name and a comma if it has one, its text, and an AI message's
     * tool calls as JSON.
     */
    static String transcript(List<Message> messages) {
        StringBuilder b = new StringBuilder();
        for (Message m : messages) {
            if (m.isRemoval()) {
                continue;
            }
            ChatMessage c = m.chat();
            String role = c instanceof UserMessage
                    ? "Human"
                    : c instanceof AiMessage ? "AI" : c instanceof SystemMessage ? "System" : "Tool";
            String name = name(c);
            b.append(b.length() == 0 ? "" : "\n").append(role).append(": ");
            if (name != null) {
                b.append(name).append(", ");
            }
            b.append(content(c));
            if (c instanceof AiMessage a && a.hasToolExecutionRequests()) {
                b.append(toolCallsJson(a));
            }
        }
        return b.toString();
    }

    private static String name(ChatMessage c) {
        if (c instanceof UserMessage u) {
            return u.name();
        }
        if (c instanceof AiMessage a && a.attributes().get("name") instanceof String n) {
            return n;
        }
        return c instanceof ToolExecutionResultMessage t ? t.toolName() : null;
    }

    /**
     * LangChain's approximate token count: the characters of every message's text, an AI message's
     * tool calls as JSON and a tool result's call id, four to a token, rounded up.
     */
    static int approximateTokens(List<Message> messages) {
        long chars = 0;
        for (Message m : messages) {
            if (m.isRemoval()) {
                continue;
            }
            ChatMessage c = m.chat();
            chars += content(c).length();
            if (c instanceof AiMessage a && a.hasToolExecutionRequests()) {
                chars += toolCallsJson(a).length();
            }
            if (c instanceof ToolExecutionResultMessage t && t.id() != null) {
                chars += t.id().length();
            }
        }
        return (int) ((chars + 3) / 4);
    }
}
