package dev.switchboard.agent.middleware;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What a reviewer may decide about a tool call the {@link HumanInTheLoop} middleware paused on:
 * let it run, run it with edited arguments, or refuse it with a message for the model. On the wire
 * they are LangChain's {@code "approve"}, {@code "edit"} and {@code "reject"}.
 */
public enum ReviewDecision {
    /** Run the call as the model made it. */
    APPROVE,
    /** Run the call with the reviewer's name and arguments. */
    EDIT,
    /** Do not run the call; the model is told why. */
    REJECT;

    /**
     * The wire name.
     *
     * @return {@code approve}, {@code edit} or {@code reject}
     */
    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static ReviewDecision ofWire(String name) {
        for (ReviewDecision d : values()) {
            if (d.wireName().equals(name)) {
                return d;
            }
        }
        return null;
    }
}
