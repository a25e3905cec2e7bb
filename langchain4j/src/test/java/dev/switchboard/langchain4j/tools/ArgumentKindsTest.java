package dev.switchboard.langchain4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.langchain4j.tools.ArgumentKinds.Inner;
import dev.switchboard.langchain4j.tools.ArgumentKinds.Outer;
import dev.switchboard.langchain4j.tools.ArgumentKinds.Size;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Pins, value by value and message by message, how a generated {@code ToolSet} turns a model's JSON
 * arguments into typed parameters (missing, extra and {@code null} arguments, every number kind,
 * enums, nested records, lists, sets, maps, arrays) and writes typed results back as text. The
 * helpers generated code calls may move or be rewritten; what a model sees must not change.
 */
class ArgumentKindsTest {
    private final ArgumentKinds tools = new ArgumentKinds();
    private final ToolSet set = new ArgumentKindsTools(tools);

    private String run(String name, String arguments) throws Exception {
        return set.execute(ToolExecutionRequest.builder()
                .id("call-1")
                .name(name)
                .arguments(arguments)
                .build());
    }

    private String rejected(String name, String arguments) {
        return assertThrows(ToolArgumentsException.class, () -> run(name, arguments))
                .getMessage();
    }

    private static final String SCALARS = "\"b\":-128,\"s\":32767,\"i\":-7,\"l\":9007199254740993,\"f\":1.5,\"d\":0.1,"
            + "\"flag\":true,\"c\":\"x\",\"big\":123456789012345678901234567890,\"dec\":5.00";

    @Test
    void everyScalarKindIsReadExactly() throws Exception {
        assertEquals("ok", run("scalars", "{" + SCALARS + "}"));
        assertEquals(
                List.of(Arrays.asList(
                        (byte) -128,
                        (short) 32767,
                        -7,
                        9007199254740993L,
                        1.5f,
                        0.1,
                        true,
                        'x',
                        new BigInteger("123456789012345678901234567890"),
                        new BigDecimal("5.00"))),
                tools.calls);
    }

    @Test
    void integralFractionsAndExponentsAreIntegersAndIntegersAreNumbers() throws Exception {
        run(
                "scalars",
                "{\"b\":1.0,\"s\":2E1,\"i\":3.000,\"l\":-4,\"f\":5,\"d\":6,\"flag\":false,\"c\":\" \","
                        + "\"big\":1e3,\"dec\":7}");
        assertEquals(
                List.of(Arrays.asList(
                        (byte) 1,
                        (short) 20,
                        3,
                        -4L,
                        5.0f,
                        6.0,
                        false,
                        ' ',
                        BigInteger.valueOf(1000),
                        new BigDecimal("7"))),
                tools.calls);
    }

    @Test
    void aNumberOutsideItsTypesRangeOrOfTheWrongKindIsRejected() {
        assertEquals(
                "argument 'b' must be an integer from -128 to 127, got 128",
                rejected("scalars", "{" + SCALARS.replace("\"b\":-128", "\"b\":128") + "}"));
        assertEquals(
                "argument 's' must be an integer from -32768 to 32767, got -32769",
                rejected("scalars", "{" + SCALARS.replace("\"s\":32767", "\"s\":-32769") + "}"));
        assertEquals(
                "argument 'l' must be an integer from -9223372036854775808 to 9223372036854775807, "
                        + "got 9223372036854775808",
                rejected("scalars", "{" + SCALARS.replace("9007199254740993", "9223372036854775808") + "}"));
        assertEquals(
                "argument 'i' must be an integer, got 0.5",
                rejected("scalars", "{" + SCALARS.replace("\"i\":-7", "\"i\":0.5") + "}"));
        assertEquals(
                "argument 'i' must be an integer, got \"7\"",
                rejected("scalars", "{" + SCALARS.replace("\"i\":-7", "\"i\":\"7\"") + "}"));
        assertEquals(
                "argument 'd' must be a number, got \"0.1\"",
                rejected("scalars", "{" + SCALARS.replace("\"d\":0.1", "\"d\":\"0.1\"") + "}"));
        assertEquals(
                "argument 'dec' must be a number, got true",
                rejected("scalars", "{" + SCALARS.replace("\"dec\":5.00", "\"dec\":true") + "}"));
        assertEquals(
                "argument 'big' must be an integer, got 1.5",
                rejected("scalars", "{" + SCALARS.replace("123456789012345678901234567890", "1.5") + "}"));
        assertEquals(
                "argument 'flag' must be true or false, got \"true\"",
                rejected("scalars", "{" + SCALARS.replace("\"flag\":true", "\"flag\":\"true\"") + "}"));
        assertEquals(
                "argument 'flag' must be true or false, got 1",
                rejected("scalars", "{" + SCALARS.replace("\"flag\":true", "\"flag\":1") + "}"));
        assertEquals(
                "argument 'c' must be a string of one character, got \"\"",
                rejected("scalars", "{" + SCALARS.replace("\"c\":\"x\"", "\"c\":\"\"") + "}"));
    }

