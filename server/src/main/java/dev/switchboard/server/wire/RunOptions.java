package dev.switchboard.server.wire;

import dev.switchboard.runtime.Durability;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The run options of a run request besides those {@link RunRequest} holds, validated the same way
 * (a bad value is a 400 before anything is written): when the run may start ({@code
 * after_seconds}), what becomes of a stateless run's thread ({@code on_completion}), how often its
 * checkpoints are stored ({@code durability}, or the older {@code checkpoint_during}), the
 * LangSmith feedback keys (accepted and kept, as there is no LangSmith here) and the webhook
 * called when it ends.
 *
 * @param afterSeconds how long after its creation the run may start (0: at once)
 * @param keepThread whether a stateless run's thread is kept ({@code on_completion: "keep"})
 * @param durability how often checkpoints are stored, or null for the default
 * @param feedbackKeys the feedback keys, as given
 * @param webhook the URL to POST the run to when it ends, or null
 */
public record RunOptions(
        double afterSeconds, boolean keepThread, Durability durability, List<String> feedbackKeys, String webhook) {

    /** No options: at once, thread deleted, default durability, no webhook. */
    public static final RunOptions NONE = new RunOptions(0, false, null, List.of(), null);

    /**
     * Parses and checks the options of a run request body.
     *
     * @param body the body
     * @return the options
     */
    public static RunOptions parse(JsonNode body) {
        return new RunOptions(
                afterSeconds(body),
                RunRequest.oneOf(body, "on_completion", Set.of("delete", "keep"), "delete")
                        .equals("keep"),
                durability(body),
                feedbackKeys(body.get("feedback_keys")),
                webhook(body.get("webhook")));
    }

    private static double afterSeconds(JsonNode body) {
        JsonNode n = body.get("after_seconds");
        if (n == null || n.isNull()) {
            return 0;
        }
        // compared as decimals: 1e400 has no double (asDouble throws)
        if (!n.isNumber()
                || n.decimalValue().signum() < 0
                || n.decimalValue().compareTo(java.math.BigDecimal.valueOf(366 * 86400L)) > 0) {
            throw ApiException.invalid(
                    "after_seconds", "after_seconds must be a number of seconds from 0 to a year, was " + n);
        }
        return n.asDouble();
    }

    private static Durability durability(JsonNode body) {
        String d = RunRequest.oneOf(body, "durability", Set.of("sync", "async", "exit"), null);
        if (d != null) {
            return Durability.valueOf(d.toUpperCase(java.util.Locale.ROOT));
        }
        JsonNode during = body.get("checkpoint_during");
        if (during == null || during.isNull()) {
            return null;
        }
        if (!during.isBoolean()) {
            throw ApiException.invalid("checkpoint_during", "checkpoint_during must be true or false, was " + during);
        }
        return during.asBoolean() ? Durability.ASYNC : Durability.EXIT;
    }

    private static List<String> feedbackKeys(JsonNode n) {
        if (n == null || n.isNull()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (n.isString()) {
            out.add(n.asString());
        } else if (n.isArray()) {
            for (JsonNode k : n) {
                if (!k.isString()) {
                    throw ApiException.invalid("feedback_keys", "feedback_keys must be strings, was " + k);
                }
                out.add(k.asString());
            }
        } else {
            throw ApiException.invalid("feedback_keys", "feedback_keys must be a string or a list of strings");
        }
        return List.copyOf(out);
    }

    private static String webhook(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isString() || n.asString().isEmpty() || n.asString().length() > 65536) {
            throw ApiException.invalid("webhook", "webhook must be a URL (1 to 65536 characters), was " + n);
        }
        return n.asString();
    }

    /**
     * Whether the run waits before it may start.
     *
     * @return true when {@code after_seconds} is more than 0
     */
    public boolean delayed() {
        return afterSeconds > 0;
    }

    /**
     * The options as LangGraph shows them in a run's {@code kwargs}.
     *
     * @param kwargs the kwargs to add them to
     */
    public void describe(ObjectNode kwargs) {
        if (!feedbackKeys.isEmpty()) {
            kwargs.set("feedback_keys", Json.tree(feedbackKeys));
        }
        if (webhook != null) {
            kwargs.put("webhook", webhook);
        }
        if (durability != null) {
            kwargs.put("durability", durability.name().toLowerCase(java.util.Locale.ROOT));
        }
    }
}
