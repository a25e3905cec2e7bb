package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The streaming reader of format 2 headers: every header the encoder writes is read without a
 * tree, equal to the tree's result; and on thousands of altered headers it either gives up or
 * returns exactly what the tree decoder returns (it never accepts what the tree refuses, nor reads
 * a different checkpoint).
 */
class CompactHeaderReaderTest {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Instant TS = Instant.parse("2026-11-24T15:22:51.213410618Z");
    private static final Pattern SCALAR = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|-?[0-9][0-9.eE+-]*|null|\\]");
    private static final String[] REPLACEMENTS = {
        "-1",
        "0",
        "1",
        "2",
        "5",
        "1.0",
        "1e2",
        "\"x\"",
        "\"\"",
        "\"a\\u0000\"",
        "null",
        "true",
        "[]",
        "[0]",
        "{}",
        "99999999999999999999",
        "9223372036854775807",
        "0,0",
        "0]",
        "[",
        "\"v\",0",
        "-0",
        "01",
        " 7 ",
        "nul",
        "\"\\\"\"",
        "\"a\tb\"",
        "1,]",
    };

    private static String v(long counter, String suffix) {
        return ChannelVersion.format(counter, suffix);
    }

    private static List<Checkpoint> checkpoints() {
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        channels.put("a", new ChannelVersion(v(7, "old"), v(3, "older"), 10, 5));
        channels.put("b", new ChannelVersion(v(9, "new"), v(9, "new"), 4, 0));
        channels.put("c", new ChannelVersion("v1", "v1", 0, 0));
        channels.put("d", new ChannelVersion("custom-2", "custom-1", 3, 8));
        channels.put("e", new ChannelVersion(v(0, "new"), v(0, "new"), 0, 0));
        channels.put("f", new ChannelVersion(v(5, "new"), v(0, "new"), 1, 1));
        channels.put("h", new ChannelVersion(v(12_345_678_901L, "x.y"), v(12_345_678_901L, "x.y"), 0, 0));
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        seen.put("node", Map.of("a", v(6, ""), "b", v(8, "new"), "gone", "raw"));
        seen.put("idle", Map.of());
        Map<String, ChannelVersion> empty = Map.of();
        return List.of(
                CompactHeaderTest.linear(),
                new Checkpoint(Checkpoint.FORMAT_VERSION, "cp-1", TS, channels, seen, 1),
                new Checkpoint(Checkpoint.FORMAT_VERSION, "cp-2", TS, empty, Map.of(), 1),
                new Checkpoint(Checkpoint.FORMAT_VERSION, "cp-3", TS, empty, Map.of("n", Map.of("x", v(3, ""))), 1));
    }

    @Test
    void everyHeaderTheEncoderWritesIsReadWithoutATreeAndEqual() {
        for (Checkpoint cp : checkpoints()) {
            CheckpointJson.Compact c = CheckpointJson.encodeCompact(cp);
            Checkpoint fast =
                    CompactHeaderReader.read(c.header(), cp.id(), cp.timestamp(), Map.of(c.namesId(), c.names())::get);
            assertNotNull(fast, c.header());
            assertEquals(cp, fast);
        }
    }

    @Test
    void anAlteredHeaderIsEitherLeftToTheTreeOrReadExactlyAsTheTreeReadsIt() {
        int read = 0;
        int leftToTree = 0;
        for (Checkpoint cp : checkpoints()) {
            CheckpointJson.Compact c = CheckpointJson.encodeCompact(cp);
            Function<String, String> names = Map.of(c.namesId(), c.names())::get;
            for (String altered : alterations(c.header())) {
                Checkpoint fast = CompactHeaderReader.read(altered, cp.id(), cp.timestamp(), names);
                if (fast == null) {
                    leftToTree++;
                    continue;
                }
                read++;
                JsonNode root = MAPPER.readTree(altered);
                assertTrue(
                        root.isArray()
                                && root.get(0).isIntegralNumber()
                                && root.get(0).asLong() == 2,
                        altered);
                assertEquals(CompactHeader.decode(root, cp.id(), cp.timestamp(), names), fast, altered);
            }
        }
        assertTrue(read > 50 && leftToTree > 500, read + " read, " + leftToTree + " left to the tree");
    }

    @Test
    void aHeaderWhoseNamesAreMissingIsLeftToTheTreeWhichNamesThem() {
        CheckpointJson.Compact c = CheckpointJson.encodeCompact(CompactHeaderTest.linear());
        assertNull(CompactHeaderReader.read(c.header(), "cp", TS, id -> null));
    }

    /** Each scalar or closing bracket replaced by each replacement, removed, and doubled. */
    private static List<String> alterations(String json) {
        List<String> out = new ArrayList<>();
        Matcher m = SCALAR.matcher(json);
        while (m.find()) {
            String head = json.substring(0, m.start());
            String tail = json.substring(m.end());
            for (String r : REPLACEMENTS) {
                out.add(head + r + tail);
            }
            out.add(head + tail);
            out.add(head + m.group() + "," + m.group() + tail);
        }
        out.add(json + " ");
        out.add(json + "[]");
        return out;
    }
}
