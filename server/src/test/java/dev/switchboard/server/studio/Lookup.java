package dev.switchboard.server.studio;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.langchain4j.ToolSet;
import java.util.List;

/** One tool, {@code lookup}, that knows one fact whatever the topic. */
public final class Lookup implements ToolSet {
    /** What the tool answers. */
    public static final String FACT = "cats purr at 25 to 150 Hz";

    @Override
    public List<ToolSpecification> specifications() {
        return List.of(ToolSpecification.builder()
                .name("lookup")
                .description("Looks a topic up")
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("topic")
                        .required("topic")
                        .build())
                .build());
    }

    @Override
    public String execute(ToolExecutionRequest request) {
        return FACT;
    }
}
