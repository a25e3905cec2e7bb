package dev.switchboard.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.ToolErrorException;
import dev.switchboard.langchain4j.ToolNode;
import dev.switchboard.langchain4j.UnknownToolException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link McpToolSet} against the reference {@code everything} server over stdio, one process for
 * the class: tools listed with their schemas, calls with arguments, structured content, error
 * results the model reads, protocol errors, a list-changed notification.
 */
class StdioToolsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final CountDownLatch CHANGED = new CountDownLatch(1);
    private static final AtomicReference<List<ToolSpecification>> CHANGED_TO = new AtomicReference<>();
    private static McpToolSet everything;

    @BeforeAll
    static void start() {
        List<String> command = Everything.stdio();
        everything = McpToolSet.stdio(
                        command.get(0), command.subList(1, command.size()).toArray(String[]::new))
                .name("everything")
                .onToolsChanged(specs -> {
                    CHANGED_TO.set(specs);
                    CHANGED.countDown();
                })
                .build();
    }

    @AfterAll
    static void stop() {
        if (everything != null) {
            everything.close();
        }
    }

    private static ToolExecutionRequest request(String tool, String arguments) {
        return ToolExecutionRequest.builder()
                .id("call-" + tool)
                .name(tool)
                .arguments(arguments)
                .build();
    }

    private static ToolSpecification spec(String name) {
        return everything.specifications().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no tool " + name + " in " + everything.specifications()));
    }

    /** The parameters as sent to a provider; an empty "required", which LangChain4j always writes, means none. */
    private static JsonNode schema(ToolSpecification spec) {
        JsonNode tree = JSON.valueToTree(JsonSchemaElementUtils.toMap(spec.parameters()));
        if (tree.path("required").isEmpty()) {
            ((ObjectNode) tree).remove("required");
        }
        return tree;
    }

    @Test
    void listsTheServersToolsWithTheirSchemasUnchanged() {
        ToolSpecification sum = spec("get-sum");
        assertEquals("Returns the sum of two numbers", sum.description());
        assertEquals(
                JSON.readTree("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\",\"description\":"
                        + "\"First number\"},\"b\":{\"type\":\"number\",\"description\":\"Second number\"}},"
                        + "\"required\":[\"a\",\"b\"]}"),
                schema(sum));
        // every tool's parameters, as the model receives them, say what the server's schema says
        assertTrue(
                everything.tools().size() >= 12, "tools: " + everything.tools().size());
        for (int i = 0; i < everything.tools().size(); i++) {
            McpSchema.Tool tool = everything.tools().get(i);
            ObjectNode expected = (ObjectNode) JSON.valueToTree(tool.inputSchema());
            expected.remove("$schema");
            assertEquals(expected, schema(everything.specifications().get(i)), tool.name());
        }
        // a keyword typed elements cannot hold (default) keeps the property raw, and whole
        assertTrue(
                spec("trigger-long-running-operation").parameters().properties().get("duration")
                        instanceof JsonRawSchema);
        assertTrue(spec("get-structured-content").parameters().properties().get("location") instanceof JsonEnumSchema);
    }

    @Test
    void callsAToolWithArguments() {
        assertEquals("Echo: hello", everything.execute(request("echo", "{\"message\":\"hello\"}")));
        assertEquals("The sum of 2 and 3.5 is 5.5.", everything.execute(request("get-sum", "{\"a\":2,\"b\":3.5}")));
    }

    @Test
    void structuredContentReachesTheModelAsJsonAndCodeAsValues() {
        assertEquals(
                "{\"temperature\":36,\"conditions\":\"Light rain / drizzle\",\"humidity\":82}",
                everything.execute(request("get-structured-content", "{\"location\":\"Chicago\"}")));
        McpSchema.CallToolResult result = everything.call("get-structured-content", Map.of("location", "Chicago"));
        assertEquals(
                Map.of("temperature", 36, "conditions", "Light rain / drizzle", "humidity", 82),
                result.structuredContent());
    }

    @Test
    void nonTextContentIsNamedForTheModel() {
        String text = everything.execute(request("get-tiny-image", "{}"));
        assertTrue(text.contains("[image image/png, "), text);
    }

    @Test
    void aFailingCallIsAnErrorResultTheModelReads() {
        ToolErrorException e = assertThrows(
                ToolErrorException.class, () -> everything.execute(request("get-sum", "{\"a\":\"two\",\"b\":3}")));
        assertTrue(e.getMessage().contains("Input validation error"), e.getMessage());

        AiMessage ai = AiMessage.from(List.of(request("get-sum", "{\"a\":\"two\",\"b\":3}")));
        ToolExecutionResultMessage out = (ToolExecutionResultMessage)
                ToolNode.of(everything).run(List.of(Message.of(ai))).get(0).chat();
        assertEquals(Boolean.TRUE, out.isError());
        assertEquals(e.getMessage(), out.text());
        assertEquals("call-get-sum", out.id());
    }

    @Test
    void unknownToolsAndArgumentsThatAreNotJsonFailBeforeTheServer() {
        assertThrows(UnknownToolException.class, () -> everything.execute(request("no-such-tool", "{}")));
        ToolArgumentsException e =
                assertThrows(ToolArgumentsException.class, () -> everything.execute(request("echo", "{\"message\":")));
        assertTrue(e.getMessage().startsWith("the arguments of 'echo' are not JSON"), e.getMessage());
        assertThrows(ToolArgumentsException.class, () -> everything.execute(request("echo", "[1]")));
    }

    @Test
    void aToolTheServerAddsAfterStartingArrivesByListChanged() throws Exception {
        // the everything server registers its task tool once the session is initialized and says so
        assertTrue(CHANGED.await(30, TimeUnit.SECONDS), "no tools/list_changed notification");
        assertTrue(CHANGED_TO.get().stream().anyMatch(s -> s.name().equals("simulate-research-query")));
        assertTrue(everything.specifications().stream().anyMatch(s -> s.name().equals("simulate-research-query")));
    }
}
