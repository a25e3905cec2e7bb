package dev.switchboard.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenTelemetryListenerTest {
    private InMemorySpanExporter exporter;
    private OpenTelemetrySdk otel;
    private Journey journey;
    private JourneyGraph graph;

    @BeforeEach
    void setUp() {
        exporter = InMemorySpanExporter.create();
        otel = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .build();
        journey = new Journey(otel.getTracer("user-code"));
        graph = JourneyGraph.builder(journey)
                .checkpointer(new MemorySaver())
                .listener(OpenTelemetryListener.create(otel))
                .build();
    }

    @AfterEach
    void tearDown() {
        otel.close();
    }

    @Test
    void aRunIsATreeOfRunTaskSubgraphAndUserSpans() {
        graph.invoke(TripUpdate.of().failures(1), RunConfig.thread("trip-1"));

        List<SpanData> spans = exporter.getFinishedSpanItems();
        SpanData root = only(spans, "invoke_workflow " + graph.name());
        assertEquals(SpanId.getInvalid(), root.getParentSpanId());
        assertEquals("invoke_workflow", root.getAttributes().get(SpanNames.OPERATION));
        assertEquals(graph.name(), root.getAttributes().get(SpanNames.WORKFLOW));
        assertEquals("trip-1", root.getAttributes().get(SpanNames.CONVERSATION));
        assertEquals("finished", root.getAttributes().get(SpanNames.OUTCOME));

        // Tasks are children of the run, in superstep order; the retried attempt is its own span.
        List<SpanData> tasks = childrenOf(spans, root);
        assertEquals(List.of("plan", "leg", "flaky", "flaky"), names(tasks));
        SpanData plan = tasks.get(0);
        assertEquals("plan", plan.getAttributes().get(SpanNames.NODE));
        assertEquals("plan", plan.getAttributes().get(SpanNames.LANGGRAPH_NODE));
        assertEquals(
                plan.getAttributes().get(SpanNames.STEP), plan.getAttributes().get(SpanNames.LANGGRAPH_STEP));
        assertNotNull(plan.getAttributes().get(SpanNames.TASK_ID));
        assertNotNull(plan.getAttributes().get(SpanNames.CHECKPOINT_ID));

        SpanData firstFlaky = tasks.get(2);
        SpanData secondFlaky = tasks.get(3);
        assertEquals(1L, firstFlaky.getAttributes().get(SpanNames.ATTEMPT));
        assertEquals("retried", firstFlaky.getAttributes().get(SpanNames.OUTCOME));
        assertEquals(StatusCode.ERROR, firstFlaky.getStatus().getStatusCode());
        assertTrue(firstFlaky.getEvents().stream().anyMatch(e -> e.getName().equals("exception")));
        assertEquals(2L, secondFlaky.getAttributes().get(SpanNames.ATTEMPT));
        assertEquals("finished", secondFlaky.getAttributes().get(SpanNames.OUTCOME));
        assertEquals(
                firstFlaky.getAttributes().get(SpanNames.TASK_ID),
                secondFlaky.getAttributes().get(SpanNames.TASK_ID));

        // The node's own span nests under the node; the subgraph's run under the subgraph node.
        assertEquals(List.of("user-http-call"), names(childrenOf(spans, plan)));
        SpanData legNode = tasks.get(1);
        SpanData legRun = only(
                childrenOf(spans, legNode),
                "invoke_workflow " + LegGraph.builder(new Leg()).build().name());
        assertEquals(List.of("walk"), names(childrenOf(spans, legRun)));
        String ns = legRun.getAttributes().get(SpanNames.NAMESPACE);
        assertTrue(ns.startsWith("leg:"), ns);
        assertTrue(childrenOf(spans, legRun)
                .get(0)
                .getAttributes()
                .get(SpanNames.LANGGRAPH_CHECKPOINT_NS)
                .startsWith("leg:"));

        // Every checkpoint the run wrote is an event on the run span.
        assertTrue(root.getEvents().stream()
                        .filter(e -> e.getName().equals("checkpoint"))
                        .count()
                >= 4);
    }

    @Test
    void aFailedRunRecordsTheErrorOnTheLastAttemptAndTheRun() {
        assertThrows(
                RuntimeException.class, () -> graph.invoke(TripUpdate.of().failures(5), RunConfig.thread("trip-2")));

        List<SpanData> spans = exporter.getFinishedSpanItems();
        SpanData root = only(spans, "invoke_workflow " + graph.name());
        assertEquals(StatusCode.ERROR, root.getStatus().getStatusCode());
        assertEquals("failed", root.getAttributes().get(SpanNames.OUTCOME));
        List<SpanData> flaky = childrenOf(spans, root).stream()
                .filter(s -> s.getName().equals("flaky"))
                .toList();
        assertEquals(
                List.of("retried", "retried", "failed"),
                flaky.stream()
                        .map(s -> s.getAttributes().get(SpanNames.OUTCOME))
                        .toList());
        assertTrue(flaky.stream().allMatch(s -> s.getStatus().getStatusCode() == StatusCode.ERROR));
        assertEquals(3, journey.flakyCalls.get());
    }

    private static SpanData only(List<SpanData> spans, String name) {
        List<SpanData> found =
                spans.stream().filter(s -> s.getName().equals(name)).toList();
        assertEquals(1, found.size(), () -> "spans named " + name + " in " + names(spans));
        return found.get(0);
    }

    private static List<SpanData> childrenOf(List<SpanData> spans, SpanData parent) {
        return spans.stream()
                .filter(s -> s.getParentSpanId().equals(parent.getSpanId()))
                .sorted((a, b) -> Long.compare(a.getStartEpochNanos(), b.getStartEpochNanos()))
                .collect(Collectors.toList());
    }

    private static List<String> names(List<SpanData> spans) {
        return spans.stream().map(SpanData::getName).toList();
    }
}
