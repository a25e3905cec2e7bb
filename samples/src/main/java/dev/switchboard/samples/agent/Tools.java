package dev.switchboard.samples.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.langchain4j.UnknownToolException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The agent's two tools, written by hand against {@link ToolSet}: {@code weather} (a city, looked up
 * in a fixed table) and {@code calculator} ({@code "12 * 7"}). A failing tool throws; the agent's
 * tools node turns the failure into a message the model can read and correct.
 */
public final class Tools implements ToolSet {
    private static final JsonMapper JSON = JsonMapper.builder().build();
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

    @Override
    public List<ToolSpecification> specifications() {
        return List.of(
                ToolSpecification.builder()
                        .name("weather")
                        .description("Today's weather in a city")
                        .parameters(JsonObjectSchema.builder()
                                .addStringProperty("city")
                                .required("city")
                                .build())
                        .build(),
                ToolSpecification.builder()
                        .name("calculator")
                        .description("Computes 'a op b' with op one of + - * /")
                        .parameters(JsonObjectSchema.builder()
                                .addStringProperty("expression")
                                .required("expression")
                                .build())
                        .build());
    }

    @Override
    public String execute(ToolExecutionRequest request) {
        return switch (request.name()) {
            case "weather" -> weather(argument(request, "city"));
            case "calculator" -> calculate(argument(request, "expression"));
            default -> throw new UnknownToolException(request.name());
        };
    }

    private String weather(String city) {
        String forecast = forecasts.get(city);
        if (forecast == null) {
            throw new IllegalArgumentException("no forecast for " + city);
        }
        return forecast;
    }

    private static String argument(ToolExecutionRequest request, String name) {
        JsonNode args;
        try {
            args = JSON.readTree(request.arguments());
        } catch (JacksonException e) {
            throw new ToolArgumentsException("arguments are not JSON: " + request.arguments(), e);
        }
        JsonNode v = args.get(name);
        if (v == null || !v.isString()) {
            throw new ToolArgumentsException("argument '" + name + "' must be a string", null);
        }
        return v.asString();
    }

    static String calculate(String expression) {
        String[] parts = expression.trim().split("\\s+");
        if (parts.length != 3) {
            throw new IllegalArgumentException("expected 'a op b', got '" + expression + "'");
        }
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
    }
}
