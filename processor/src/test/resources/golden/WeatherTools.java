package test;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.langchain4j.UnknownToolException;
import dev.switchboard.langchain4j.spi.ToolArguments;
import dev.switchboard.langchain4j.spi.ToolResults;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tools of {@link Weather}, dispatched without reflection.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class WeatherTools implements ToolSet {
    private static final List<ToolSpecification> SPECIFICATIONS = List.of(spec0(), spec1(), spec2());

    private final Weather tools;

    /**
     * Dispatches to the tools of {@code tools}.
     *
     * @param tools the tools' instance
     */
    public WeatherTools(Weather tools) {
        this.tools = Objects.requireNonNull(tools, "tools");
    }

    @Override
    public List<ToolSpecification> specifications() {
        return SPECIFICATIONS;
    }

    @Override
    public String execute(ToolExecutionRequest request) throws Exception {
        String name = Objects.requireNonNull(request, "request").name();
        switch (name == null ? "" : name) {
            case "forecast": return call0(ToolArguments.parse(request.arguments()));
            case "nearby": return call1(ToolArguments.parse(request.arguments()));
            case "reset": return call2(ToolArguments.parse(request.arguments()));
            default: throw new UnknownToolException(name);
        }
    }

    private String call0(JsonNode arguments) throws Exception {
        Weather.Place a0 = readPlace(ToolArguments.field(arguments, "", "place"), "place");
        JsonNode given1 = ToolArguments.optionalField(arguments, "days");
        int a1 = given1 == null ? 0 : (int) ToolArguments.integer(given1, "days", Integer.MIN_VALUE, Integer.MAX_VALUE);
        JsonNode given2 = ToolArguments.optionalField(arguments, "unit");
        Optional<Weather.Unit> a2 = ToolArguments.<Weather.Unit>optional(given2, "unit", (n0, p0) -> ToolArguments.constant(n0, p0, Weather.Unit.values()));
        return ToolResults.text(this.tools.forecast(a0, a1, a2));
    }

    private String call1(JsonNode arguments) throws Exception {
        char a0 = ToolArguments.character(ToolArguments.field(arguments, "", "initial"), "initial");
        Map<String, List<Weather.Place>> result = this.tools.near(a0);
        return ToolResults.json(ToolResults.<List<Weather.Place>>map(result, e0 -> ToolResults.<Weather.Place>list(e0, e1 -> writePlace(e1))));
    }

    private String call2(JsonNode arguments) throws Exception {
        Weather.reset();
        return ToolResults.SUCCESS;
    }

    private static ToolSpecification spec0() {
        return ToolSpecification.builder()
                .name("forecast")
                .description("Forecasts the weather\n"
                        + "for a place")
                .parameters(JsonObjectSchema.builder()
                    .addProperty("place", schemaPlace("the place"))
                    .addProperty("days", JsonIntegerSchema.builder().description("days").build())
                    .addProperty("unit", JsonEnumSchema.builder().enumValues(List.of("C", "F")).build())
                    .required(List.of("place"))
                    .build())
                .build();
    }

    private static ToolSpecification spec1() {
        return ToolSpecification.builder()
                .name("nearby")
                .parameters(JsonObjectSchema.builder()
                    .addProperty("initial", JsonStringSchema.builder().build())
                    .required(List.of("initial"))
                    .build())
                .build();
    }

    private static ToolSpecification spec2() {
        return ToolSpecification.builder()
                .name("reset")
                .build();
    }

    private static int[] readIntArray(JsonNode node, String path) {
        List<Integer> list = ToolArguments.<Integer>list(node, path, (n0, p0) -> (int) ToolArguments.integer(n0, p0, Integer.MIN_VALUE, Integer.MAX_VALUE));
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    private static Weather.Place readPlace(JsonNode node, String path) {
        ToolArguments.object(node, path);
        return new Weather.Place(
                    ToolArguments.string(ToolArguments.field(node, path, "name"), ToolArguments.join(path, "name")),
                    ToolArguments.<String>optional(ToolArguments.optionalField(node, "zip"), ToolArguments.join(path, "zip"), (n0, p0) -> ToolArguments.string(n0, p0)),
                    readIntArray(ToolArguments.field(node, path, "codes"), ToolArguments.join(path, "codes")));
    }

    private static JsonNode writeIntArray(int[] value) {
        if (value == null) {
            return ToolResults.nullValue();
        }
        ArrayNode out = ToolResults.array();
        for (int element : value) {
            out.add(ToolResults.number(element));
        }
        return out;
    }

    private static JsonNode writePlace(Weather.Place value) {
        if (value == null) {
            return ToolResults.nullValue();
        }
        ObjectNode out = ToolResults.object();
        out.set("name", ToolResults.string(value.name()));
        out.set("zip", ToolResults.<String>optional(value.zip(), e0 -> ToolResults.string(e0)));
        out.set("codes", writeIntArray(value.codes()));
        return out;
    }

    private static JsonObjectSchema schemaPlace(String description) {
        return JsonObjectSchema.builder().description(description)
                    .addProperty("name", JsonStringSchema.builder().build())
                    .addProperty("zip", JsonStringSchema.builder().build())
                    .addProperty("codes", JsonArraySchema.builder().items(JsonIntegerSchema.builder().build()).build())
                    .required(List.of("name", "codes"))
                    .build();
    }
}
