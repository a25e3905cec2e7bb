package dev.switchboard.agent.middleware;

import static dev.switchboard.agent.middleware.TestModels.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.middleware.TodoList.Status;
import dev.switchboard.agent.middleware.TodoList.Todo;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The todo list: write_todos replaces the list in the state, parallel writes are refused, the prompt is added. */
class TodoListTest {
    @TempDir
    Path dir;

    private static final String PLAN = "{\"todos\":[{\"content\":\"draft\",\"status\":\"in_progress\"},"
            + "{\"content\":\"review\",\"status\":\"pending\"}]}";

    @Test
    void theModelsListIsKeptInTheStateAndStored() throws Exception {
        TestModels.Scripted model = TestModels.callsThenAnswer(call(TodoList.TOOL, PLAN, "c1"));
        RunConfig thread = RunConfig.thread("t");
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("todos.db"))) {
            Agent<Void> agent = Agent.builder(model)
                    .systemPrompt("You plan.")
                    .middleware(TodoList.builder().build())
                    .checkpointer(saver)
                    .build();
            AgentState<Void> out = agent.invoke(
                            AgentStateUpdate.of().messages(List.of(Message.user("write a post"))), thread)
                    .value();
            List<Todo> expected = List.of(new Todo("draft", Status.in_progress), new Todo("review", Status.pending));
            assertEquals(expected, out.get(TodoList.Todos.class).todos());
            assertEquals(
                    "Updated todo list to [{\"content\":\"draft\",\"status\":\"in_progress\"},{\"content\":\"review\",\"status\":\"pending\"}]",
                    ((ToolExecutionResultMessage) out.messages().get(2).chat()).text());
            assertEquals(
                    expected,
                    agent.getState(thread).values().get(TodoList.Todos.class).todos(),
                    "read back from SQLite");
            String system = ((SystemMessage) model.requests.get(0).messages().get(0)).text();
            assertTrue(system.startsWith("You plan.\n\n## `write_todos`"), system);
            assertTrue(model.requests.get(0).toolSpecifications().stream()
                    .anyMatch(t -> t.name().equals("write_todos")));
        }
    }

    @Test
    void twoWritesInOneReplyAreBothRefused() {
        TestModels.Scripted model =
                TestModels.callsThenAnswer(call(TodoList.TOOL, PLAN, "c1"), call(TodoList.TOOL, PLAN, "c2"));
        AgentState<Void> out = Agent.builder(model)
                .middleware(TodoList.builder().build())
                .build()
                .invoke(AgentStateUpdate.of().messages(List.of(Message.user("go"))))
                .value();
        assertEquals(null, out.get(TodoList.Todos.class).todos());
        // Every call is answered, so LangChain's after-model routing ends the agent, as it does here.
        assertEquals(1, model.calls.get());
        String refusal = ((ToolExecutionResultMessage)
                        out.messages().get(out.messages().size() - 1).chat())
                .text();
        assertTrue(refusal.startsWith("Error: The `write_todos` tool should never be called multiple times"), refusal);
    }
}
