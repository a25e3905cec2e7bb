package dev.switchboard.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.bench.checkpoint.CheckpointBytes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 17's checkpoint-size target and the per-workload sizes the table prints. */
class CheckpointBytesTest {
    @Test
    void w5sFinalCheckpointIsAtMost300Bytes() {
        long bytes = CheckpointBytes.switchboard();
        assertTrue(bytes <= 300, bytes + " bytes");
    }

    @Test
    void everyWorkloadIsSizedWithItsNamesApart() {
        Map<String, CheckpointBytes.Size> sizes = CheckpointBytes.perWorkload();
        assertEquals(
                List.of("W1/W5 linear 10", "W2 fan-out 8 + join", "W3 loop 1000", "W4 Send ×100"),
                List.copyOf(sizes.keySet()));
        sizes.forEach((label, size) -> {
            assertTrue(size.header() > 0 && size.metadata() > 0 && size.names() > 0, label + ": " + size);
            assertTrue(size.total() < 1000, label + ": " + size);
        });
    }

    @Test
    void w5sFinalCheckpointGrowsLinearlyWithTheRun() {
        CheckpointBytes.Growth growth = CheckpointBytes.growth();
        assertTrue(growth.thousand().values() > 1000 * 3, growth.toString());
        assertTrue(growth.ratio() > 1.5 && growth.ratio() <= 2.1, growth.ratio() + ": " + growth);
    }
}