    @Test
    void extraArgumentsAreIgnored() throws Exception {
        run("boxed", "{\"i\":1,\"l\":2,\"d\":3.5,\"flag\":true,\"c\":\"c\",\"text\":\"t\",\"unknown\":[1,{}],\"I\":9}");
        assertEquals(List.of(Arrays.asList(1, 2L, 3.5, true, 'c', "t")), tools.calls);
    }

    @Test
    void aRequiredArgumentThatIsMissingOrNullIsRejectedByName() {
        String all = "\"i\":1,\"l\":2,\"d\":3.5,\"flag\":true,\"c\":\"c\",\"text\":\"t\"";
        assertEquals("missing argument 'text'", rejected("boxed", "{" + all.replace(",\"text\":\"t\"", "") + "}"));
        assertEquals("missing argument 'i'", rejected("boxed", "{" + all.replace("\"i\":1", "\"i\":null") + "}"));
        assertEquals("missing argument 'b'", rejected("scalars", "{}"));
        assertEquals("missing argument 'b'", rejected("scalars", ""));
        assertEquals("missing argument 'b'", rejected("scalars", null));
    }

    @Test
    void anOptionalArgumentThatIsMissingOrNullIsAbsent() throws Exception {
        run("optionals", "{}");
        run("optionals", "{\"i\":null,\"text\":null,\"size\":null,\"tags\":null,\"n\":null,\"flag\":null}");
        run("optionals", "{\"i\":4,\"text\":\"t\",\"size\":\"M\",\"tags\":[\"a\",\"b\"],\"n\":5,\"flag\":true}");
        assertEquals(
                List.of(
                        Arrays.asList(null, null, Optional.empty(), Optional.empty(), 0, false),
                        Arrays.asList(null, null, Optional.empty(), Optional.empty(), 0, false),
                        Arrays.asList(4, "t", Optional.of(Size.M), Optional.of(List.of("a", "b")), 5, true)),
                tools.calls);
        assertEquals("argument 'size' must be one of [S, M, L], got \"m\"", rejected("optionals", "{\"size\":\"m\"}"));
        assertEquals("argument 'n' must be an integer, got \"5\"", rejected("optionals", "{\"n\":\"5\"}"));
    }

    @Test
    void enumsAreReadByExactName() throws Exception {
        assertEquals("L", run("size", "{\"size\":\"L\"}"));
        assertEquals(List.of(Size.L), tools.calls);
        assertEquals("argument 'size' must be one of [S, M, L], got \"l\"", rejected("size", "{\"size\":\"l\"}"));
        assertEquals("argument 'size' must be one of [S, M, L], got 0", rejected("size", "{\"size\":0}"));
    }

    @Test
    void nestedRecordsAreReadAndTheirErrorsNameThePath() throws Exception {
        run(
                "nested",
                "{\"outer\":{\"inner\":{\"name\":\"a\",\"count\":1},"
                        + "\"items\":[{\"name\":\"b\"},{\"name\":\"c\",\"count\":null,\"other\":true}],"
                        + "\"sizes\":{\"x\":\"S\",\"y\":\"L\"},\"extra\":{\"name\":\"d\"}}}");
        Outer expected = new Outer(
                new Inner("a", Optional.of(1)),
                List.of(new Inner("b", Optional.empty()), new Inner("c", Optional.empty())),
                Map.of("x", Size.S, "y", Size.L),
                Optional.of(new Inner("d", Optional.empty())));
        assertEquals(List.of(expected), tools.calls);
        Outer read = (Outer) tools.calls.get(0);
        assertEquals(List.of("x", "y"), List.copyOf(read.sizes().keySet()), "a map keeps the order written");

        String ok = "\"inner\":{\"name\":\"a\"},\"items\":[],\"sizes\":{}";
        assertEquals(
                "missing argument 'outer.inner.name'",
                rejected("nested", "{\"outer\":{" + ok.replace("\"name\":\"a\"", "") + "}}"));
        assertEquals(
                "argument 'outer.items[1].count' must be an integer, got \"2\"",
                rejected(
                        "nested",
                        "{\"outer\":{" + ok.replace("[]", "[{\"name\":\"b\"},{\"name\":\"c\",\"count\":\"2\"}]")
                                + "}}"));
        assertEquals(
                "argument 'outer.items[0]' must not be null",
                rejected("nested", "{\"outer\":{" + ok.replace("[]", "[null]") + "}}"));
        assertEquals(
                "argument 'outer.inner' must be a JSON object, got 3",
                rejected("nested", "{\"outer\":{" + ok.replace("{\"name\":\"a\"}", "3") + "}}"));
        assertEquals(
                "argument 'outer.sizes.z' must be one of [S, M, L], got \"XL\"",
                rejected("nested", "{\"outer\":{" + ok.replace("\"sizes\":{}", "\"sizes\":{\"z\":\"XL\"}") + "}}"));
        assertEquals(
                "argument 'outer.sizes.z' must not be null",
                rejected("nested", "{\"outer\":{" + ok.replace("\"sizes\":{}", "\"sizes\":{\"z\":null}") + "}}"));
        assertEquals(
                "argument 'outer.sizes' must be a JSON object, got [\"S\"]",
                rejected("nested", "{\"outer\":{" + ok.replace("\"sizes\":{}", "\"sizes\":[\"S\"]") + "}}"));
        assertEquals("argument 'outer' must be a JSON object, got \"{}\"", rejected("nested", "{\"outer\":\"{}\"}"));
    }

