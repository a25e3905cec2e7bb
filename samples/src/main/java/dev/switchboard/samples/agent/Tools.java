package dev.switchboard.samples.agent;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;

/**
 * The tools the agent can call: {@code calculator} ({@code "12 * 7"}) and {@code weather} (a city
 * name, looked up in a fixed table). A failing tool returns an error text rather than throwing, as
 * LangGraph's ToolNode does, so that the model can read the error and try again.
 */
public final class Tools {
    private final Map<String, String> forecasts;

    /**
     * Creates the tools.
     *
     * @param forecasts the weather by city name
     */
    public Tools(Map<String, String> forecasts) {
        this.forecasts = Map.copyOf(forecasts);
    }

    /**
     * The tools with a few cities' weather.
     *
     * @return the tools
     */
    public static Tools demo() {
        return new Tools(Map.of("Paris", "18 C, light rain", "Tokyo", "24 C, sunny", "Oslo", "3 C, snow"));
    }

    /**
     * Runs one tool call.
     *
     * @param call the call
     * @return the tool's result, or a text starting with {@code error:}
     */
    public String run(ToolCall call) {
        return switch (call.name()) {
            case "calculator" -> calculate(call.input());
            case "weather" -> forecasts.getOrDefault(call.input(), "error: no forecast for " + call.input());
            default -> "error: no tool named " + call.name();
        };
    }

    private static String calculate(String expression) {
        String[] parts = expression.trim().split("\\s+");
        if (parts.length != 3) {
            return "error: expected 'a op b', got '" + expression + "'";
        }
        try {
            BigDecimal a = new BigDecimal(parts[0]);
            BigDecimal b = new BigDecimal(parts[2]);
            BigDecimal result = switch (parts[1]) {
                case "+" -> a.add(b);
                case "-" -> a.subtract(b);
                case "*" -> a.multiply(b);
                case "/" -> a.divide(b, MathContext.DECIMAL64);
                default -> throw new ArithmeticException("unknown operator " + parts[1]);
            };
            return result.stripTrailingZeros().toPlainString();
        } catch (ArithmeticException | NumberFormatException e) {
            return "error: " + e.getMessage();
        }
    }
}
