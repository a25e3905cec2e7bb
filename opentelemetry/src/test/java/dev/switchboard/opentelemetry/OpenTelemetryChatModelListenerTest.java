package dev.switchboard.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenTelemetryChatModelListenerTest {
    private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    private final OpenTelemetrySdk otel = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder()
                    .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                    .build())
            .build();

    /** A model as a provider module would be: LangChain4j's chat() calls the listeners around doChat(). */
    private ChatModel model(boolean fail) {
        ChatModelListener listener = OpenTelemetryChatModelListener.create(otel);
        return new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                if (fail) {
                    throw new IllegalStateException("rate limited");
                }
                return ChatResponse.builder()
                        .aiMessage(AiMessage.from("hi"))
                        .id("resp-1")
                        .modelName("tiny-2025")
                        .tokenUsage(new TokenUsage(12, 3))
                        .finishReason(FinishReason.STOP)
                        .build();
            }

            @Override
            public List<ChatModelListener> listeners() {
                return List.of(listener);
            }

            @Override
            public ModelProvider provider() {
                return ModelProvider.OPEN_AI;
            }
        };
    }

    @Test
    void aModelCallIsAChatSpanWithTokenUsageUnderTheCurrentSpan() {
        Span node = otel.getTracer("test").spanBuilder("node").startSpan();
        try (Scope ignored = node.makeCurrent()) {
            model(false)
                    .chat(ChatRequest.builder()
                            .messages(UserMessage.from("hello"))
                            .modelName("tiny")
                            .build());
        } finally {
            node.end();
        }
        SpanData chat = exporter.getFinishedSpanItems().stream()
                .filter(s -> s.getName().startsWith("chat"))
                .findFirst()
                .orElseThrow();
        assertEquals("chat tiny", chat.getName());
        assertEquals(SpanKind.CLIENT, chat.getKind());
        assertEquals(node.getSpanContext().getSpanId(), chat.getParentSpanId());
        assertEquals("chat", chat.getAttributes().get(SpanNames.OPERATION));
        assertEquals("open_ai", chat.getAttributes().get(SpanNames.PROVIDER));
        assertEquals("tiny", chat.getAttributes().get(SpanNames.REQUEST_MODEL));
        assertEquals("tiny-2025", chat.getAttributes().get(SpanNames.RESPONSE_MODEL));
        assertEquals("resp-1", chat.getAttributes().get(SpanNames.RESPONSE_ID));
        assertEquals(12L, chat.getAttributes().get(SpanNames.INPUT_TOKENS));
        assertEquals(3L, chat.getAttributes().get(SpanNames.OUTPUT_TOKENS));
        assertEquals(List.of("stop"), chat.getAttributes().get(SpanNames.FINISH_REASONS));
    }

    @Test
    void aFailedCallIsAnErrorSpan() {
        assertThrows(
                IllegalStateException.class,
                () -> model(true)
                        .chat(ChatRequest.builder()
                                .messages(UserMessage.from("hello"))
                                .build()));
        SpanData chat = exporter.getFinishedSpanItems().get(0);
        assertEquals("chat", chat.getName());
        assertEquals(StatusCode.ERROR, chat.getStatus().getStatusCode());
        assertEquals("rate limited", chat.getStatus().getDescription());
    }
}
