package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.serde.SerdeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every checkpoint header records the schema version of the graph that wrote it, in both stored
 * formats; version 1 adds nothing (so headers written before versions existed read as version 1),
 * and the encrypted saver seals it.
 */
class SchemaVersionHeaderTest {
    private static Checkpoint at(int schemaVersion) {
        Checkpoint linear = CompactHeaderTest.linear();
        return new Checkpoint(
                linear.formatVersion(),
                linear.id(),
                linear.timestamp(),
                linear.channels(),
                linear.versionsSeen(),
                schemaVersion);
    }

    @Test
    void theCompactFormatKeepsTheVersionAndAddsNothingForVersion1() {
        Checkpoint v3 = at(3);
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(v3);
        assertTrue(c.header().endsWith(",3]"), c.header());
        assertEquals(
                v3, CheckpointJson.decode(c.header(), v3.id(), v3.timestamp(), Map.of(c.namesId(), c.names())::get));
        CheckpointJson.Compact first = CheckpointJson.encodeCompact(at(1));
        assertEquals(c.header().substring(0, c.header().length() - 3) + "]", first.header());
    }

    @Test
    void theSelfContainedFormatKeepsTheVersion() {
        Checkpoint v2 = at(2);
        String json = CheckpointJson.encode(v2);
        assertTrue(json.contains("\"schema\":2"), json);
        assertEquals(2, CheckpointJson.decode(json).schemaVersion());
        assertFalse(CheckpointJson.encode(at(1)).contains("schema"));
        assertEquals(1, CheckpointJson.decode(CheckpointJson.encode(at(1))).schemaVersion());
    }

    @Test
    void aVersionBelowOneIsCorrupt() {
        Checkpoint v3 = at(3);
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(v3);
        String broken = c.header().substring(0, c.header().length() - 3) + ",0]";
        assertThrows(
                SerdeException.class,
                () -> CheckpointJson.decode(broken, v3.id(), v3.timestamp(), Map.of(c.namesId(), c.names())::get));
        assertThrows(IllegalArgumentException.class, () -> at(0));
    }

    @Test
    void theEncryptedSaverSealsTheVersion() {
        MemorySaver inner = new MemorySaver();
        Keyring keys = Keyring.of("k", Keyring.randomKey());
        EncryptedSaver saver = new EncryptedSaver(inner, keys);
        Checkpoint v2 = at(2);
        CheckpointMetadata md = new CheckpointMetadata(Source.INPUT, -1, Map.of(), Map.of());
        saver.put("t", "", v2, md, null, null, List.of());
        assertEquals(2, saver.getTuple("t", "", null).orElseThrow().checkpoint().schemaVersion());
        // Passed off as another version (as if its header had been edited), it no longer verifies.
        CheckpointTuple stored = inner.getTuple("t", "", null).orElseThrow();
        MemorySaver forged = new MemorySaver();
        forged.put("t", "", at(1), stored.metadata(), null, null, stored.blobs());
        assertEquals(
                1, forged.getTuple("t", "", null).orElseThrow().checkpoint().schemaVersion());
        assertThrows(RuntimeException.class, () -> new EncryptedSaver(forged, keys).getTuple("t", "", null));
    }
}
