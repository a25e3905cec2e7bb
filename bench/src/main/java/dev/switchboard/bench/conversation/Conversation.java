package dev.switchboard.bench.conversation;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ScriptedChatModel;
import dev.switchboard.langchain4j.ToolSet;
import java.util.List;

/**
 * A long conversation with the prebuilt ReAct agent, as a new user would hold one: each user turn
 * is one question, the model asks for one tool call, the tool answers, the model replies. Every
 * message is about 100 bytes of text, so a turn adds four messages and about 400 bytes of
 * conversation. The model is scripted (a function of the request, no network) and the tool is a
 * string template, so the conversation is the same on every run.
 */
public final class Conversation {
    private static final List<String> CITIES = List.of("Paris", "Oslo", "Lisbon", "Krakow", "Dublin", "Vienna");

    private Conversation() {}

    /**
     * The user's message of a turn.
     *
     * @param turn the turn, from 1
     * @return about 100 characters
     */
    public static String question(int turn) {
        return "Turn " + turn + ": what is the weather in " + city(turn)
                + " this afternoon, and should I take an umbrella on my walk?";
    }

    /**
     * The model's final answer of a turn.
     *
     * @param turn the turn, from 1
     * @return about 100 characters
     */
    public static String answer(int turn) {
        return "In " + city(turn) + " it is " + degrees(turn)
                + " C with light rain later this afternoon: yes, take an umbrella (turn " + turn + ").";
    }

    private static String city(int turn) {
        return CITIES.get(turn % CITIES.size());
    }

    private static int degrees(int turn) {
        return 5 + turn % 17;
    }

    private static int turnOf(String text) {
        return Integer.parseInt(text.substring("Turn ".length(), text.indexOf(':')));
    }

    /**
     * The scripted model: one {@code weather} call for a question, the answer once its result is in.
     *
     * @return the model
     */
    public static ChatModel model() {
        return ScriptedChatModel.from(Conversation::reply);
    }

    private static AiMessage reply(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        ChatMessage last = messages.get(messages.size() - 1);
        if (last instanceof UserMessage u) {
            int turn = turnOf(u.singleText());
            return AiMessage.from(ToolExecutionRequest.builder()
                    .id("call-" + turn)
                    .name("weather")
                    .arguments("{\"city\":\"" + city(turn) + "\",\"when\":\"this afternoon\",\"turn\":" + turn + "}")
                    .build());
        }
        ToolExecutionResultMessage result = (ToolExecutionResultMessage) last;
        return AiMessage.from(answer(Integer.parseInt(result.id().substring("call-".length()))));
    }

    /**
     * One tool, {@code weather}, answering from a template.
     *
     * @return the tools
     */
    public static ToolSet tools() {
        List<ToolSpecification> specs = List.of(ToolSpecification.builder()
                .name("weather")
                .description("The weather forecast for a city")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("city")
                        .addStringProperty("when")
                        .addIntegerProperty("turn")
                        .build())
                .build());
        return new ToolSet() {
            @Override
            public List<ToolSpecification> specifications() {
                return specs;
            }

            @Override
            public String execute(ToolExecutionRequest r) {
                int turn = Integer.parseInt(r.id().substring("call-".length()));
                return "Forecast for " + city(turn) + ": " + degrees(turn)
                        + " C, light rain from 3 pm, wind 12 km/h from the south-west, humidity 80%.";
            }
        };
    }

    /**
     * Fails unless the conversation holds exactly {@code turns} turns of four messages each, in
     * order, with distinct ids.
     *
     * @param messages the conversation
     * @param turns the turns it should hold
     */
    public static void check(List<Message> messages, int turns) {
        if (messages.size() != 4 * turns) {
            throw new IllegalStateException(
                    "expected " + 4 * turns + " messages after " + turns + " turns, got " + messages.size());
        }
        for (int t = 1; t <= turns; t++) {
            int at = 4 * (t - 1);
            if (!(messages.get(at).chat() instanceof UserMessage u
                            && u.singleText().equals(question(t)))
                    || !(messages.get(at + 3).chat() instanceof AiMessage a
                            && answer(t).equals(a.text()))) {
                throw new IllegalStateException("turn " + t + " is not as scripted: " + messages.subList(at, at + 4));
            }
        }
        if (messages.stream().map(Message::id).distinct().count() != messages.size()) {
            throw new IllegalStateException("two messages share an id");
        }
    }
}
