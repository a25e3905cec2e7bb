package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code toTree} builds a tree without bytes where it can, and answers exactly what writing the
 * bytes and parsing them back answers: the same nodes (an {@code int} node is not a {@code long}
 * node), the same text once written, the same error; fractions ({@code -0.0}, decimals with
 * exponents, floats) keep their parsed text because they take the bytes.
 */
class DirectTreeTest {
    private static final JsonMapper OUT = JsonMapper.builder().build();

    /** A state with a nested record, a map, an optional and a list. */
    record Inner(String name, long count, List<Integer> xs) {}

    record State(
            int n,
            String text,
            Inner inner,
            Map<String, Object> extra,
            Optional<String> maybe,
            List<Inner> inners,
            BigInteger big,
            Boolean flag) {}

    record Scored(String name, double score, BigDecimal price, float ratio) {}

    private static final ValueType OBJECT = ValueType.of(Object.class);

    /** What toTree answered before: the value's bytes parsed back, or the error. */
    private static Object viaBytes(JsonSerde serde, ValueType type, Object value) {
        try {
            return describe(serde.decodeTree(serde.encode(type, value)));
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static Object direct(JsonSerde serde, ValueType type, Object value) {
        try {
            return describe(serde.toTree(type, value));
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /** The tree's text and, node by node, the node classes (equal trees of other node kinds differ here). */
    private static String describe(JsonNode n) {
        StringBuilder s = new StringBuilder(OUT.writeValueAsString(n)).append(" / ");
        classes(n, s);
        return s.toString();
    }

    private static void classes(JsonNode n, StringBuilder s) {
        s.append(n.getClass().getSimpleName()).append('(');
        for (JsonNode c : n.values()) {
            classes(c, s);
        }
        s.append(')');
    }

    private static void same(JsonSerde serde, ValueType type, Object value) {
        assertEquals(viaBytes(serde, type, value), direct(serde, type, value), String.valueOf(value));
    }

    private static List<Object> scalars() {
        return Arrays.asList(
                null,
                "",
                "plain",
                "quote \" \\ \n \u0001 caf\u00e9 \u2603",
                "pair \ud83d\ude00",
                "lone \ud800",
                0,
                -1,
                Integer.MAX_VALUE,
                Integer.MIN_VALUE,
                (long) Integer.MAX_VALUE + 1,
                (long) Integer.MIN_VALUE - 1,
                5L,
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                (short) 7,
                (byte) -3,
                BigInteger.TEN,
                BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE),
                BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE),
                new BigInteger("-123456789012345678901234567890"),
                true,
                false,
                -0.0,
                0.0,
                0.1,
                1e20,
                2e23,
                4.9e-324,
                Double.NaN,
                Double.POSITIVE_INFINITY,
                0.1f,
                -0.0f,
                new BigDecimal("1E+3"),
                new BigDecimal("120.50"),
                new BigDecimal("-0.0"),
                new BigDecimal("100"));
    }

    @Test
    void plainAndUntypedValuesGiveTheTreeTheirBytesGive() {
        JsonSerde serde = JsonSerde.standard();
        List<Object> all = scalars();
        for (Object v : all) {
            same(serde, OBJECT, v);
            same(serde, OBJECT, Arrays.asList(v, v));
            same(serde, OBJECT, Collections.singletonMap("k", v));
            same(serde, OBJECT, List.of(Arrays.asList(v)));
        }
        same(serde, OBJECT, all);
        same(serde, OBJECT, Collections.nCopies(64, "n"));
        same(serde, OBJECT, Collections.nCopies(65, 1L));
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("list", List.of(1, "two", List.of(3L)));
        nested.put("map", Map.of("k", List.of()));
        nested.put("null", null);
        same(serde, OBJECT, nested);
        same(serde, ValueType.of(String.class), "typed");
        same(serde, ValueType.of(Long.class), 3L);
        same(serde, ValueType.of(List.class, ValueType.of(Long.class)), List.of(1L, Long.MAX_VALUE));
        same(serde, ValueType.of(byte[].class), new byte[] {1, 2, 3});
    }

    @Test
    void recordsGiveTheTreeTheirBytesGive() {
        JsonSerde serde = JsonSerde.standard();
        Random random = new Random(29);
        for (int i = 0; i < 300; i++) {
            Map<String, Object> extra = new LinkedHashMap<>();
            for (int k = 0; k < random.nextInt(4); k++) {
                extra.put("k" + k, scalars().get(random.nextInt(scalars().size())));
            }
            State s = new State(
                    random.nextInt(),
                    random.nextBoolean() ? "t" + i : "\u00e9\n" + i,
                    new Inner("in", random.nextLong(), List.of(random.nextInt(), -1)),
                    extra,
                    random.nextBoolean() ? Optional.of("yes") : Optional.empty(),
                    List.of(new Inner("a", 1, List.of())),
                    BigInteger.valueOf(random.nextLong()).multiply(BigInteger.valueOf(random.nextLong())),
                    random.nextBoolean() ? null : Boolean.TRUE);
            same(serde, ValueType.of(State.class), s);
        }
        for (double d : new double[] {-0.0, 0.1, 1e20, 2e23, 1.0 / 3, Double.MAX_VALUE, Double.NaN}) {
            same(serde, ValueType.of(Scored.class), new Scored("s", d, new BigDecimal("1.50E+7"), (float) d));
        }
    }

    @Test
    void theTreeIsBuiltWithoutBytesForPlainValuesAndRecordsOfIntegersAndStrings() {
        JsonSerde serde = JsonSerde.standard();
        assertNotNull(DirectTree.of(serde, OBJECT, List.of("a", 1, 2L, true)));
        assertNotNull(DirectTree.of(serde, ValueType.of(Inner.class), new Inner("x", 1L << 40, List.of(3))));
        assertNull(DirectTree.of(serde, OBJECT, -0.0), "a fraction takes its bytes");
        assertNull(DirectTree.of(serde, ValueType.of(Scored.class), new Scored("s", 1, BigDecimal.ONE, 1)));
        assertNull(DirectTree.of(serde, OBJECT, "lone \ud800"));
    }

    @Test
    void nearALimitTheBytesGiveTheError() {
        for (SerdeLimits limits : List.of(
                new SerdeLimits(40, 256, 1000, 1000),
                new SerdeLimits(1 << 20, 2, 1000, 1000),
                new SerdeLimits(1 << 20, 256, 5, 1000),
                new SerdeLimits(1 << 20, 256, 1000, 8))) {
            JsonSerde serde = new JsonSerde(limits);
            for (Object v : List.of(
                    "longer than five",
                    "abc",
                    List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"),
                    List.of(List.of(List.of(1))),
                    Map.of("key that is long", List.of(1, 2)),
                    "x".repeat(50))) {
                same(serde, OBJECT, v);
            }
            same(serde, ValueType.of(Inner.class), new Inner("a name", 7, List.of(1, 2, 3, 4, 5, 6)));
            same(serde, ValueType.of(Inner.class), new Inner("n", 7, List.of()));
        }
    }

    @Test
    void aNullElementStaysData() {
        JsonSerde serde = JsonSerde.standard();
        List<Object> withNull = new ArrayList<>(Arrays.asList("a", null));
        same(serde, OBJECT, withNull);
        same(serde, ValueType.of(List.class, ValueType.of(String.class)), withNull);
    }
}
