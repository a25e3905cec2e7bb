package dev.switchboard.samples.desk;

import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.middleware.ContextSize;
import dev.switchboard.agent.middleware.HumanInTheLoop;
import dev.switchboard.agent.middleware.ModelCallLimit;
import dev.switchboard.agent.middleware.ReviewDecision;
import dev.switchboard.agent.middleware.Summarization;
import dev.switchboard.agent.middleware.ToolCallLimit;
import dev.switchboard.agent.middleware.ToolReview;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;

/**
 * The refund desk agent: a model with the {@link Orders} tools, four middleware and a structured
 * response. Summarization compacts the thread once it is long (before each model call), a human
 * approves, edits or rejects every refund (after the model asked for it), at most 8 model calls per run and
 * 3 refunds per thread keep a confused model from running on, and the answer is a {@link Resolution}.
 */
public final class RefundDesk {
    private RefundDesk() {}

    /**
     * The agent.
     *
     * @param model the desk's model
     * @param summarizer the model that writes summaries
     * @param saver where the threads are kept
     * @return the agent
     */
    public static Agent<Resolution> agent(ChatModel model, ChatModel summarizer, CheckpointSaver saver) {
        return builder(model, summarizer).checkpointer(saver).build();
    }

    /**
     * The agent's builder, without a checkpointer: what a server is given, which sets its own.
     *
     * @param model the desk's model
     * @param summarizer the model that writes summaries
     * @return the builder
     */
    public static Agent.Builder<Resolution> builder(ChatModel model, ChatModel summarizer) {
        return Agent.builder(model)
                .name("desk")
                .systemPrompt("You resolve refund requests. Look the order up, refund what was paid, and answer"
                        + " with a Resolution.")
                .tools(new OrdersTools(new Orders()))
                .middleware(
                        Summarization.builder(summarizer)
                                .trigger(ContextSize.messages(14))
                                .keep(ContextSize.messages(6))
                                .build(),
                        HumanInTheLoop.builder()
                                .interruptOn(
                                        "refund",
                                        ToolReview.allowing(
                                                        ReviewDecision.APPROVE,
                                                        ReviewDecision.EDIT,
                                                        ReviewDecision.REJECT)
                                                .describedBy(c -> "Refund requested: " + c.arguments()))
                                .build(),
                        ModelCallLimit.builder().runLimit(8).build(),
                        ToolCallLimit.of("refund").threadLimit(3).build())
                .responseFormat(ResolutionFormat.INSTANCE);
    }

    /**
     * The agent with the offline models, for the sample and its tests.
     *
     * @param saver where the threads are kept
     * @return the agent
     */
    public static Agent<Resolution> offline(CheckpointSaver saver) {
        return agent(OfflineModels.desk(), OfflineModels.summarizer(), saver);
    }

    /**
     * The agent's builder with the offline models, for a server.
     *
     * @return the builder
     */
    public static Agent.Builder<Resolution> offlineBuilder() {
        return builder(OfflineModels.desk(), OfflineModels.summarizer());
    }
}
