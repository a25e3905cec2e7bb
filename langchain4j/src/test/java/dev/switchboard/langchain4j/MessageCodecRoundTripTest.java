package dev.switchboard.langchain4j;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.CustomMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.SerdeLimits;
import dev.switchboard.runtime.serde.ValueType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Echo {
    @Node
    @Edge(from = START)
    ChatUpdate reply(Chat s) {
        return ChatUpdate.of()
                .messages(List.of(Message.ai("seen " + s.messages().size())));
    }
}

/**
 * Every kind of chat message survives a checkpoint in each saver as it was written, ids included;
 * stored data names no class, and an unknown tag is a {@link SerdeException}.
 */
class MessageCodecRoundTripTest {
    private static final List<ChatMessage> ALL = List.of(
            SystemMessage.from("be brief"),
            UserMessage.from(
                    "ann",
                    List.of(
                            TextContent.from("what is this?"),
                            ImageContent.from("https://example.com/cat.png", ImageContent.DetailLevel.HIGH),
                            ImageContent.from("aGVsbG8=", "image/png"))),
            AiMessage.builder()
                    .text("let me add")
                    .thinking("2 + 3, use the tool")
                    .toolExecutionRequests(List.of(ToolExecutionRequest.builder()
                            .id("call_1")
                            .name("add")
                            .arguments("{\"a\":2,\"b\":3}")
                            .build()))
                    .build(),
            ToolExecutionResultMessage.from("call_1", "add", "5"),
            ToolExecutionResultMessage.builder()
                    .id("call_2")
                    .toolName("div")
                    .text("division by zero")
                    .isError(true)
                    .build(),
            CustomMessage.from(Map.of("kind", "note", "n", 3L, "tags", List.of("a", "b"))));

    @TempDir
    Path dir;

    private static List<Message> input() {
        List<Message> in = new java.util.ArrayList<>();
        for (int i = 0; i < ALL.size(); i++) {
            in.add(Message.of("m" + i, ALL.get(i)));
        }
        return in;
    }

    private static void roundTrip(CheckpointSaver saver) {
        EchoGraph graph = EchoGraph.builder(new Echo()).checkpointer(saver).build();
        RunConfig config = RunConfig.thread("t-" + UUID.randomUUID());
        graph.invoke(ChatUpdate.of().messages(input()), config);
        List<Message> stored = EchoGraph.builder(new Echo())
                .checkpointer(saver)
                .build()
                .getState(config)
                .values()
                .messages();
        assertEquals(input(), stored.subList(0, ALL.size()));
        assertEquals(
                AiMessage.from("seen " + ALL.size()), stored.get(ALL.size()).chat());
        assertTrue(stored.get(ALL.size()).id().matches("[0-9a-f-]{36}"));
    }

    @Test
    void memorySaver() {
        roundTrip(new MemorySaver());
    }

    @Test
    void sqliteSaver() {
        roundTrip(SqliteSaver.file(dir.resolve("chat.db")));
    }

    @Test
    void postgresSaver() throws Exception {
        String url = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if ((url == null || url.isBlank()) && "true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))) {
            org.junit.jupiter.api.Assertions.fail(
                    "SWITCHBOARD_REQUIRE_POSTGRES=true but SWITCHBOARD_POSTGRES_URL is not set");
        }
        Assumptions.assumeTrue(url != null && !url.isBlank(), "SWITCHBOARD_POSTGRES_URL is not set");
        String schema =
                "sblc4j_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        try {
            roundTrip(PostgresSaver.url(url + "&currentSchema=" + schema));
        } finally {
            try (Connection c = DriverManager.getConnection(url);
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    private static final JsonSerde SERDE = new JsonSerde(SerdeLimits.DEFAULT, List.of(), List.of(new MessageCodec()));
    private static final ValueType MESSAGE = ValueType.of(Message.class);

    @Test
    void storedFormIsLangChain4jShapeWithoutClassNames() {
        String json = new String(SERDE.encode(MESSAGE, Message.of("m1", ALL.get(2))), StandardCharsets.UTF_8);
        assertEquals(
                "{\"id\":\"m1\",\"message\":{\"text\":\"let me add\",\"thinking\":\"2 + 3, use the tool\","
                        + "\"toolExecutionRequests\":[{\"id\":\"call_1\",\"name\":\"add\",\"arguments\":"
                        + "\"{\\\"a\\\":2,\\\"b\\\":3}\"}],\"type\":\"AI\"}}",
                json);
        assertEquals(
                "{\"id\":\"r\",\"remove\":true}",
                new String(SERDE.encode(MESSAGE, Message.remove("r")), StandardCharsets.UTF_8));
    }

    @Test
    void unknownTagIsASerdeExceptionNeverAnInstantiation() {
        byte[] data = "{\"id\":\"x\",\"message\":{\"type\":\"java.lang.ProcessBuilder\",\"text\":\"hi\"}}"
                .getBytes(StandardCharsets.UTF_8);
        SerdeException e = assertThrows(SerdeException.class, () -> SERDE.decode(MESSAGE, data));
        assertTrue(
                e.getMessage()
                        .contains("unknown type \"java.lang.ProcessBuilder\"; known types are [AI, CUSTOM,"
                                + " SYSTEM, TOOL_EXECUTION_RESULT, USER]"),
                e.getMessage());
    }

    @Test
    void wrongJsonTypeIsASerdeException() {
        byte[] data = "{\"id\":\"x\",\"message\":{\"type\":\"SYSTEM\",\"text\":5}}".getBytes(StandardCharsets.UTF_8);
        SerdeException e = assertThrows(SerdeException.class, () -> SERDE.decode(MESSAGE, data));
        assertTrue(e.getMessage().contains("\"text\" that is not a string: 5"), e.getMessage());
    }

    @Test
    void declaredSubtypeMustMatchWhatIsStored() {
        JsonSerde serde = new JsonSerde(SerdeLimits.DEFAULT, List.of(), List.of(new ChatMessageCodec()));
        byte[] data = serde.encode(ValueType.of(ChatMessage.class), SystemMessage.from("s"));
        assertEquals(SystemMessage.from("s"), serde.decode(ValueType.of(SystemMessage.class), data));
        SerdeException e =
                assertThrows(SerdeException.class, () -> serde.decode(ValueType.of(UserMessage.class), data));
        assertTrue(e.getMessage().contains("is a SystemMessage, not a UserMessage"), e.getMessage());
    }
}
