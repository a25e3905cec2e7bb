package dev.switchboard.langchain4j.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Numbers in tool arguments are read as the model wrote them. */
class ToolArgumentsTest {
    @Test
    void aDecimalKeepsItsDigitsAndScale() {
        JsonNode args = ToolArguments.parse("{\"amount\":5.00,\"big\":12345678901234567.89,\"whole\":3.0,\"n\":7}");
        assertEquals(new BigDecimal("5.00"), ToolArguments.decimal(args.get("amount"), "amount"));
        assertEquals(new BigDecimal("12345678901234567.89"), ToolArguments.decimal(args.get("big"), "big"));
        assertEquals(5.0, ToolArguments.number(args.get("amount"), "amount"));
        assertEquals(3, ToolArguments.integer(args.get("whole"), "whole", 0, 10));
        assertEquals(BigInteger.valueOf(7), ToolArguments.bigInteger(args.get("n"), "n"));
        assertEquals(new BigDecimal("7"), ToolArguments.decimal(args.get("n"), "n"));
    }
}
