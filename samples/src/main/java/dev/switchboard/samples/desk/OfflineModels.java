package dev.switchboard.samples.desk;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.langchain4j.ScriptedChatModel;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sample's models when no provider is configured. The desk model decides from the request alone
 * (so every JVM of the sample behaves the same): for a new request it looks the order up, then asks
 * for a refund of what was paid, then answers with a {@link Resolution} through the structured-output
 * tool, {@code REFUNDED} or {@code DECLINED} as the refund went. The summarizer counts what it was given.
 */
final class OfflineModels {
    private static final Pattern ORDER = Pattern.compile("order (\\w+)");
    private static final Pattern SUMMARY = Pattern.compile("\"summary\":\"([^\"]*)\"");

    private OfflineModels() {}

    static ChatModel desk() {
        return ScriptedChatModel.from(request -> reply(request.messages()));
    }

    /**
     * The front desk of {@link DeskTeam}: hands a new request to the desk, and once the desk has
     * handed back, tells the customer the summary of the desk's resolution.
     */
    static ChatModel front() {
        return ScriptedChatModel.from(request -> {
            List<ChatMessage> messages = request.messages();
            if (!(messages.get(messages.size() - 1) instanceof ToolExecutionResultMessage back)
                    || !back.toolName().startsWith("transfer_back_to_")) {
                return AiMessage.from(call("handoff", "transfer_to_desk", "{}"));
            }
            for (int i = messages.size() - 1; i >= 0; i--) {
                if (messages.get(i) instanceof ToolExecutionResultMessage t
                        && t.toolName().equals("Resolution")) {
                    Matcher summary = SUMMARY.matcher(t.text());
                    if (summary.find()) {
                        return AiMessage.from("The desk says: " + summary.group(1));
                    }
                }
            }
            return AiMessage.from("The desk could not resolve your request.");
        });
    }

    static ChatModel summarizer() {
        return ScriptedChatModel.from(request -> AiMessage.from("The customer and the desk discussed "
                + ORDER.matcher(((UserMessage) request.messages().get(0)).singleText())
                        .results()
                        .count()
                + " order mention(s) earlier."));
    }

    private static AiMessage reply(List<ChatMessage> messages) {
        ChatMessage last = messages.get(messages.size() - 1);
        String order = lastOrder(messages);
        if (last instanceof UserMessage
                || last instanceof ToolExecutionResultMessage handoff
                        && handoff.toolName().startsWith("transfer_to_")) {
            return AiMessage.from(call("lookup", "lookup_order", "{\"orderId\":\"" + order + "\"}"));
        }
        ToolExecutionResultMessage result = (ToolExecutionResultMessage) last;
        if (result.toolName().equals("lookup_order")) {
            Matcher paid = Pattern.compile("\"paid\":([0-9.]+)").matcher(result.text());
            String amount = paid.find() ? paid.group(1) : "0";
            return AiMessage.from(
                    call("refund", "refund", "{\"orderId\":\"" + order + "\",\"amount\":" + amount + "}"));
        }
        boolean refunded = !Boolean.TRUE.equals(result.isError());
        String resolution = "{\"orderId\":\"" + order + "\",\"outcome\":\"" + (refunded ? "REFUNDED" : "DECLINED")
                + "\",\"summary\":\""
                + (refunded
                        ? "Your order " + order + " was refunded."
                        : "We could not refund order " + order + ": "
                                + result.text().replace("\"", "'") + ".")
                + "\"}";
        return AiMessage.from(call("resolve", "Resolution", resolution));
    }

    private static String lastOrder(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof UserMessage u) {
                Matcher m = ORDER.matcher(u.singleText());
                if (m.find()) {
                    return m.group(1);
                }
            }
        }
        return "unknown";
    }

    private static ToolExecutionRequest call(String id, String name, String arguments) {
        return ToolExecutionRequest.builder()
                .id(id + "-" + Integer.toHexString(arguments.hashCode()))
                .name(name)
                .arguments(arguments)
                .build();
    }
}
