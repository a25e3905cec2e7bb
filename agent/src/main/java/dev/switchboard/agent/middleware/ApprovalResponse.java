package dev.switchboard.agent.middleware;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The answer to an {@link ApprovalRequest}, LangChain's {@code HITLResponse}: one decision per action
 * request, in order. Resume with {@code Command.resume(ApprovalResponse.of(Decision.approve(),
 * Decision.reject("not now")))}; over the wire it is {@code {"decisions": [{"type": "approve"},
 * {"type": "edit", "edited_action": {"name", "args"}}, {"type": "reject", "message": "..."}]}}
 * (the camel-case {@code editedAction} of LangChain.js is read too).
 *
 * @param decisions the decisions, one per action request
 */
public record ApprovalResponse(List<Decision> decisions) {
    /**
     * Checks the decisions.
     *
     * @param decisions the decisions
     */
    public ApprovalResponse {
        decisions = List.copyOf(decisions);
    }

    /**
     * The response with these decisions.
     *
     * @param decisions one per action request, in order
     * @return the response
     */
    public static ApprovalResponse of(Decision... decisions) {
        return new ApprovalResponse(Arrays.asList(decisions));
    }

    /**
     * One decision.
     *
     * @param type approve, edit or reject
     * @param editedAction for an edit, the call to run instead
     * @param message for a rejection, what the model is told; {@code null} for the default
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Decision(
            ReviewDecision type,
            @JsonProperty("edited_action") Action editedAction,
            String message) {
        /**
         * Checks the decision.
         *
         * @param type approve, edit or reject
         * @param editedAction for an edit, the call to run instead
         * @param message for a rejection, what the model is told
         */
        public Decision {
            Objects.requireNonNull(type, "type");
            if ((type == ReviewDecision.EDIT) != (editedAction != null)) {
                throw new IllegalArgumentException("an edit, and only an edit, has an edited action");
            }
        }

        /**
         * Run the call.
         *
         * @return the decision
         */
        public static Decision approve() {
            return new Decision(ReviewDecision.APPROVE, null, null);
        }

        /**
         * Run this call instead (same call id).
         *
         * @param name the tool
         * @param args its arguments
         * @return the decision
         */
        public static Decision edit(String name, Map<String, Object> args) {
            return new Decision(ReviewDecision.EDIT, new Action(name, args), null);
        }

        /**
         * Do not run the call; the model is told LangChain's default.
         *
         * @return the decision
         */
        public static Decision reject() {
            return new Decision(ReviewDecision.REJECT, null, null);
        }

        /**
         * Do not run the call; the model is told this.
         *
         * @param message what the model reads as the call's result
         * @return the decision
         */
        public static Decision reject(String message) {
            return new Decision(ReviewDecision.REJECT, null, Objects.requireNonNull(message, "message"));
        }
    }

    /**
     * A tool call as a reviewer writes it.
     *
     * @param name the tool's name
     * @param args its arguments
     */
    public record Action(String name, Map<String, Object> args) {
        /**
         * Checks the action.
         *
         * @param name the tool's name
         * @param args its arguments
         */
        public Action {
            Objects.requireNonNull(name, "name");
            args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
        }
    }
}
