package dev.switchboard.agent.middleware;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.HookResult;
import dev.switchboard.annotation.AfterModel;
import dev.switchboard.annotation.BeforeModel;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.langchain4j.Message;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * PII detection, LangChain's {@code piiMiddleware}: finds one type of PII (a built-in one, {@code
 * email}, {@code credit_card}, {@code ip}, {@code mac_address} or {@code url}, or one of the caller's
 * with a pattern or a detector) and applies a {@link PiiStrategy}. Before each model call it looks at
 * the last user message (on by default) and at the tool results since the last AI message (off by
 * default); after each model call, at the reply (off by default). A message it changes keeps its id, so
 * the change replaces it in the state. Its name is {@code PIIMiddleware[<type>]}, so several can watch
 * several types.
 */
@Middleware(name = "PIIMiddleware")
public final class Pii {
    private final String type;
    private final Function<String, List<PiiMatch>> detector;
    private final PiiStrategy strategy;
    private final boolean input;
    private final boolean output;
    private final boolean toolResults;

    private Pii(Builder b) {
        this.type = b.type;
        this.detector = b.detector;
        this.strategy = b.strategy;
        this.input = b.input;
        this.output = b.output;
        this.toolResults = b.toolResults;
    }

    /**
     * Starts a configuration for a built-in PII type.
     *
     * @param type {@code email}, {@code credit_card}, {@code ip}, {@code mac_address} or {@code url}
     * @return a builder
     * @throws IllegalArgumentException for another type
     */
    public static Builder builder(String type) {
        Function<String, List<PiiMatch>> d = PiiDetectors.BUILT_IN.get(Objects.requireNonNull(type, "type"));
        if (d == null) {
            throw new IllegalArgumentException("Unknown PII type: " + type + ". Must be one of: "
                    + PiiDetectors.BUILT_IN.keySet().stream().sorted().toList() + ", or give a pattern or a detector");
        }
        return new Builder(type, d);
    }

    /**
     * Starts a configuration for a PII type of the caller's, found by a pattern.
     *
     * @param type the type's name, as it appears in redactions
     * @param pattern what it looks like
     * @return a builder
     */
    public static Builder builder(String type, Pattern pattern) {
        Objects.requireNonNull(pattern, "pattern");
        return new Builder(Objects.requireNonNull(type, "type"), text -> PiiDetectors.find(pattern, text, m -> true));
    }

    /**
     * Starts a configuration for a PII type of the caller's, found by a detector.
     *
     * @param type the type's name
     * @param detector the matches in a text
     * @return a builder
     */
    public static Builder builder(String type, Function<String, List<PiiMatch>> detector) {
        return new Builder(Objects.requireNonNull(type, "type"), Objects.requireNonNull(detector, "detector"));
    }

    @BeforeModel
    HookResult beforeModel(AgentState<?> state) {
        List<Message> messages = state.messages();
        List<Message> changed = new ArrayList<>();
        if (input) {
            for (int i = messages.size() - 1; i >= 0; i--) {
                if (messages.get(i).chat() instanceof UserMessage) {
                    redacted(messages.get(i)).ifPresent(changed::add);
                    break;
                }
            }
        }
        if (toolResults) {
            int lastAi = -1;
            for (int i = messages.size() - 1; i >= 0 && lastAi < 0; i--) {
                if (messages.get(i).chat() instanceof AiMessage) {
                    lastAi = i;
                }
            }
            for (int i = lastAi + 1; lastAi >= 0 && i < messages.size(); i++) {
                if (messages.get(i).chat() instanceof ToolExecutionResultMessage) {
                    redacted(messages.get(i)).ifPresent(changed::add);
                }
            }
        }
        return changed.isEmpty() ? HookResult.none() : HookResult.messages(changed);
    }

    @AfterModel
    HookResult afterModel(AgentState<?> state) {
        if (!output) {
            return HookResult.none();
        }
        return state.lastAiMessage()
                .flatMap(this::redacted)
                .map(HookResult::messages)
                .orElse(HookResult.none());
    }

    private java.util.Optional<Message> redacted(Message m) {
        String text = MessageText.content(m.chat());
        if (text.isEmpty()) {
            return java.util.Optional.empty();
        }
        List<PiiMatch> matches = detector.apply(text);
        if (matches.isEmpty()) {
            return java.util.Optional.empty();
        }
        if (strategy == PiiStrategy.BLOCK) {
            throw new PiiDetectedException(type, matches);
        }
        StringBuilder b = new StringBuilder(text);
        for (int i = matches.size() - 1; i >= 0; i--) {
            PiiMatch match = matches.get(i);
            b.replace(match.start(), match.end(), replacement(match.text()));
        }
        return java.util.Optional.of(Message.of(m.id(), withText(m.chat(), b.toString())));
    }

    private String replacement(String found) {
        return switch (strategy) {
            case REDACT -> "[REDACTED_" + type.toUpperCase(Locale.ROOT) + "]";
            case HASH -> "<" + type + "_hash:" + sha256(found).substring(0, 8) + ">";
            default -> mask(found);
        };
    }

    private String mask(String found) {
        if (type.equals("credit_card")) {
            String digits = found.replaceAll("\\D", "");
            return "****-****-****-" + digits.substring(Math.max(0, digits.length() - 4));
        }
        int at = found.indexOf('@');
        if (type.equals("email") && at > 0) {
            return found.charAt(0) + "***" + found.substring(at);
        }
        int visible = Math.min(4, found.length());
        return "*".repeat(found.length() - visible) + found.substring(found.length() - visible);
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static ChatMessage withText(ChatMessage c, String text) {
        if (c instanceof UserMessage u) {
            return UserMessage.builder()
                    .name(u.name())
                    .addContent(dev.langchain4j.data.message.TextContent.from(text))
                    .attributes(u.attributes())
                    .build();
        }
        if (c instanceof AiMessage a) {
            return a.toBuilder().text(text).build();
        }
        ToolExecutionResultMessage t = (ToolExecutionResultMessage) c;
        return t.toBuilder().text(text).build();
    }

    /** Configures a {@link Pii}. */
    public static final class Builder {
        private final String type;
        private final Function<String, List<PiiMatch>> detector;
        private PiiStrategy strategy = PiiStrategy.REDACT;
        private boolean input = true;
        private boolean output;
        private boolean toolResults;

        private Builder(String type, Function<String, List<PiiMatch>> detector) {
            this.type = type;
            this.detector = detector;
        }

        /**
         * What to do with what is found ({@link PiiStrategy#REDACT} unless set).
         *
         * @param what the strategy
         * @return this builder
         */
        public Builder strategy(PiiStrategy what) {
            this.strategy = Objects.requireNonNull(what, "strategy");
            return this;
        }

        /**
         * Whether to look at the last user message before each model call (yes unless set).
         *
         * @param on whether to
         * @return this builder
         */
        public Builder applyToInput(boolean on) {
            this.input = on;
            return this;
        }

        /**
         * Whether to look at each model reply (no unless set).
         *
         * @param on whether to
         * @return this builder
         */
        public Builder applyToOutput(boolean on) {
            this.output = on;
            return this;
        }

        /**
         * Whether to look at the tool results since the last AI message before each model call (no
         * unless set).
         *
         * @param on whether to
         * @return this builder
         */
        public Builder applyToToolResults(boolean on) {
            this.toolResults = on;
            return this;
        }

        /**
         * Builds the middleware.
         *
         * @return the middleware
         */
        public AgentMiddleware build() {
            return new PiiMiddleware(new Pii(this), "PIIMiddleware[" + type + "]");
        }
    }
}
