package dev.switchboard.opentelemetry;

import static dev.switchboard.opentelemetry.SpanNames.*;

import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.listener.ChatModelResponseContext;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A LangChain4j {@link ChatModelListener} that traces each model call as a {@code chat <model>}
 * client span following OpenTelemetry's GenAI conventions ({@code gen_ai.operation.name=chat},
 * {@code gen_ai.provider.name}, {@code gen_ai.request.model}, {@code gen_ai.response.*}, {@code
 * gen_ai.usage.input_tokens/output_tokens}). Register it on the model ({@code
 * OpenAiChatModel.builder().listeners(List.of(listener))}); a call made inside a node nests under the
 * node's span when {@link OpenTelemetryListener} traces the graph. Needs {@code langchain4j-core} on
 * the class path.
 */
public final class OpenTelemetryChatModelListener implements ChatModelListener {
    private static final Object SPAN = new Object();

    private final Tracer tracer;

    private OpenTelemetryChatModelListener(Tracer tracer) {
        this.tracer = tracer;
    }

    /**
     * Creates a listener tracing through an OpenTelemetry instance.
     *
     * @param openTelemetry the application's OpenTelemetry
     * @return the listener
     */
    public static OpenTelemetryChatModelListener create(OpenTelemetry openTelemetry) {
        Objects.requireNonNull(openTelemetry, "openTelemetry");
        return new OpenTelemetryChatModelListener(openTelemetry.getTracer(OpenTelemetryListener.SCOPE));
    }

    @Override
    public void onRequest(ChatModelRequestContext context) {
        String model = context.chatRequest().modelName();
        var builder = tracer.spanBuilder(model == null ? "chat" : "chat " + model)
                .setSpanKind(SpanKind.CLIENT)
                .setParent(Context.current())
                .setAttribute(OPERATION, "chat");
        if (model != null) {
            builder.setAttribute(REQUEST_MODEL, model);
        }
        if (context.modelProvider() != null) {
            builder.setAttribute(PROVIDER, context.modelProvider().name().toLowerCase(Locale.ROOT));
        }
        context.attributes().put(SPAN, builder.startSpan());
    }

    @Override
    public void onResponse(ChatModelResponseContext context) {
        if (!(context.attributes().remove(SPAN) instanceof Span span)) {
            return;
        }
        ChatResponse response = context.chatResponse();
        if (response.modelName() != null) {
            span.setAttribute(RESPONSE_MODEL, response.modelName());
        }
        if (response.id() != null) {
            span.setAttribute(RESPONSE_ID, response.id());
        }
        if (response.finishReason() != null) {
            span.setAttribute(
                    FINISH_REASONS, List.of(response.finishReason().name().toLowerCase(Locale.ROOT)));
        }
        TokenUsage usage = response.tokenUsage();
        if (usage != null) {
            if (usage.inputTokenCount() != null) {
                span.setAttribute(INPUT_TOKENS, usage.inputTokenCount().longValue());
            }
            if (usage.outputTokenCount() != null) {
                span.setAttribute(OUTPUT_TOKENS, usage.outputTokenCount().longValue());
            }
        }
        span.end();
    }

    @Override
    public void onError(ChatModelErrorContext context) {
        if (!(context.attributes().remove(SPAN) instanceof Span span)) {
            return;
        }
        span.recordException(context.error());
        span.setStatus(StatusCode.ERROR, String.valueOf(context.error().getMessage()));
        span.setAttribute("error.type", context.error().getClass().getName());
        span.end();
    }
}
