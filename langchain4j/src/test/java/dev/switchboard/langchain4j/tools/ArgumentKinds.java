package dev.switchboard.langchain4j.tools;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One tool per kind of argument and result, each recording exactly what it received, so that {@link
 * ArgumentKindsTest} pins how a generated {@code ToolSet} reads JSON arguments and writes results.
 */
@Tools
class ArgumentKinds {
    enum Size {
        S,
        M,
        L
    }

    record Inner(String name, Optional<Integer> count) {}

    record Outer(Inner inner, List<Inner> items, Map<String, Size> sizes, Optional<Inner> extra) {}

    /** What each call received, in order; arrays as lists so that they compare by value. */
    final List<Object> calls = new ArrayList<>();

    @Tool
    String scalars(
            byte b, short s, int i, long l, float f, double d, boolean flag, char c, BigInteger big, BigDecimal dec) {
        calls.add(Arrays.asList(b, s, i, l, f, d, flag, c, big, dec));
        return "ok";
    }

    @Tool
    String boxed(Integer i, Long l, Double d, Boolean flag, Character c, String text) {
        calls.add(Arrays.asList(i, l, d, flag, c, text));
        return "ok";
    }

    @Tool
    String optionals(
            @P(value = "i", required = false) Integer i,
            @P(value = "text", required = false) String text,
            Optional<Size> size,
            Optional<List<String>> tags,
            @P(value = "n", required = false) int n,
            @P(value = "flag", required = false) boolean flag) {
        calls.add(Arrays.asList(i, text, size, tags, n, flag));
        return "ok";
    }

    @Tool
    String nested(Outer outer) {
        calls.add(outer);
        return "ok";
    }

    @Tool
    String containers(
            List<Integer> ints,
            Set<Size> sizes,
            Map<String, List<Long>> groups,
            String[] words,
            List<List<String>> grid) {
        calls.add(Arrays.asList(ints, sizes, groups, Arrays.asList(words), grid));
        return "ok";
    }

    @Tool
    String size(Size size) {
        calls.add(size);
        return size.name();
    }

    @Tool
    Outer outer(String name) {
        Inner inner = new Inner(name, Optional.of(1));
        return new Outer(
                inner, List.of(inner, new Inner(null, Optional.empty())), Map.of("a", Size.L), Optional.empty());
    }

    @Tool
    float aFloat() {
        return 0.1f;
    }

    @Tool
    double aDouble() {
        return 0.1;
    }

    @Tool
    long aLong() {
        return Long.MAX_VALUE;
    }

    @Tool
    BigDecimal aDecimal() {
        return new BigDecimal("1.50");
    }

    @Tool
    BigInteger aBigInteger() {
        return new BigInteger("123456789012345678901234567890");
    }

    @Tool
    char aChar() {
        return 'x';
    }

    @Tool
    Boolean aNullBoolean() {
        return null;
    }

    @Tool
    String aNullString() {
        return null;
    }

    @Tool
    List<String> aListWithNull() {
        return Arrays.asList("a", null);
    }

    @Tool
    Map<String, Integer> aMap() {
        return Map.of("k", 7);
    }

    @Tool
    Optional<List<Size>> anOptionalList() {
        return Optional.of(List.of(Size.S, Size.M));
    }

    @Tool
    int[] anArray() {
        return new int[] {3, 1, 2};
    }

    @Tool
    Inner aNullRecord() {
        return null;
    }

    @Tool
    String quoted() {
        return "already \"text\", not JSON";
    }
}
