package dev.switchboard.agent.middleware;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * What the {@link HumanInTheLoop} middleware pauses with (the interrupt's value), LangChain's {@code
 * HITLRequest}: one action request per tool call to review, in the order of the AI message's calls,
 * and the decisions allowed for each. Its JSON is LangChain's (Python's, which agent-chat-ui reads):
 * {@code {"action_requests": [{"name", "args", "description"}], "review_configs": [{"action_name",
 * "allowed_decisions"}]}}. Read back from a checkpoint in another JVM, an interrupt's value is this
 * JSON; {@code interrupt.value(ApprovalRequest.class)} reads it as this record.
 *
 * @param actionRequests the calls to review
 * @param reviewConfigs the decisions allowed for each, in the same order
 */
public record ApprovalRequest(
        @JsonProperty("action_requests") List<ActionRequest> actionRequests,
        @JsonProperty("review_configs") List<ReviewConfig> reviewConfigs) {

    /**
     * One tool call to review.
     *
     * @param name the tool's name
     * @param args the call's arguments
     * @param description what the reviewer is shown
     */
    public record ActionRequest(String name, Map<String, Object> args, String description) {}

    /**
     * The decisions allowed for one call.
     *
     * @param actionName the tool's name
     * @param allowedDecisions the decisions allowed
     */
    public record ReviewConfig(
            @JsonProperty("action_name") String actionName,
            @JsonProperty("allowed_decisions") List<ReviewDecision> allowedDecisions) {}
}
