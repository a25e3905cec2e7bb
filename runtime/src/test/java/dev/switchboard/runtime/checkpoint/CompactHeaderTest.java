package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Format 2 headers: every checkpoint reads back equal (versions of any form, several run suffixes,
 * delta bases of another run, versions seen), names are stored once per set of names, the form is
 * a fraction of format 1's, and a header whose names are missing or altered fails naming them.
 */
class CompactHeaderTest {
    private static final String ID = "01a20e27-11cd-7002-ba84-3ed388e3508b";
    private static final Instant TS = Instant.parse("2026-11-24T15:22:51.213410618Z");

    private static String v(long counter, String suffix) {
        return ChannelVersion.format(counter, suffix);
    }

    /** W5's final checkpoint: ten branch channels, a counter and a log with a delta chain. */
    static Checkpoint linear() {
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        String run = "8a4d7e33f2186aae";
        channels.put("__start__", new ChannelVersion(v(2, run), v(2, run), 0, 0));
        channels.put("log", new ChannelVersion(v(12, run), v(3, run), 6, 73));
        channels.put("counter", new ChannelVersion(v(12, run), v(12, run), 2, 0));
        seen.put("__start__", Map.of("__start__", v(1, "")));
        for (int i = 1; i <= 10; i++) {
            channels.put("branch:to:n" + i, new ChannelVersion(v(i + 2, run), v(i + 2, run), 0, 0));
            seen.put("n" + i, Map.of("branch:to:n" + i, v(i + 1, "")));
        }
        return new Checkpoint(Checkpoint.FORMAT_VERSION, ID, TS, channels, seen, 1);
    }

    private static Checkpoint roundTrip(Checkpoint cp) {
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(cp);
        return CheckpointJson.decode(c.header(), cp.id(), cp.timestamp(), Map.of(c.namesId(), c.names())::get);
    }

    @Test
    void aLinearRunsFinalHeaderIsATenthOfFormat1AndReadsBackEqual() {
        Checkpoint cp = linear();
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(cp);
        int compact = c.header().getBytes(StandardCharsets.UTF_8).length;
        int selfContained = CheckpointJson.encode(cp).getBytes(StandardCharsets.UTF_8).length;
        assertTrue(compact <= 200, compact + " bytes: " + c.header());
        assertTrue(compact * 10 <= selfContained, compact + " vs " + selfContained);
        assertEquals(cp, roundTrip(cp));
    }

    @Test
    void versionsOfEveryFormReadBackExactly() {
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        channels.put("a", new ChannelVersion(v(7, "old"), v(3, "older"), 10, 5));
        channels.put("b", new ChannelVersion(v(9, "new"), v(9, "new"), 4, 0));
        channels.put("c", new ChannelVersion("v1", "v1", 0, 0));
        channels.put("d", new ChannelVersion("custom-2", "custom-1", 3, 8));
        channels.put("e", new ChannelVersion(v(0, "new"), v(0, "new"), 0, 0));
        channels.put("f", new ChannelVersion(v(5, "new"), v(0, "new"), 1, 1));
        channels.put("g", new ChannelVersion(v(-4, "new"), v(-4, "new"), 0, 0));
        channels.put("h", new ChannelVersion(v(12_345_678_901L, "x.y"), v(12_345_678_901L, "x.y"), 0, 0));
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        seen.put("node", Map.of("a", v(6, ""), "b", v(8, "new"), "gone", "raw"));
        seen.put("idle", Map.of());
        Checkpoint cp = new Checkpoint(Checkpoint.FORMAT_VERSION, "cp-1", TS, channels, seen, 1);
        assertEquals(cp, roundTrip(cp));
    }

    @Test
    void theSameNamesGiveTheSameDictionary() {
        CheckpointJson.Compact a = CheckpointJson.encodeCompact(linear());
        Checkpoint other = new Checkpoint(
                Checkpoint.FORMAT_VERSION, "another", Instant.now(), linear().channels(), linear().versionsSeen(), 1);
        assertEquals(a.namesId(), CheckpointJson.encodeCompact(other).namesId());
        assertEquals(a.names(), CheckpointJson.encodeCompact(other).names());
    }

    @Test
    void missingOrAlteredNamesFailNamingThem() {
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(linear());
        Function<String, String> none = id -> null;
        SerdeException missing =
                assertThrows(SerdeException.class, () -> CheckpointJson.decode(c.header(), ID, TS, none));
        assertTrue(
                missing.getMessage().contains("stored checkpoint names: field '" + c.namesId() + "' is missing"),
                missing.getMessage());
        String altered = c.names().replace("\"log\"", "\"lag\"");
        SerdeException changed =
                assertThrows(SerdeException.class, () -> CheckpointJson.decode(c.header(), ID, TS, id -> altered));
        assertTrue(changed.getMessage().contains("does not match its digest"), changed.getMessage());
    }

    @Test
    void aCorruptCompactHeaderFailsNamingThePart() {
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(linear());
        Function<String, String> names = Map.of(c.namesId(), c.names())::get;
        String fewer = c.header().replace("[2,3,12,", "[2,3,");
        SerdeException e = assertThrows(SerdeException.class, () -> CheckpointJson.decode(fewer, ID, TS, names));
        assertTrue(e.getMessage().contains("stored checkpoint header: field '[3] (channels)'"), e.getMessage());
        String negative = c.header().replace("[12,0,2]", "[-12,0,2]");
        e = assertThrows(SerdeException.class, () -> CheckpointJson.decode(negative, ID, TS, names));
        assertTrue(e.getMessage().contains("field '[3] (channel counter)'"), e.getMessage());
        e = assertThrows(SerdeException.class, () -> CheckpointJson.decode("[3]", ID, TS, names));
        assertTrue(e.getMessage().contains("unsupported checkpoint format version 3"), e.getMessage());
    }
}
