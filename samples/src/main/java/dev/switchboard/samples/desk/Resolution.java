package dev.switchboard.samples.desk;

import dev.langchain4j.model.output.structured.Description;
import dev.switchboard.annotation.StructuredOutput;

/**
 * How the desk resolved a request: the agent's structured response.
 *
 * @param orderId the order
 * @param outcome what was done
 * @param summary one sentence for the customer
 */
@StructuredOutput(description = "How the request was resolved")
public record Resolution(
        @Description("the order the request is about") String orderId,
        @Description("what was done") Outcome outcome,
        @Description("one sentence for the customer") String summary) {
    /** What was done. */
    public enum Outcome {
        /** The order was refunded. */
        REFUNDED,
        /** The refund was declined. */
        DECLINED
    }
}
