package dev.switchboard.samples.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ToolsTest {
    private final Tools tools = Tools.demo();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "calculator | 12 * 7   | 84",
                "calculator | 0.1 + 0.2 | 0.3",
                "calculator | 10 / 4   | 2.5",
                "calculator | 1 / 3    | 0.3333333333333333",
                "calculator | 5 - 8    | -3",
                "calculator | 1 / 0    | error: Division by zero",
                "calculator | 2 ^ 3    | error: unknown operator ^",
                "calculator | seven * 2 | error: Character s is neither a decimal digit number, decimal point,"
                        + " nor \"e\" notation exponential mark.",
                "calculator | 12       | error: expected 'a op b', got '12'",
                "weather    | Tokyo    | 24 C, sunny",
                "weather    | Lima     | error: no forecast for Lima",
                "search     | cats     | error: no tool named search",
            })
    void runsTheNamedToolAndReportsErrorsAsText(String name, String input, String expected) {
        assertEquals(expected, tools.run(new ToolCall("id", name, input)));
    }
}
