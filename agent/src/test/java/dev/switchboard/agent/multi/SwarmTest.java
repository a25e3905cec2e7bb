package dev.switchboard.agent.multi;

import static dev.switchboard.agent.multi.Scripts.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.Hook;
import dev.switchboard.agent.HookResult;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A swarm: a typed handoff (validated, read by the receiver), and the active agent answering the next turn. */
class SwarmTest {
    private static final Handoff<RefundRequest> TO_BILLING = Handoff.to("billing", RefundRequestFormat.INSTANCE);

    @Test
    void aTypedHandoffIsValidatedReadAndRemembered() {
        AtomicInteger triageCalls = new AtomicInteger();
        Scripts.Model triage = new Scripts.Model(m -> switch (triageCalls.getAndIncrement()) {
            case 0 -> AiMessage.from(List.of(call("transfer_to_billing", "{\"orderId\":\"o-7\"}", "t1")));
            default ->
                AiMessage.from(
                        List.of(call("transfer_to_billing", "{\"orderId\":\"o-7\",\"reason\":\"broken\"}", "t2")));
        });
        Scripts.Model billing = new Scripts.Model(m -> AiMessage.from("refunding, turn " + m.size()));
        List<RefundRequest> seen = new CopyOnWriteArrayList<>();
        AgentMiddleware reader = new AgentMiddleware() {
            @Override
            public String name() {
                return "reader";
            }

            @Override
            public Set<Hook> hooks() {
                return Set.of(Hook.BEFORE_MODEL);
            }

            @Override
            public HookResult run(Hook hook, AgentState<?> state, NodeContext context) {
                TO_BILLING.payload(state).ifPresent(seen::add);
                return HookResult.none();
            }
        };
        TeamGraph swarm = Swarm.builder()
                .agent("triage", Agent.builder(triage), TO_BILLING)
                .agent("billing", Agent.builder(billing).middleware(reader), Handoff.to("triage"))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        Team first = swarm.invoke(TeamUpdate.of().messages(List.of(Message.user("my order broke"))), thread)
                .value();
        assertEquals("billing", first.activeAgent());
        String error = ((ToolExecutionResultMessage) first.messages().get(2).chat()).text();
        assertTrue(error.contains("reason"), "the model is told what the payload misses: " + error);
        assertEquals(List.of(new RefundRequest("o-7", "broken")), seen);
        assertEquals(
                "billing",
                ((AiMessage) first.messages().get(first.messages().size() - 1).chat())
                        .attributes()
                        .get("name"));

        Team second = swarm.invoke(TeamUpdate.of().messages(List.of(Message.user("thanks"))), thread)
                .value();
        assertEquals(2, triageCalls.get(), "the next turn goes to the active agent");
        assertEquals(2, billing.requests.size());
        assertTrue(
                ((AiMessage) second.messages().get(second.messages().size() - 1).chat())
                        .text()
                        .startsWith("refunding"));
    }

    @Test
    void handoffsToAnAgentOutsideTheSwarmAreRefused() {
        Swarm.Builder b = Swarm.builder()
                .agent("a", Agent.builder(new Scripts.Model(m -> AiMessage.from("x"))), Handoff.to("ghost"));
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, b::build);
        assertEquals("a hands off to ghost, which is not in the swarm; agents are [a]", e.getMessage());
    }
}
