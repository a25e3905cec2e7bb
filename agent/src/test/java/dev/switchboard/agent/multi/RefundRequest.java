package dev.switchboard.agent.multi;

import dev.switchboard.annotation.StructuredOutput;

/**
 * The payload of the swarm test's handoff to billing.
 *
 * @param orderId the order
 * @param reason why
 */
@StructuredOutput
record RefundRequest(String orderId, String reason) {}
