package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Hostile stored values are refused while the parser streams, before they are built: what decoding
 * allocates stays within a small multiple of the stored size, and the failure names the limit.
 * Allocation is measured per thread by the JVM (tests may use its management beans; the runtime
 * does not).
 */
class BoundedDecodingTest {
    private static final JsonSerde SERDE = JsonSerde.standard();
    private static final ValueType STRINGS = ValueType.of(List.class, ValueType.of(String.class));
    private static final int SIXTY_MB = 60 << 20;

    /** Bytes the current thread allocates while {@code work} runs. */
    private static long allocated(Runnable work) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = bean.getCurrentThreadAllocatedBytes();
        work.run();
        return bean.getCurrentThreadAllocatedBytes() - before;
    }

    /** A JSON array of {@code element}s, comma separated, of about {@code bytes} bytes. */
    private static byte[] array(String element, int bytes) {
        byte[] e = (element + ",").getBytes(StandardCharsets.UTF_8);
        int n = bytes / e.length;
        byte[] out = new byte[n * e.length + 1];
        out[0] = '[';
        for (int i = 0; i < n; i++) {
            System.arraycopy(e, 0, out, 1 + i * e.length, e.length);
        }
        out[out.length - 1] = ']';
        return out;
    }

    private static void refusedCheaply(ValueType type, byte[] data, String limitOrMismatch) {
        long used = allocated(() -> {
            SerdeException e = assertThrows(SerdeException.class, () -> SERDE.decode(type, data));
            assertTrue(e.getMessage().contains(limitOrMismatch), e.getMessage());
        });
        assertTrue(
                used < 2L * data.length + (8 << 20),
                "decoding " + data.length + " hostile bytes allocated " + used + " bytes");
    }

    @Test
    void aHugeArrayOfNumbersInAListOfStringsIsRefusedAtItsFirstElement() {
        refusedCheaply(STRINGS, array("1234567", SIXTY_MB), "Integer value (1234567)");
    }

    @Test
    void manySmallElementsAreRefusedAtTheTokenLimit() {
        refusedCheaply(STRINGS, array("\"a\"", SIXTY_MB), "SerdeLimits.maxTokens = 1048576");
        refusedCheaply(ValueType.of(Object.class), array("{}", SIXTY_MB), "SerdeLimits.maxTokens");
        refusedCheaply(ValueType.of(Object.class), array("0", SIXTY_MB), "SerdeLimits.maxTokens");
    }

    @Test
    void deepNestingIsRefusedAtTheDepthLimit() {
        byte[] deep = ("[".repeat(100_000) + "]".repeat(100_000)).getBytes(StandardCharsets.US_ASCII);
        refusedCheaply(ValueType.of(Object.class), deep, "SerdeLimits.maxNestingDepth = 256");
    }

    @Test
    void aLongStringIsRefusedAtTheStringLimit() {
        byte[] data = new byte[(17 << 20) + 2];
        Arrays.fill(data, (byte) 'x');
        data[0] = '"';
        data[data.length - 1] = '"';
        refusedCheaply(ValueType.of(String.class), data, "SerdeLimits.maxStringLength = 16777216 characters");
    }

    @Test
    void moreThanTheByteLimitIsRefusedUnread() {
        SerdeLimits small = new SerdeLimits(1000, 256, 1000, 1000);
        SerdeException e =
                assertThrows(SerdeException.class, () -> new JsonSerde(small).decode(STRINGS, array("\"a\"", 2000)));
        assertTrue(e.getMessage().contains("SerdeLimits.maxBytes = 1000"), e.getMessage());
    }

    @Test
    void deltasAreStreamedWithinTheSameLimits() {
        JsonSerde small = new JsonSerde(new SerdeLimits(1 << 20, 16, 100, 1000));
        SerdeException e =
                assertThrows(SerdeException.class, () -> small.decodeArray(STRINGS, array("[\"a\"]", 20_000)));
        assertTrue(e.getMessage().contains("SerdeLimits.maxTokens = 1000 JSON tokens"), e.getMessage());
        assertEquals(List.of(List.of("a"), List.of("b")), small.decodeArray(STRINGS, "[[\"a\"],[\"b\"]]".getBytes()));
    }

    @Test
    void theValuesOfOneCheckpointShareOneTokenBudget() {
        byte[] value = array("\"a\"", 2 << 20); // about 520 000 tokens: within the limit alone
        int values = 30; // as a checkpoint of 30 such channels, 60 MiB in all
        DecodeBudget budget = DecodeBudget.of(SerdeLimits.DEFAULT);
        long used = allocated(() -> {
            SerdeException e = assertThrows(SerdeException.class, () -> {
                for (int i = 0; i < values; i++) {
                    SERDE.decode(STRINGS, value, 0, value.length, budget);
                }
            });
            assertEquals(
                    "stored values read together exceed SerdeLimits.maxTokens = 1048576 JSON tokens", e.getMessage());
        });
        assertTrue(budget.spent() <= 2 * SerdeLimits.DEFAULT.maxTokens(), "spent " + budget.spent());
        System.out.println("[figures] 30 values of " + value.length + " bytes with one budget allocated " + used);
        assertTrue(used < 2L * values * value.length, "allocated " + used + " bytes"); // 10x that without a budget
    }

    @Test
    void aLargeValueWithinTheLimitsCostsASmallMultipleOfItsSize() {
        byte[] data = array("\"abcdefgh\"", 8 << 20); // about 760 000 strings
        Supplier<Object> decode = () -> SERDE.decode(STRINGS, data);
        long used = allocated(decode::get);
        assertTrue(used < 8L * data.length, "decoding " + data.length + " bytes allocated " + used);
    }
}
