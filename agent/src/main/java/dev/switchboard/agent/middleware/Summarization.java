package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.HookResult;
import dev.switchboard.annotation.BeforeModel;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.langchain4j.Message;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.ToIntFunction;

/**
 * Context compaction, LangChain's {@code summarizationMiddleware}: before a model call, when the
 * conversation reaches a trigger size, the older part is summarized by a model and the state becomes
 * {@code [summary, ...kept]}. The summary is a human message reading {@code "Here is a summary of the
 * conversation to date:\n\n<summary>"}, with the id of the first message it replaces and the
 * attribute {@code lc_source: "summarization"}. The kept part is the newest messages, sized by {@link
 * Builder#keep} (20 messages by default), and <b>a tool call is never separated from its result</b>:
 * a cut that falls on a tool result, or between an AI message with tool calls and its results, moves
 * back to that AI message. A system message at the head of the state goes into the summarized part.
 * Nothing happens below the trigger, or when there is nothing before the kept part (the summarizer is
 * then not called).
 */
@Middleware(name = Summarization.NAME)
public final class Summarization {
    /** The middleware's name, as LangChain names it. */
    public static final String NAME = "SummarizationMiddleware";
    /** The default opening of the summary message. */
    public static final String DEFAULT_PREFIX = "Here is a summary of the conversation to date:";
    /** The default prompt; {@code {messages}} is replaced by the transcript of what is summarized. */
    public static final String DEFAULT_PROMPT = """
            The conversation below is about to be replaced by your summary, because it no longer fits the \
            model's context. Write down what the rest of the work needs: the user's goals and constraints, \
            decisions taken, facts and results gathered (with tool results that matter), and what is still \
            open. Leave out small talk and anything already superseded. Answer with the summary only.

            Conversation:
            {messages}""";

    private static final int SEARCH_RANGE = 5;
    private static final int DEFAULT_KEEP = 20;

    private final ChatModel model;
    private final List<ContextSize> triggers;
    private final ContextSize keep;
    private final ToIntFunction<List<Message>> tokens;
    private final String prompt;
    private final String prefix;
    private final int trimTokens;
    private final int maxInputTokens;

    private Summarization(Builder b) {
        this.model = b.model;
        this.triggers = List.copyOf(b.triggers);
        this.keep = b.keep;
        this.tokens = b.tokens;
        this.prompt = b.prompt;
        this.prefix = b.prefix;
        this.trimTokens = b.trimTokens;
        this.maxInputTokens = b.maxInputTokens;
    }

    /**
     * Starts a configuration.
     *
     * @param summarizer the model that writes summaries
     * @return a builder
     */
    public static Builder builder(ChatModel summarizer) {
        return new Builder(Objects.requireNonNull(summarizer, "summarizer"));
    }

    @BeforeModel
    HookResult beforeModel(AgentState<?> state) {
        List<Message> messages = state.messages();
        if (!triggered(messages)) {
            return HookResult.none();
        }
        SystemMessage system = !messages.isEmpty() && messages.get(0).chat() instanceof SystemMessage s ? s : null;
        List<Message> conversation = system == null ? messages : messages.subList(1, messages.size());
        int cut = cutoff(conversation);
        if (cut <= 0) {
            return HookResult.none();
        }
        List<Message> summarized = new ArrayList<>();
        if (system != null) {
            summarized.add(messages.get(0));
        }
        summarized.addAll(conversation.subList(0, cut));
        String id = conversation.get(0).id() != null
                ? conversation.get(0).id()
                : UUID.randomUUID().toString();
        Message summary = Message.of(
                id,
                UserMessage.builder()
                        .addContent(
                                dev.langchain4j.data.message.TextContent.from(prefix + "\n\n" + summarize(summarized)))
                        .attributes(Map.of("lc_source", "summarization"))
                        .build());
        List<Message> out = new ArrayList<>();
        out.add(Message.removeAll());
        out.add(summary);
        out.addAll(conversation.subList(cut, conversation.size()));
        return HookResult.messages(out);
    }

