package dev.switchboard.langchain4j.tools;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.output.structured.Description;
import dev.switchboard.annotation.Tools;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Tools whose specifications LangChain4j's reflective {@code ToolSpecifications} also derives. */
@Tools
class ComparedTools {
    enum Color {
        RED,
        GREEN
    }

    @Description({"A", "street", "address"})
    record Address(@Description({"the", "street"}) String street, int number, List<Color> colors) {}

    record Trip(String name, Address from, Address[] stops, Map<String, Integer> budget) {}

    @Tool({"Mixes", "every scalar"})
    String scalars(
            @P("the text") String text,
            int i,
            long l,
            short s,
            byte b,
            double d,
            float f,
            boolean flag,
            char c,
            Character boxedChar,
            Integer boxed,
            BigDecimal decimal,
            BigInteger big) {
        return "";
    }

    @Tool(name = "containers")
    void containers(
            @P("tags") List<String> tags,
            Set<Integer> ids,
            Collection<Color> colors,
            String[] words,
            int[] numbers,
            Map<String, Address> places,
            @P("a color") Color color) {}

    @Tool
    String records(@P("where") Address address, Trip trip, List<Trip> trips) {
        return "";
    }

    @Tool("optional ones")
    String optional(
            @P(value = "maybe", required = false) Integer maybe,
            @P(value = "never", required = false) int never,
            Optional<String> note,
            String must) {
        return "";
    }

    @Tool
    void none() {}
}
