package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CheckpointKeys#check} remembers the keys that passed, so a checkpoint's names and versions
 * are not scanned again on every put: what it remembers must never let a bad key through.
 */
class CheckpointKeysTest {
    @Test
    void aRejectedKeyIsRejectedEveryTimeWithItsPosition() {
        String bad = "cp-\uD800";
        for (int i = 0; i < 3; i++) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> CheckpointKeys.check("checkpoint id", bad));
            assertEquals(
                    "checkpoint id \"cp-\\uD800\" holds the unpaired surrogate U+D800 at index 3;",
                    e.getMessage().substring(0, e.getMessage().indexOf(';') + 1));
        }
    }

    @Test
    void manyGoodKeysLeaveEveryBadKeyRejected() {
        List<String> good = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            good.add("channel-" + i);
        }
        for (int round = 0; round < 2; round++) {
            for (String key : good) {
                assertSame(key, CheckpointKeys.check("channel name", key));
            }
        }
        for (int i = 0; i < 10_000; i++) {
            String nul = "channel-" + i + "\u0000";
            assertThrows(IllegalArgumentException.class, () -> CheckpointKeys.check("channel name", nul));
        }
    }

    @Test
    void aLongKeyIsCheckedAsAShortOne() {
        String longKey = "v".repeat(10_000);
        assertSame(longKey, CheckpointKeys.check("channel version", longKey));
        assertThrows(IllegalArgumentException.class, () -> CheckpointKeys.check("channel version", longKey + "\uDC00"));
    }
}
