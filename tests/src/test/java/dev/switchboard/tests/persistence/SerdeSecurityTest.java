package dev.switchboard.tests.persistence;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.SerdeLimits;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A class an attacker would like a checkpoint to instantiate: it counts its constructions. */
class Gadget {
    static final AtomicInteger CREATED = new AtomicInteger();

    public Gadget() {
        CREATED.incrementAndGet();
    }

    public void setCommand(String command) {
        CREATED.incrementAndGet();
    }
}

/** A type that opts into class-name polymorphism, which the runtime must still refuse. */
@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS)
class Polymorphic {
    public String name;
}

record Open(Object anything, Polymorphic typed, String text) {}

/** START -> a, to give the state a graph. */
class OpenNodes {
    @Node
    @Edge(from = START)
    OpenUpdate a(Open s) {
        return OpenUpdate.of().text("ran");
    }
}

/**
 * Checkpoints are read with the types the state declares, so stored data cannot choose what gets
 * instantiated: a checkpoint that names gadget classes is either read as inert data or rejected,
 * and decoding is bounded.
 */
class SerdeSecurityTest {
    private final MemorySaver saver = new MemorySaver();
    private final OpenNodesGraph graph =
            OpenNodesGraph.builder(new OpenNodes()).checkpointer(saver).build();

    @BeforeEach
    void reset() {
        Gadget.CREATED.set(0);
    }

    /** Stores a checkpoint whose one channel holds the given JSON, as a hostile store would. */
    private void plant(String thread, String channel, String json) {
        String version = ChannelVersion.format(1, "x");
        Checkpoint cp = new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                "00000000-0000-7000-8000-000000000001",
                Instant.now(),
                Map.of(channel, new ChannelVersion(version, version, json.length(), 0)),
                Map.of(),
                1);
        Blob blob = new Blob(channel, version, version, "", Blob.Kind.SNAPSHOT, json.getBytes(StandardCharsets.UTF_8));
        saver.put(
                thread,
                "",
                cp,
                new CheckpointMetadata(CheckpointMetadata.Source.LOOP, 0, Map.of(), Map.of()),
                null,
                null,
                List.of(blob));
    }

    @Test
    void classNamesInAnObjectChannelStayInertData() {
        plant("t1", "anything", "[\"dev.switchboard.tests.persistence.Gadget\",{\"command\":\"rm -rf /\"}]");
        Object read = graph.getState(RunConfig.thread("t1")).values().anything();
        assertInstanceOf(List.class, read);
        plant("t2", "anything", "{\"@class\":\"dev.switchboard.tests.persistence.Gadget\",\"command\":\"x\"}");
        assertInstanceOf(
                Map.class, graph.getState(RunConfig.thread("t2")).values().anything());
        assertEquals(0, Gadget.CREATED.get(), "no gadget may ever be constructed");
    }

    @Test
    void classNamePolymorphismIsRefusedEvenWhereTheTypeAsksForIt() {
        plant("t3", "typed", "{\"@class\":\"dev.switchboard.tests.persistence.Gadget\",\"command\":\"x\"}");
        SerdeException e = assertThrows(SerdeException.class, () -> graph.getState(RunConfig.thread("t3")));
        assertTrue(e.getMessage().contains("channel 'typed'"), e.getMessage());
        plant("t4", "typed", "{\"@class\":\"dev.switchboard.tests.persistence.Polymorphic\",\"name\":\"ok\"}");
        assertThrows(SerdeException.class, () -> graph.getState(RunConfig.thread("t4")));
        assertEquals(0, Gadget.CREATED.get());
    }

    @Test
    void aValueOfTheWrongTypeIsRejectedNotCoerced() {
        plant("t5", "text", "{\"not\":\"a string\"}");
        SerdeException e = assertThrows(SerdeException.class, () -> graph.getState(RunConfig.thread("t5")));
        assertTrue(e.getMessage().contains("channel 'text'"), e.getMessage());
    }

    @Test
    void decodingIsBounded() {
        OpenNodesGraph strict = OpenNodesGraph.builder(new OpenNodes())
                .checkpointer(saver)
                .serdeLimits(new SerdeLimits(1024, 16, 100))
                .build();
        plant("big", "text", "\"" + "x".repeat(2000) + "\"");
        assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("big")));
        plant("deep", "anything", "[".repeat(40) + "]".repeat(40));
        assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("deep")));
        plant("long", "anything", "[\"" + "y".repeat(500) + "\"]");
        assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("long")));
    }

    @Test
    void aRunStoresAndReadsBackItsOwnValues() {
        RunConfig cfg = RunConfig.thread("own");
        graph.invoke(OpenUpdate.of().anything(Map.of("k", List.of(1, 2))), cfg);
        Open state = graph.getState(cfg).values();
        assertEquals(Map.of("k", List.of(1, 2)), state.anything());
        assertEquals("ran", state.text());
    }
}
