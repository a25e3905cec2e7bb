package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.micrometer.MicrometerListener;
import dev.switchboard.opentelemetry.OpenTelemetryListener;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class SwitchboardObservabilityTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    SwitchboardObservabilityAutoConfiguration.class, SwitchboardAutoConfiguration.class))
            .withUserConfiguration(SwitchboardAutoConfigurationTest.DeskConfiguration.class);

    @Test
    void listenerBeansReachEveryGraph() {
        List<String> seen = new CopyOnWriteArrayList<>();
        RunListener mine = new RunListener() {
            @Override
            public void runFinished(RunInfo run, Duration elapsed) {
                seen.add(run.graph());
            }
        };
        runner.withBean(RunListener.class, () -> mine).run(context -> {
            DeskGraph graph = context.getBean(DeskGraph.class);
            graph.invoke(ConversationUpdate.of().lines(List.of("hi")), RunConfig.thread("l1"));
            assertEquals(List.of(graph.name()), seen);
        });
    }

    @Test
    void micrometerAndOpenTelemetryListenersComeWithTheirBeans() {
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        OpenTelemetrySdk otel = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(spans))
                        .build())
                .build();
        TestObservationRegistry observations = TestObservationRegistry.create();
        runner.withBean(ObservationRegistry.class, () -> observations)
                .withBean(OpenTelemetry.class, () -> otel)
                .run(context -> {
                    assertTrue(context.getBeansOfType(MicrometerListener.class).size() == 1);
                    assertTrue(
                            context.getBeansOfType(OpenTelemetryListener.class).size() == 1);
                    DeskGraph graph = context.getBean(DeskGraph.class);
                    graph.invoke(ConversationUpdate.of().lines(List.of("hi")), RunConfig.thread("o1"));
                    assertTrue(spans.getFinishedSpanItems().stream()
                            .anyMatch(s -> s.getName().equals("invoke_workflow " + graph.name())));
                    io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat(observations)
                            .hasObservationWithNameEqualTo(MicrometerListener.NODE);
                });
        runner.withBean(ObservationRegistry.class, () -> observations)
                .withPropertyValues("switchboard.observability.enabled=false")
                .run(context -> assertTrue(
                        context.getBeansOfType(MicrometerListener.class).isEmpty()));
        otel.close();
    }
}
