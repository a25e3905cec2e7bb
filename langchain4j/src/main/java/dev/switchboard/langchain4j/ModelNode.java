package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.switchboard.runtime.NodeContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Calls a LangChain4j {@link ChatModel} or {@link StreamingChatModel} with a conversation and the
 * tool specifications, and returns the reply as a {@link Message} with a fresh id ({@code
 * run-<uuid>}, as LangChain names replies). With a streaming
 * model and the node's {@link NodeContext}, every token goes to the {@code MESSAGES} stream mode as
 * a {@link MessageChunk} carrying that id, with LangGraph's metadata (node, step, task id, triggers,
 * namespace) added by the runtime. From an annotated graph, one line:
 *
 * <pre>{@code
 * @Node ChatUpdate agent(Chat s, NodeContext ctx) { return ChatUpdate.of().messages(List.of(model.call(s.messages(), ctx))); }
 * }</pre>
 *
 * <p>Removals in the conversation are skipped; the system prompt, if set, is sent first and never
 * stored. A model failure is thrown as it is, so the node's retry policy applies; so is a reply
 * with neither text nor tool calls, or with duplicate tool call ids ({@link
 * ModelResponseException}). Thread-safe if the model is.
 */
public final class ModelNode {
    private final ChatModel model;
    private final StreamingChatModel streaming;
    private final Supplier<List<ToolSpecification>> tools;
    private final String systemPrompt;

    private ModelNode(Builder b) {
        this.model = b.model;
        this.streaming = b.streaming;
        this.tools = b.tools;
        this.systemPrompt = b.systemPrompt;
    }

    /**
     * A builder for a blocking model.
     *
     * @param model the model
     * @return the builder
     */
    public static Builder builder(ChatModel model) {
        return new Builder(Objects.requireNonNull(model, "model"), null);
    }

    /**
     * A builder for a streaming model.
     *
     * @param model the model
     * @return the builder
     */
    public static Builder builder(StreamingChatModel model) {
        return new Builder(null, Objects.requireNonNull(model, "model"));
    }

    /**
     * Asks the model, without streaming.
     *
     * @param messages the conversation
     * @return the reply, with a fresh id
     */
    public Message call(List<Message> messages) {
        return call(messages, null);
    }

    /**
     * Asks the model, streaming its tokens through {@code ctx} when it is a streaming model.
     *
     * @param messages the conversation
     * @param ctx the node's context, or {@code null} not to stream
     * @return the reply, with a fresh id
     * @throws ModelResponseException if the reply has neither text nor tool calls, or duplicate
     *     tool call ids
     */
    public Message call(List<Message> messages, NodeContext ctx) {
        ChatRequest request = request(messages);
        // LangChain names a reply after the model call's run, and LangGraph's clients show that id
        String id = "run-" + UUID.randomUUID();
        return Message.of(id, check(chat(request, id, ctx).aiMessage()));
    }

    /**
     * Sends a request as the caller prepared it (messages, tools, tool choice, response format),
     * streaming its tokens through {@code ctx} under {@code messageId} when this is a streaming model.
     * This node's own tools and system prompt are not added, and the reply is not checked.
     *
     * @param request the request
     * @param messageId the id the streamed chunks carry: the reply's message id
     * @param ctx the node's context, or {@code null} not to stream
     * @return the model's response
     */
    public ChatResponse chat(ChatRequest request, String messageId, NodeContext ctx) {
        Objects.requireNonNull(request, "request");
        return streaming == null ? model.chat(request) : stream(request, messageId, ctx);
    }

    /**
     * What the model says it supports, such as {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA}.
     *
     * @return the model's capabilities
     */
    public Set<Capability> capabilities() {
        return streaming == null ? model.supportedCapabilities() : streaming.supportedCapabilities();
    }

    private ChatRequest request(List<Message> messages) {
        List<ChatMessage> chat = new ArrayList<>(messages.size() + 1);
        if (systemPrompt != null) {
            chat.add(SystemMessage.from(systemPrompt));
        }
        for (Message m : messages) {
            if (!m.isRemoval()) {
                chat.add(m.chat());
            }
        }
        ChatRequest.Builder b = ChatRequest.builder().messages(chat);
        List<ToolSpecification> specifications = tools.get();
        return specifications.isEmpty()
                ? b.build()
                : b.toolSpecifications(specifications).build();
    }

    private ChatResponse stream(ChatRequest request, String id, NodeContext ctx) {
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        streaming.chat(request, new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String token) {
                emit(ctx, new MessageChunk(id, token, false));
            }

            @Override
            public void onPartialThinking(PartialThinking thinking) {
                emit(ctx, new MessageChunk(id, thinking.text(), true));
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });
        try {
            return done.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private static void emit(NodeContext ctx, MessageChunk chunk) {
        if (ctx != null) {
            ctx.emitMessage(chunk, Map.of("message_id", chunk.messageId()));
        }
    }

    private static AiMessage check(AiMessage reply) {
        if (reply == null
                || (!reply.hasToolExecutionRequests()
                        && (reply.text() == null || reply.text().isBlank()))) {
            throw new ModelResponseException("the model replied with neither text nor tool calls: " + reply);
        }
        Set<String> ids = new HashSet<>();
        for (ToolExecutionRequest r :
                reply.hasToolExecutionRequests() ? reply.toolExecutionRequests() : List.<ToolExecutionRequest>of()) {
            if (r.id() != null && !ids.add(r.id())) {
                throw new ModelResponseException("the model requested two tool calls with the id '" + r.id() + "'");
            }
        }
        return reply;
    }

    /** Configures a {@link ModelNode}. */
    public static final class Builder {
        private final ChatModel model;
        private final StreamingChatModel streaming;
        private Supplier<List<ToolSpecification>> tools = List::of;
        private String systemPrompt;

        private Builder(ChatModel model, StreamingChatModel streaming) {
            this.model = model;
            this.streaming = streaming;
        }

        /**
         * The tools the model may call: their specifications go with every request, read from the
         * set at each call, so a set whose tools change (an MCP server's list-changed notification)
         * offers the model its current tools.
         *
         * @param toolSet the tools
         * @return this builder
         */
        public Builder tools(ToolSet toolSet) {
            Objects.requireNonNull(toolSet, "toolSet");
            this.tools = toolSet::specifications;
            return this;
        }

        /**
         * The specifications of the tools the model may call.
         *
         * @param specifications the specifications
         * @return this builder
         */
        public Builder tools(List<ToolSpecification> specifications) {
            List<ToolSpecification> fixed = List.copyOf(specifications);
            this.tools = () -> fixed;
            return this;
        }

        /**
         * A system prompt sent before the conversation on every call, never stored in state.
         *
         * @param prompt the prompt, or {@code null} for none
         * @return this builder
         */
        public Builder systemPrompt(String prompt) {
            this.systemPrompt = prompt;
            return this;
        }

        /**
         * Builds the node helper.
         *
         * @return the helper
         */
        public ModelNode build() {
            return new ModelNode(this);
        }
    }
}
