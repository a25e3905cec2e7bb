package dev.switchboard.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class MicrometerListenerTest {
    private final TestObservationRegistry registry = TestObservationRegistry.create();
    /** Every observation in the order it stopped. */
    private final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();

    {
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context);
            }
        });
    }

    private final CounterGraph graph = CounterGraph.builder(new Counter())
            .checkpointer(new MemorySaver())
            .listener(new MicrometerListener(registry))
            .build();

    @Test
    void runsNodesAndCheckpointsAreObservedWithLowCardinalityTags() {
        graph.invoke(TallyUpdate.of().failures(1), RunConfig.thread("t1"));

        assertThat(registry)
                .hasObservationWithNameEqualTo(MicrometerListener.RUN)
                .that()
                .hasLowCardinalityKeyValue("graph", graph.name())
                .hasLowCardinalityKeyValue("outcome", "finished")
                .hasHighCardinalityKeyValue("thread.id", "t1")
                .hasBeenStopped();
        assertEquals(List.of("count:finished", "flaky:retried", "flaky:finished"), nodes());
        Observation.Context retried = contexts(MicrometerListener.NODE).stream()
                .filter(c -> "retried".equals(tag(c, "outcome")))
                .findFirst()
                .orElseThrow();
        assertEquals("attempt 1", retried.getError().getMessage());
        // Node tags stay low-cardinality: graph, node, outcome; ids are high-cardinality only.
        assertEquals(
                List.of("graph", "node", "outcome"),
                retried.getLowCardinalityKeyValues().stream()
                        .map(KeyValue::getKey)
                        .sorted()
                        .toList());
        assertThat(registry)
                .hasObservationWithNameEqualTo(MicrometerListener.CHECKPOINT)
                .that()
                .hasLowCardinalityKeyValue("graph", graph.name())
                .hasBeenStopped();
    }

    @Test
    void aFailedRunAndAnInterruptedOneHaveTheirOutcomes() {
        assertThrows(RuntimeException.class, () -> graph.invoke(TallyUpdate.of().failures(9), RunConfig.thread("t2")));
        assertEquals(List.of("count:finished", "flaky:retried", "flaky:retried", "flaky:failed"), nodes());
        assertEquals(List.of("failed"), runOutcomes());

        registry.clear();
        stopped.clear();
        graph.invoke(TallyUpdate.of().ask(true), RunConfig.thread("t3"));
        assertEquals(List.of("count:finished", "flaky:interrupted"), nodes());
        assertEquals(List.of("paused"), runOutcomes());
    }

    private List<String> nodes() {
        return contexts(MicrometerListener.NODE).stream()
                .map(c -> tag(c, "node") + ":" + tag(c, "outcome"))
                .toList();
    }

    private List<String> runOutcomes() {
        return contexts(MicrometerListener.RUN).stream()
                .map(c -> tag(c, "outcome"))
                .toList();
    }

    private List<Observation.Context> contexts(String name) {
        return stopped.stream().filter(c -> name.equals(c.getName())).toList();
    }

    private static String tag(Observation.Context c, String key) {
        KeyValue kv = c.getLowCardinalityKeyValue(key);
        return kv == null ? null : kv.getValue();
    }
}
