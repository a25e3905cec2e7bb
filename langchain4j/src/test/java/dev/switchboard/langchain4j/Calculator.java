package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A tiny hand-written tool set: add and divide two integers; div by zero throws. */
class Calculator implements ToolSet {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public List<ToolSpecification> specifications() {
        JsonObjectSchema ab = JsonObjectSchema.builder()
                .addIntegerProperty("a")
                .addIntegerProperty("b")
                .required("a", "b")
                .build();
        return List.of(
                ToolSpecification.builder()
                        .name("add")
                        .description("a + b")
                        .parameters(ab)
                        .build(),
                ToolSpecification.builder()
                        .name("div")
                        .description("a / b")
                        .parameters(ab)
                        .build());
    }

    @Override
    public String execute(ToolExecutionRequest request) {
        JsonNode args;
        try {
            args = JSON.readTree(request.arguments());
        } catch (JacksonException e) {
            throw new ToolArgumentsException("arguments are not JSON: " + request.arguments(), e);
        }
        long a = arg(args, "a");
        long b = arg(args, "b");
        return switch (request.name()) {
            case "add" -> String.valueOf(a + b);
            case "div" -> String.valueOf(a / b);
            default -> throw new UnknownToolException(request.name());
        };
    }

    private static long arg(JsonNode args, String name) {
        JsonNode v = args.get(name);
        if (v == null || !v.isIntegralNumber()) {
            throw new ToolArgumentsException("argument '" + name + "' must be an integer, got " + v, null);
        }
        return v.asLong();
    }

    static ToolExecutionRequest call(String id, String tool, String args) {
        return ToolExecutionRequest.builder().id(id).name(tool).arguments(args).build();
    }
}
