package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.runtime.NodeContext;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The {@code model_request} node: builds the model request, passes it through the middleware's
 * {@code wrapModelCall} hooks (the first middleware outermost) to the model, reads a structured
 * response if the agent has a response format, names the reply after the agent, and routes.
 */
final class ModelStep<R> {
    private final AgentPlan<R> plan;
    private final Routes routes;

    ModelStep(AgentPlan<R> plan, Routes routes) {
        this.plan = plan;
        this.routes = routes;
    }

    Object run(AgentState<R> state, NodeContext ctx) throws Exception {
        List<Message> messages = state.messages();
        if (Conversation.last(messages) != null
                && Conversation.last(messages).chat() instanceof ToolExecutionResultMessage t
                && !Boolean.TRUE.equals(t.isError())
                && plan.returnDirect.contains(t.toolName())) {
            // A tool that returns directly ended the loop; with a response format LangChain still
            // passes here, and ends without calling the model.
            return Nodes.command(null, routes.afterModelCall(messages, false));
        }
        ModelRequest request =
                new ModelRequest(plan.model, messages, plan.systemPrompt, plan.specifications(), null, state, ctx);
        ModelResponse response = call(0, request);
        List<Message> written = new ArrayList<>(response.messages());
        if (response.structuredResponse().isEmpty()) {
            written.set(0, Conversation.named(written.get(0), plan.aiName));
        }
        AgentWrites writes = new AgentWrites(plan.schema).messages(written);
        response.structuredResponse().ifPresent(writes::structuredResponse);
        return Nodes.command(writes, routes.afterModelCall(Conversation.merge(messages, written), response.retry()));
    }

    private ModelResponse call(int i, ModelRequest request) throws Exception {
        if (i == plan.wrapModel.size()) {
            return model(request);
        }
        AgentMiddleware m = plan.wrapModel.get(i);
        ModelResponse r = m.wrapModelCall(request, next -> call(i + 1, next));
        if (r == null) {
            throw new IllegalStateException("wrapModelCall of middleware " + m.name() + " returned null; return"
                    + " the handler's response or ModelResponse.of(message)");
        }
        return r;
    }

    /** The innermost handler: the model itself. */
    private ModelResponse model(ModelRequest request) {
        StructuredOutput<R> output = plan.output;
        boolean toolStrategy = output != null && output.usesTool(request.model());
        List<ChatMessage> chat = new ArrayList<>(request.messages().size() + 1);
        request.systemPrompt().filter(p -> !p.isEmpty()).ifPresent(p -> chat.add(SystemMessage.from(p)));
        for (Message m : request.messages()) {
            if (!m.isRemoval()) {
                chat.add(m.chat());
            }
        }
        List<ToolSpecification> tools = new ArrayList<>(request.tools());
        if (toolStrategy) {
            tools.add(output.format().toolSpecification());
        }
        ChatRequest.Builder b = ChatRequest.builder().messages(chat);
        if (!tools.isEmpty()) {
            b.toolSpecifications(tools);
            ToolChoice choice = request.toolChoice().orElse(toolStrategy ? ToolChoice.REQUIRED : null);
            if (choice != null) {
                b.toolChoice(choice);
            }
        }
        if (output != null && !toolStrategy) {
            b.responseFormat(output.format().responseFormat());
        }
        String runId = "run-" + UUID.randomUUID();
        ChatResponse response = request.model().chat(b.build(), runId, request.context());
        // A blocking model's own response id names the reply, as LangChain names it; a streaming
        // reply keeps the id its streamed chunks carried.
        boolean streamed = request.model().model() instanceof StreamingChatModel;
        String id = !streamed && response.id() != null ? response.id() : runId;
        Message reply = Message.of(id, response.aiMessage());
        if (output == null) {
            return ModelResponse.of(reply);
        }
        return toolStrategy ? Structured.fromTool(output, reply) : Structured.fromText(output, reply);
    }

    /** Reading a structured response from a reply, as LangChain's two strategies do. */
    static final class Structured {
        private Structured() {}

        static <R> ModelResponse fromText(StructuredOutput<R> output, Message reply) {
            AiMessage ai = (AiMessage) reply.chat();
            String text = ai.text();
            if (text != null && !text.isEmpty()) {
                try {
                    R value = output.format().parse(text);
                    return new ModelResponse(reply, List.of(reply), value, false);
                } catch (ToolArgumentsException e) {
                    if (!ai.hasToolExecutionRequests()) {
                        throw new StructuredOutputException(output.format().name(), e.getMessage(), e);
                    }
                }
            }
            if (!ai.hasToolExecutionRequests()) {
                throw new StructuredOutputException(
                        output.format().name(), "Model output did not satisfy the provided response schema.", null);
            }
            return ModelResponse.of(reply);
        }

        static <R> ModelResponse fromTool(StructuredOutput<R> output, Message reply) {
            List<ToolExecutionRequest> calls = new ArrayList<>();
            for (ToolExecutionRequest c : Conversation.calls(reply)) {
                if (output.format().name().equals(c.name())) {
                    calls.add(c);
                }
            }
            if (calls.isEmpty()) {
                return ModelResponse.of(reply);
            }
            ToolExecutionRequest call = calls.get(0);
            if (calls.size() > 1) {
                String names = String.join(
                        ", ", calls.stream().map(ToolExecutionRequest::name).toList());
                return retry(
                        output,
                        reply,
                        call,
                        "The model has called multiple tools: " + names
                                + " to return a structured output. This is not supported. Please provide a single structured"
                                + " output.",
                        null);
            }
            R value;
            try {
                value = output.format().parse(call.arguments());
            } catch (ToolArgumentsException e) {
                return retry(
                        output,
                        reply,
                        call,
                        "Failed to parse structured output for tool '" + call.name() + "':\n  - " + e.getMessage()
                                + ".",
                        e);
            }
            String json = output.format().toJson(value);
            String closing = output.toolMessageContent() != null
                    ? output.toolMessageContent()
                    : "Returning structured response: " + json;
            return new ModelResponse(
                    reply,
                    List.of(reply, ToolResult.of(call, json).message().orElseThrow(), Message.ai(closing)),
                    value,
                    false);
        }

        private static ModelResponse retry(
                StructuredOutput<?> output, Message reply, ToolExecutionRequest call, String error, Exception cause) {
            if (output.failsOnError()) {
                throw new StructuredOutputException(output.format().name(), error, cause);
            }
            String told = output.errorMessage() != null ? output.errorMessage() : error;
            return new ModelResponse(
                    reply, List.of(reply, ToolResult.error(call, told).message().orElseThrow()), null, true);
        }
    }
}