    private boolean triggered(List<Message> messages) {
        if (triggers.isEmpty()) {
            return false;
        }
        int total = tokens.applyAsInt(messages);
        for (ContextSize t : triggers) {
            boolean met = true;
            if (t.messageCount().isPresent()
                    && messages.size() < t.messageCount().getAsInt()) {
                met = false;
            }
            if (t.tokenCount().isPresent() && total < t.tokenCount().getAsInt()) {
                met = false;
            }
            if (t.share().isPresent()
                    && total < (int) Math.floor(maxInputTokens * t.share().getAsDouble())) {
                met = false;
            }
            if (met) {
                return true;
            }
        }
        return false;
    }

    /** How many conversation messages to summarize. */
    private int cutoff(List<Message> messages) {
        if (keep.messageCount().isPresent()) {
            return safeCutoff(messages, keep.messageCount().getAsInt());
        }
        int target = keep.tokenCount().isPresent()
                ? keep.tokenCount().getAsInt()
                : (int) Math.floor(maxInputTokens * keep.share().getAsDouble());
        return tokenCutoff(messages, Math.max(target, 1));
    }

    private static int safeCutoff(List<Message> messages, int keepCount) {
        if (messages.size() <= keepCount) {
            return 0;
        }
        return safeAt(messages, messages.size() - keepCount);
    }

