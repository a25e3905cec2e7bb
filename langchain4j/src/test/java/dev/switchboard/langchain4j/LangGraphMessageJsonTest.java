package dev.switchboard.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Messages in LangGraph's wire JSON: the shapes LangGraph.js records, and {role, content} coercion. */
class LangGraphMessageJsonTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private static JsonNode json(String s) {
        return MAPPER.readTree(s.replace('\'', '"'));
    }

    @Test
    void humanAndAiMessagesHaveLangGraphsShape() {
        assertEquals(
                json("{'additional_kwargs':{},'response_metadata':{},'id':'h1','type':'human','content':'one'}"),
                LangGraphMessageJson.encode(Message.of("h1", UserMessage.from("one"))));
        assertEquals(
                json("{'additional_kwargs':{},'response_metadata':{},'id':'run-1','type':'ai','content':'echo: one',"
                        + "'invalid_tool_calls':[],'tool_calls':[]}"),
                LangGraphMessageJson.encode(Message.of("run-1", AiMessage.from("echo: one"))));
    }

    @Test
    void toolCallsCarryParsedArgsAndToolResultsTheirCallId() {
        AiMessage call = AiMessage.from(List.of(ToolExecutionRequest.builder()
                .id("c1")
                .name("add")
                .arguments("{\"a\":1}")
                .build()));
        JsonNode ai = LangGraphMessageJson.encode(Message.of("a1", call));
        assertEquals(json("[{'name':'add','args':{'a':1},'id':'c1','type':'tool_call'}]"), ai.get("tool_calls"));
        assertEquals("", ai.get("content").asString());
        JsonNode tool =
                LangGraphMessageJson.encode(Message.of("t1", ToolExecutionResultMessage.from("c1", "add", "2")));
        assertEquals("tool", tool.get("type").asString());
        assertEquals("c1", tool.get("tool_call_id").asString());
        assertEquals("2", tool.get("content").asString());
        Message back = LangGraphMessageJson.decode(ai);
        assertEquals("a1", back.id());
        assertEquals("{\"a\":1}", back.ai().toolExecutionRequests().get(0).arguments());
    }

    @Test
    void chunksAreAiMessageChunks() {
        assertEquals(
                json("{'additional_kwargs':{},'response_metadata':{},'id':'run-1','type':'ai','content':'echo',"
                        + "'invalid_tool_calls':[],'tool_call_chunks':[],'tool_calls':[]}"),
                LangGraphMessageJson.chunk(new MessageChunk("run-1", "echo", false)));
    }

    @Test
    void roleDictsAreCoercedAsLangGraphDoes() {
        Message user = LangGraphMessageJson.decode(json("{'role':'user','content':'hi'}"));
        assertEquals(UserMessage.from("hi"), user.chat());
        assertEquals(null, user.id());
        assertInstanceOf(
                AiMessage.class,
                LangGraphMessageJson.decode(json("{'role':'assistant','content':'x'}"))
                        .chat());
        assertEquals(
                SystemMessage.from("be brief"),
                LangGraphMessageJson.decode(json("{'role':'developer','content':'be brief'}"))
                        .chat());
        Message typed =
                LangGraphMessageJson.decode(json("{'type':'human','content':[{'type':'text','text':'a'}],'id':'m'}"));
        assertEquals("m", typed.id());
        assertEquals(
                UserMessage.from("a").contents(), ((UserMessage) typed.chat()).contents(), "text blocks are the text");
        assertEquals(
                "[{\"type\":\"text\",\"text\":\"a\"}]",
                ((UserMessage) typed.chat()).attributes().get(LangGraphMessageJson.CONTENT),
                "and the blocks as sent are kept, for clients");
        ToolExecutionResultMessage tool = (ToolExecutionResultMessage)
                LangGraphMessageJson.decode(json("{'role':'tool','content':'2','tool_call_id':'c1','status':'error'}"))
                        .chat();
        assertEquals("c1", tool.id());
        assertEquals(Boolean.TRUE, tool.isError());
    }

    @Test
    void unknownRolesAreRejectedWithTheRule() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> LangGraphMessageJson.decode(json("{'role':'wizard','content':'x'}")));
        assertEquals(
                "cannot coerce a message with role \"wizard\": the roles accepted are "
                        + "[ai, assistant, developer, human, system, tool, user]",
                e.getMessage());
        assertNotNull(assertThrows(IllegalArgumentException.class, () -> LangGraphMessageJson.decode(json("3"))));
        assertThrows(IllegalArgumentException.class, () -> LangGraphMessageJson.decode(json("['user']")));
    }

    @Test
    void stringsAndPairsAreCoercedAsLangChainDoes() {
        assertEquals(Message.of(UserMessage.from("x")), LangGraphMessageJson.decode(json("'x'")));
        assertEquals(Message.of(UserMessage.from("hi")), LangGraphMessageJson.decode(json("['user','hi']")));
        assertEquals(
                Message.of(SystemMessage.from("be brief")), LangGraphMessageJson.decode(json("['system','be brief']")));
    }

    @Test
    void contentBlocksAsAgentChatUiSendsThemBecomeTextAndImageContents() {
        Message m = LangGraphMessageJson.decode(
                MAPPER.readTree(
                        "{\"type\":\"human\",\"content\":[{\"type\":\"text\","
                                + "\"text\":\"what is this?\"},{\"type\":\"image_url\",\"image_url\":{\"url\":\"https://x.org/a.png\"}}]}"));
        UserMessage u = (UserMessage) m.chat();
        assertEquals("what is this?", ((TextContent) u.contents().get(0)).text());
        assertEquals(
                "https://x.org/a.png",
                ((ImageContent) u.contents().get(1)).image().url().toString());
        Message one = LangGraphMessageJson.decode(
                MAPPER.readTree("{\"type\":\"human\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}"));
        assertEquals("hi", ((UserMessage) one.chat()).singleText());
        Message odd =
                LangGraphMessageJson.decode(MAPPER.readTree("{\"type\":\"human\",\"content\":[{\"type\":\"audio\"}]}"));
        assertEquals("[{\"type\":\"audio\"}]", ((UserMessage) odd.chat()).singleText(), "kept as its JSON");
    }

    @Test
    void removalsAreLangGraphsRemoveMessage() {
        JsonNode wire = LangGraphMessageJson.encode(Message.remove("m1"));
        assertEquals(
                json("{'additional_kwargs':{},'response_metadata':{},'id':'m1','type':'remove','content':''}"), wire);
        assertEquals(Message.remove("m1"), LangGraphMessageJson.decode(wire));
    }

    @Test
    void theCodecsWireFormIsLangGraphJsonAndItsErrorsAreSerdeErrors() {
        MessageCodec codec = new MessageCodec();
        Message m = Message.of("h1", UserMessage.from("one"));
        assertEquals(
                LangGraphMessageJson.encode(m), codec.toWire(m, tools.jackson.databind.node.JsonNodeFactory.instance));
        assertEquals(m, codec.fromWire(json("{'role':'user','content':'one','id':'h1'}")));
        dev.switchboard.runtime.serde.SerdeException e = assertThrows(
                dev.switchboard.runtime.serde.SerdeException.class,
                () -> codec.fromWire(json("{'role':'wizard','content':'x'}")));
        assertTrue(e.getMessage().contains("\"wizard\""), e.getMessage());
        assertTrue(codec.chatMessages());
        assertEquals(
                LangGraphMessageJson.chunk(new MessageChunk("run-1", "echo", false)),
                new MessageChunk("run-1", "echo", false).toWire(tools.jackson.databind.node.JsonNodeFactory.instance));
    }

    @Test
    void wireInputTheCodecsCannotReadIsASerdeErrorNamingTheField() {
        MessageCodec messages = new MessageCodec();
        ChatMessageCodec chat = new ChatMessageCodec();
        for (String bad : List.of("{'type':{'a':1},'content':'x'}", "{'role':['user'],'content':'x'}")) {
            dev.switchboard.runtime.serde.SerdeException e = assertThrows(
                    dev.switchboard.runtime.serde.SerdeException.class, () -> messages.fromWire(json(bad)));
            assertTrue(
                    e.getMessage().startsWith("a message's \"type\" must be a string, not ")
                            || e.getMessage().startsWith("a message's \"role\" must be a string, not "),
                    e.getMessage());
            assertThrows(dev.switchboard.runtime.serde.SerdeException.class, () -> chat.fromWire(json(bad)));
        }
        dev.switchboard.runtime.serde.SerdeException noId = assertThrows(
                dev.switchboard.runtime.serde.SerdeException.class, () -> messages.fromWire(json("{'type':'remove'}")));
        assertEquals("a removal (type \"remove\") needs the \"id\" of the message to remove", noId.getMessage());
    }

    @Test
    void aBareChatMessageStateRefusesARemovalInsteadOfReadingNull() {
        dev.switchboard.runtime.serde.SerdeException e = assertThrows(
                dev.switchboard.runtime.serde.SerdeException.class,
                () -> new ChatMessageCodec().fromWire(json("{'type':'remove','id':'m1'}")));
        assertEquals(
                "a removal (type \"remove\") needs a state of Message, whose messages have ids;"
                        + " this state holds bare ChatMessages",
                e.getMessage());
        assertEquals(Message.remove("m1"), new MessageCodec().fromWire(json("{'type':'remove','id':'m1'}")));
    }
}
