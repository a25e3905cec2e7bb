package dev.switchboard.langchain4j;

import static dev.switchboard.langchain4j.Calculator.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Tool sets that change, combine or answer with their own errors (what MCP servers do): the model
 * is offered the current tools at each call, combined sets dispatch to their owner, and a tool's
 * own error text reaches the model unchanged.
 */
class ChangingToolsTest {
    /** A set whose tools can be added while it is in use. */
    private static final class Growing implements ToolSet {
        final List<ToolSpecification> specs = new CopyOnWriteArrayList<>();

        @Override
        public List<ToolSpecification> specifications() {
            return List.copyOf(specs);
        }

        @Override
        public String execute(ToolExecutionRequest request) {
            if (request.name().equals("fails")) {
                throw new ToolErrorException("the service said: quota exceeded");
            }
            return request.name() + " ran";
        }
    }

    private static ToolSpecification tool(String name) {
        return ToolSpecification.builder().name(name).build();
    }

    @Test
    void aModelNodeOffersTheToolsTheSetHasAtEachCall() {
        Growing tools = new Growing();
        tools.specs.add(tool("first"));
        ScriptedChatModel model = ScriptedChatModel.of(AiMessage.from("one"), AiMessage.from("two"));
        ModelNode node = ModelNode.builder(model).tools(tools).build();
        node.call(List.of(Message.user("hi")));
        tools.specs.add(tool("second"));
        node.call(List.of(Message.user("hi")));
        assertEquals(List.of(tool("first")), model.requests().get(0).toolSpecifications());
        assertEquals(
                List.of(tool("first"), tool("second")), model.requests().get(1).toolSpecifications());
    }

    @Test
    void aToolsOwnErrorReachesTheModelUnchanged() {
        List<Message> out =
                ToolNode.of(new Growing()).run(List.of(Message.of("a1", AiMessage.from(call("c1", "fails", "{}")))));
        ToolExecutionResultMessage result =
                (ToolExecutionResultMessage) out.get(0).chat();
        assertEquals("the service said: quota exceeded", result.text());
        assertEquals(Boolean.TRUE, result.isError());
        ToolExecutionException e = assertThrows(
                ToolExecutionException.class,
                () -> ToolNode.builder(new Growing())
                        .failOnError()
                        .build()
                        .run(List.of(Message.of("a1", AiMessage.from(call("c1", "fails", "{}"))))));
        assertTrue(e.getMessage().endsWith("failed: the service said: quota exceeded"), e.getMessage());
    }

    @Test
    void combinedSetsDispatchToTheirOwnerAndRefuseClashingNames() throws Exception {
        Growing growing = new Growing();
        growing.specs.add(tool("lookup"));
        ToolSet both = ToolSet.combine(new Calculator(), growing);
        assertEquals(
                List.of("add", "div", "lookup"),
                both.specifications().stream().map(ToolSpecification::name).toList());
        assertEquals("5", both.execute(call("c1", "add", "{\"a\":2,\"b\":3}")));
        assertEquals("lookup ran", both.execute(call("c2", "lookup", "{}")));
        assertThrows(UnknownToolException.class, () -> both.execute(call("c3", "nothing", "{}")));

        growing.specs.add(tool("add"));
        IllegalStateException clash = assertThrows(IllegalStateException.class, both::specifications);
        assertTrue(
                clash.getMessage().startsWith("two combined tool sets offer a tool named 'add' (sets 0 and 1)"),
                clash.getMessage());
    }
}