    /** The newest suffix whose tokens fit the target, its start moved back to a safe point. */
    private int tokenCutoff(List<Message> messages, int target) {
        if (messages.isEmpty() || tokens.applyAsInt(messages) <= target) {
            return 0;
        }
        int left = 0;
        int right = messages.size();
        int candidate = messages.size();
        while (left < right) {
            int mid = (left + right) / 2;
            if (tokens.applyAsInt(messages.subList(mid, messages.size())) <= target) {
                candidate = mid;
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        if (candidate == messages.size()) {
            candidate = left;
        }
        if (candidate >= messages.size()) {
            if (messages.size() == 1) {
                return 0;
            }
            candidate = messages.size() - 1;
        }
        return safeAt(messages, candidate);
    }

    /** A cut at or before {@code cut} that separates no tool call from its result. */
    private static int safeAt(List<Message> messages, int cut) {
        int moved = backToCaller(messages, cut);
        if (moved <= cut) {
            return moved;
        }
        for (int i = cut; i >= 0; i--) {
            if (isSafe(messages, i)) {
                return i;
            }
        }
        return 0;
    }

    /** A cut on tool results moves back to the AI message that made those calls. */
    private static int backToCaller(List<Message> messages, int cut) {
        if (cut >= messages.size() || !(messages.get(cut).chat() instanceof ToolExecutionResultMessage)) {
            return cut;
        }
        Set<String> ids = new HashSet<>();
        int end = cut;
        while (end < messages.size() && messages.get(end).chat() instanceof ToolExecutionResultMessage t) {
            if (t.id() != null) {
                ids.add(t.id());
            }
            end++;
        }
        for (int i = cut - 1; i >= 0; i--) {
            for (String id : callIds(messages.get(i))) {
                if (ids.contains(id)) {
                    return i;
                }
            }
        }
        return end;
    }

    private static boolean isSafe(List<Message> messages, int cut) {
        if (cut >= messages.size()) {
            return true;
        }
        if (!callIds(messages.get(cut)).isEmpty()) {
            return false;
        }
        int from = Math.max(0, cut - SEARCH_RANGE);
        int to = Math.min(messages.size(), cut + SEARCH_RANGE);
        for (int i = from; i < to; i++) {
            Set<String> ids = callIds(messages.get(i));
            for (int j = i + 1; j < messages.size() && !ids.isEmpty(); j++) {
                if (messages.get(j).chat() instanceof ToolExecutionResultMessage t
                        && ids.contains(t.id())
                        && (i < cut) != (j < cut)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Set<String> callIds(Message m) {
        Set<String> ids = new HashSet<>();
        if (!m.isRemoval() && m.chat() instanceof AiMessage a && a.hasToolExecutionRequests()) {
            for (ToolExecutionRequest r : a.toolExecutionRequests()) {
                if (r.id() != null) {
                    ids.add(r.id());
                }
            }
        }
        return ids;
    }

    private String summarize(List<Message> summarized) {
        List<Message> trimmed = trim(summarized);
        if (trimmed.isEmpty()) {
            return "Previous conversation was too long to summarize.";
        }
        try {
            String text = model.chat(UserMessage.from(prompt.replace("{messages}", MessageText.transcript(trimmed))))
                    .aiMessage()
                    .text();
            return text == null ? "" : text.strip();
        } catch (RuntimeException e) {
            return "Error generating summary: " + e;
        }
    }

    /** The newest messages within the summarizer's budget; a leading system message stays. */
    private List<Message> trim(List<Message> messages) {
        if (trimTokens <= 0 || tokens.applyAsInt(messages) <= trimTokens) {
            return messages;
        }
        boolean system = messages.get(0).chat() instanceof SystemMessage;
        int start = system ? 1 : 0;
        int from = messages.size();
        while (from > start) {
            List<Message> candidate = new ArrayList<>(messages.subList(from - 1, messages.size()));
            if (system) {
                candidate.add(0, messages.get(0));
            }
            if (tokens.applyAsInt(candidate) > trimTokens) {
                break;
            }
            from--;
        }
        List<Message> out = new ArrayList<>(messages.subList(from, messages.size()));
        if (system && !out.isEmpty()) {
            out.add(0, messages.get(0));
        }
        return out;
    }

    /** Configures a {@link Summarization}. */
    public static final class Builder {
        private final ChatModel model;
        private final List<ContextSize> triggers = new ArrayList<>();
        private ContextSize keep = ContextSize.messages(DEFAULT_KEEP);
        private ToIntFunction<List<Message>> tokens = MessageText::approximateTokens;
        private String prompt = DEFAULT_PROMPT;
        private String prefix = DEFAULT_PREFIX;
        private int trimTokens = 4000;
        private int maxInputTokens;

        private Builder(ChatModel model) {
            this.model = model;
        }

        /**
         * When to summarize: when any of these sizes is reached. Without a trigger the middleware never
         * summarizes.
         *
         * @param anyOf the sizes
         * @return this builder
         */
        public Builder trigger(ContextSize... anyOf) {
            for (ContextSize s : anyOf) {
                if (s.measures() == 0) {
                    throw new IllegalArgumentException("a trigger needs messages, tokens or a fraction");
                }
                triggers.add(s);
            }
            return this;
        }

        /**
         * How much of the newest conversation to keep (20 messages unless set).
         *
         * @param size exactly one of messages, tokens or fraction
         * @return this builder
         */
        public Builder keep(ContextSize size) {
            if (size.measures() != 1) {
                throw new IllegalArgumentException("keep exactly one of messages, tokens or fraction, not " + size);
            }
            this.keep = size;
            return this;
        }

        /**
         * How tokens are counted (LangChain's approximation, four characters to a token, unless set).
         *
         * @param counter the tokens of a list of messages
         * @return this builder
         */
        public Builder tokenCounter(ToIntFunction<List<Message>> counter) {
            this.tokens = Objects.requireNonNull(counter, "counter");
            return this;
        }

        /**
         * The summarizer's prompt; {@code {messages}} is replaced by the transcript.
         *
         * @param text the prompt
         * @return this builder
         */
        public Builder summaryPrompt(String text) {
            this.prompt = Objects.requireNonNull(text, "text");
            return this;
        }

        /**
         * The opening of the summary message.
         *
         * @param text the prefix
         * @return this builder
         */
        public Builder summaryPrefix(String text) {
            this.prefix = Objects.requireNonNull(text, "text");
            return this;
        }

        /**
         * The most tokens of conversation the summarizer is given (4000 unless set; 0 for no limit):
         * beyond it, the oldest messages are left out of the transcript.
         *
         * @param limit the limit
         * @return this builder
         */
        public Builder trimTokensToSummarize(int limit) {
            this.trimTokens = limit;
            return this;
        }

        /**
         * The model's input window in tokens, which fraction sizes are a fraction of.
         *
         * @param limit the window
         * @return this builder
         */
        public Builder maxInputTokens(int limit) {
            if (limit <= 0) {
                throw new IllegalArgumentException("maxInputTokens must be positive, was " + limit);
            }
            this.maxInputTokens = limit;
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         * @throws IllegalStateException if a size is a fraction but the model's window is not set
         */
        public AgentMiddleware build() {
            boolean fraction = keep.share().isPresent()
                    || triggers.stream().anyMatch(t -> t.share().isPresent());
            if (fraction && maxInputTokens == 0) {
                throw new IllegalStateException("fraction sizes need the model's input window; set maxInputTokens(...)"
                        + " or use token counts");
            }
            return new SummarizationMiddleware(new Summarization(this));
        }
    }
}