    @Test
    void listsSetsMapsAndArraysKeepTheirOrder() throws Exception {
        run(
                "containers",
                "{\"ints\":[3,1,3],\"sizes\":[\"L\",\"S\",\"L\"],\"groups\":{\"b\":[2],\"a\":[]},"
                        + "\"words\":[\"x\",\"y\"],\"grid\":[[\"1\"],[],[\"2\",\"3\"]]}");
        @SuppressWarnings("unchecked")
        List<Object> got = (List<Object>) tools.calls.get(0);
        assertEquals(
                Arrays.asList(
                        List.of(3, 1, 3),
                        Set.of(Size.L, Size.S),
                        Map.of("b", List.of(2L), "a", List.of()),
                        List.of("x", "y"),
                        List.of(List.of("1"), List.of(), List.of("2", "3"))),
                got);
        assertEquals(List.of(Size.L, Size.S), List.copyOf((Set<?>) got.get(1)));
        assertEquals(List.of("b", "a"), List.copyOf(((Map<?, ?>) got.get(2)).keySet()));
        assertThrows(UnsupportedOperationException.class, () -> ((List<?>) got.get(0)).add(null));

        String ok = "\"ints\":[],\"sizes\":[],\"groups\":{},\"words\":[],\"grid\":[]";
        assertEquals(
                "argument 'ints[1]' must not be null",
                rejected("containers", "{" + ok.replace("\"ints\":[]", "\"ints\":[1,null]") + "}"));
        assertEquals(
                "argument 'grid[1][0]' must be a string, got 2",
                rejected("containers", "{" + ok.replace("\"grid\":[]", "\"grid\":[[],[2]]") + "}"));
        assertEquals(
                "argument 'groups.a[0]' must be an integer from -9223372036854775808 to 9223372036854775807, got 1E+19",
                rejected("containers", "{" + ok.replace("\"groups\":{}", "\"groups\":{\"a\":[1e19]}") + "}"));
        assertEquals(
                "argument 'words' must be a JSON array, got {}",
                rejected("containers", "{" + ok.replace("\"words\":[]", "\"words\":{}") + "}"));
        assertEquals(
                "argument 'words[0]' must not be null",
                rejected("containers", "{" + ok.replace("\"words\":[]", "\"words\":[null]") + "}"));
    }

    @Test
    void argumentsThatAreNotAnObjectAreRejected() {
        assertEquals("arguments must be a JSON object, got null", rejected("size", "null"));
        assertEquals("arguments must be a JSON object, got \"L\"", rejected("size", "\"L\""));
        assertEquals("arguments must be a JSON object, got 1", rejected("size", "1"));
        String message = rejected("size", "{\"size\":");
        assertEquals("arguments are not valid JSON: ", message.substring(0, 30), message);
    }

    @Test
    void aLongValueIsShortenedInTheMessage() {
        String words = "[\"" + "w".repeat(80) + "\"]";
        assertEquals(
                "argument 'size' must be one of [S, M, L], got " + words.substring(0, 60) + "...",
                rejected("size", "{\"size\":" + words + "}"));
    }

    @Test
    void resultsAreWrittenAsJsonExceptStrings() throws Exception {
        assertEquals(
                "{\"inner\":{\"name\":\"n\",\"count\":1},\"items\":[{\"name\":\"n\",\"count\":1},"
                        + "{\"name\":null,\"count\":null}],\"sizes\":{\"a\":\"L\"},\"extra\":null}",
                run("outer", "{\"name\":\"n\"}"));
        assertEquals("0.1", run("aFloat", ""));
        assertEquals("0.1", run("aDouble", ""));
        assertEquals("9223372036854775807", run("aLong", ""));
        assertEquals("1.50", run("aDecimal", ""));
        assertEquals("123456789012345678901234567890", run("aBigInteger", ""));
        assertEquals("\"x\"", run("aChar", ""));
        assertEquals("null", run("aNullBoolean", ""));
        assertEquals("null", run("aNullString", ""));
        assertEquals("[\"a\",null]", run("aListWithNull", ""));
        assertEquals("{\"k\":7}", run("aMap", ""));
        assertEquals("[\"S\",\"M\"]", run("anOptionalList", ""));
        assertEquals("[3,1,2]", run("anArray", ""));
        assertEquals("null", run("aNullRecord", ""));
        assertEquals("already \"text\", not JSON", run("quoted", "{\"ignored\":1}"));
    }
}
