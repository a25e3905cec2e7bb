package dev.switchboard.samples.desk;

import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;
import java.math.BigDecimal;

/** The refund desk's tools: look an order up, and refund it (which a human approves first). */
@Tools
public final class Orders {
    /** An order as the lookup tool returns it. */
    public record Order(String id, String item, BigDecimal paid) {}

    @Tool("Looks up an order by its id")
    Order lookup_order(String orderId) {
        return new Order(orderId, "kettle", new BigDecimal("19.99"));
    }

    @Tool("Refunds an order; a human approves every refund")
    String refund(String orderId, BigDecimal amount) {
        return "refunded " + amount + " for order " + orderId;
    }
}
