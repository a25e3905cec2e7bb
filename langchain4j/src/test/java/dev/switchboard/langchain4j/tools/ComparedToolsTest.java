package dev.switchboard.langchain4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated specifications are the ones LangChain4j derives reflectively from the same
 * methods: same names, descriptions and parameter schemas (reflection in the test only, as the
 * reference).
 */
class ComparedToolsTest {

    @Test
    void specificationsEqualLangChain4jsForEveryTool() {
        List<ToolSpecification> generated = new ComparedToolsTools(new ComparedTools()).specifications();
        List<String> names = generated.stream().map(ToolSpecification::name).toList();
        assertEquals(List.of("scalars", "containers", "records", "optional", "none"), names);
        for (ToolSpecification expected : reference()) {
            ToolSpecification actual = generated.get(names.indexOf(expected.name()));
            assertEquals(expected, actual, expected.name());
        }
    }

    private static List<ToolSpecification> reference() {
        List<ToolSpecification> out = new ArrayList<>();
        for (Method m : ComparedTools.class.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Tool.class)) {
                out.add(ToolSpecifications.toolSpecificationFrom(m));
            }
        }
        assertEquals(5, out.size());
        return out;
    }
}
