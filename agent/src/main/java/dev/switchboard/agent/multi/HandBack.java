package dev.switchboard.agent.multi;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.HookResult;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.annotation.AfterAgent;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.langchain4j.LangGraphMessageJson;
import dev.switchboard.langchain4j.Message;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The middleware a supervisor gives each worker: when the worker ends, the conversation records that
 * it went back to the supervisor, as LangGraph's supervisor adds its handoff-back messages (an AI
 * message of the worker calling {@code transfer_back_to_<supervisor>}, and that call's result), and
 * the supervisor is the team's {@code activeAgent} again.
 */
@Middleware(name = "HandBackMiddleware", state = Handoffs.Active.class)
final class HandBack {
    private final String worker;
    private final String supervisor;

    HandBack(String worker, String supervisor) {
        this.worker = worker;
        this.supervisor = supervisor;
    }

    @AfterAgent
    HookResult handBack() {
        ToolExecutionRequest call = ToolExecutionRequest.builder()
                .id("back-" + UUID.randomUUID())
                .name("transfer_back_to_" + supervisor)
                .arguments("{}")
                .build();
        Message ai = Message.of(AiMessage.builder()
                .text("Transferring back to " + supervisor)
                .toolExecutionRequests(List.of(call))
                .attributes(Map.of(LangGraphMessageJson.NAME, worker))
                .build());
        Message result = ToolResult.of(call, "Successfully transferred back to " + supervisor)
                .message()
                .orElseThrow();
        return HookResult.messages(List.of(ai, result))
                .and(Handoffs_ActiveUpdate.of().activeAgent(supervisor));
    }
}
