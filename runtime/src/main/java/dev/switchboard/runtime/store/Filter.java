package dev.switchboard.runtime.store;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A search filter on top-level fields of item values, parsed from LangGraph's filter map: {@code
 * {"kind": "report"}} (equality) or {@code {"n": {"$gte": 3, "$lt": 7}}} (operators {@code $eq $ne
 * $gt $gte $lt $lte $in $nin}); all conditions must hold. Field names are whole top-level keys
 * ({@code "meta.lang"} is a key with a period, not a path).
 *
 * <p>Matching is type-strict, the same in every store: equality needs the same JSON type (numbers
 * compare by value, {@code 5 == 5.0}); a missing field equals nothing, {@code null} only a JSON
 * null; {@code $ne} and {@code $nin} match a missing field; {@code $gt}..{@code $lte} compare a
 * number with a number or a string with a string (by code point), anything else does not match.
 * LangGraph.js coerces ({@code "8" > 5}); this does not.
 *
 * @param conditions the conditions, all of which must hold
 */
public record Filter(List<Condition> conditions) {
    /** The filter that matches everything. */
    public static final Filter NONE = new Filter(List.of());

    /**
     * Copies the conditions.
     *
     * @param conditions the conditions
     */
    public Filter {
        conditions = List.copyOf(conditions);
    }

    /** A filter operator. */
    public enum Op {
        /** Equal (same JSON type and value). */
        EQ("$eq"),
        /** Not equal, or missing. */
        NE("$ne"),
        /** Greater than. */
        GT("$gt"),
        /** Greater than or equal. */
        GTE("$gte"),
        /** Less than. */
        LT("$lt"),
        /** Less than or equal. */
        LTE("$lte"),
        /** Equal to one of a list. */
        IN("$in"),
        /** Equal to none of a list, or missing. */
        NIN("$nin");

        private final String wire;

        Op(String wire) {
            this.wire = wire;
        }

        /**
         * The operator as written in a filter map.
         *
         * @return for example {@code $gte}
         */
        public String wire() {
            return wire;
        }

        /**
         * Whether this operator orders values.
         *
         * @return true for {@code $gt $gte $lt $lte}
         */
        public boolean ordering() {
            return this == GT || this == GTE || this == LT || this == LTE;
        }
    }

    /**
     * One condition on one field. Operands are normalized: numbers are {@link BigDecimal}s; {@code
     * $in}/{@code $nin} hold a list of such scalars.
     *
     * @param field the top-level key
     * @param op the operator
     * @param operand a string, {@link BigDecimal}, {@link Boolean}, {@code null}, or (for {@code $in}
     *     and {@code $nin}) a list of them
     */
    public record Condition(String field, Op op, Object operand) {}

    /**
     * Parses a LangGraph filter map.
     *
     * @param filter field to value, or field to a map of operators
     * @return the filter
     * @throws IllegalArgumentException for an unknown operator, a nested object or array compared
     *     by equality, an operand of the wrong type, or a field name with a quote or backslash
     */
    public static Filter parse(Map<String, ?> filter) {
        Objects.requireNonNull(filter, "filter");
        List<Condition> out = new ArrayList<>();
        filter.forEach((field, spec) -> parseField(checkField(field), spec, out));
        return new Filter(out);
    }

    private static String checkField(String field) {
        if (field == null || field.isEmpty()) {
            throw new IllegalArgumentException("filter: field names cannot be null or empty");
        }
        if (field.indexOf('"') >= 0 || field.indexOf('\\') >= 0) {
            throw new IllegalArgumentException(
                    "filter: field '" + field + "' contains a quote or backslash; such fields cannot be filtered on");
        }
        return field;
    }

    private static void parseField(String field, Object spec, List<Condition> out) {
        if (!(spec instanceof Map<?, ?> ops)) {
            out.add(new Condition(field, Op.EQ, scalar(field, "equality", spec)));
            return;
        }
        for (Map.Entry<?, ?> e : ops.entrySet()) {
            Op op = op(field, String.valueOf(e.getKey()));
            out.add(new Condition(field, op, operand(field, op, e.getValue())));
        }
    }

    private static Op op(String field, String name) {
        for (Op op : Op.values()) {
            if (op.wire.equals(name)) {
                return op;
            }
        }
        throw new IllegalArgumentException("filter on '" + field + "': unknown operator '" + name
                + "'; use one of $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin (an object value is read as operators)");
    }

    private static Object operand(String field, Op op, Object value) {
        if (op == Op.IN || op == Op.NIN) {
            if (!(value instanceof List<?> list)) {
                throw new IllegalArgumentException(
                        "filter on '" + field + "': " + op.wire + " needs a list of values, got " + describe(value));
            }
            List<Object> scalars = new ArrayList<>(list.size());
            list.forEach(v -> scalars.add(scalar(field, op.wire, v)));
            return Collections.unmodifiableList(scalars);
        }
        Object scalar = scalar(field, op.wire, value);
        if (op.ordering() && !(scalar instanceof String || scalar instanceof BigDecimal)) {
            throw new IllegalArgumentException(
                    "filter on '" + field + "': " + op.wire + " needs a number or a string, got " + describe(value));
        }
        return scalar;
    }

    private static Object scalar(String field, String what, Object value) {
        if (value == null || value instanceof String || value instanceof Boolean) {
            return value;
        }
        BigDecimal number = number(value);
        if (number == null) {
            throw new IllegalArgumentException("filter on '" + field + "': " + what
                    + " needs a string, number, boolean or null, got " + describe(value));
        }
        return number;
    }

    /** A JSON number as a decimal, or null if the value is not a number. */
    static BigDecimal number(Object value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
        }
        if (value instanceof Number n) {
            return BigDecimal.valueOf(n.longValue());
        }
        return null;
    }

    private static String describe(Object value) {
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof List) {
            return "an array";
        }
        return value == null ? "null" : value.getClass().getSimpleName() + " " + value;
    }

    /**
     * Whether an item value matches: the in-memory evaluation, which SQL stores reproduce.
     *
     * @param value the item's value
     * @return true if every condition holds
     */
    public boolean matches(Map<String, Object> value) {
        for (Condition c : conditions) {
            if (!holds(c, value.containsKey(c.field()), value.get(c.field()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean holds(Condition c, boolean present, Object actual) {
        return switch (c.op()) {
            case EQ -> present && equal(actual, c.operand());
            case NE -> !(present && equal(actual, c.operand()));
            case IN -> present && ((List<?>) c.operand()).stream().anyMatch(o -> equal(actual, o));
            case NIN -> !(present && ((List<?>) c.operand()).stream().anyMatch(o -> equal(actual, o)));
            case GT, GTE, LT, LTE -> present && ordered(c.op(), actual, c.operand());
        };
    }

    private static boolean equal(Object actual, Object operand) {
        if (operand == null || actual == null) {
            return operand == null && actual == null;
        }
        if (operand instanceof BigDecimal d) {
            BigDecimal a = actual instanceof Boolean ? null : number(actual);
            return a != null && a.compareTo(d) == 0;
        }
        return operand.equals(actual);
    }

    private static boolean ordered(Op op, Object actual, Object operand) {
        int c;
        if (operand instanceof BigDecimal d) {
            BigDecimal a = actual instanceof Boolean ? null : number(actual);
            if (a == null) {
                return false;
            }
            c = a.compareTo(d);
        } else if (actual instanceof String s) {
            c = Namespace.compareCodePoints(s, (String) operand);
        } else {
            return false;
        }
        return switch (op) {
            case GT -> c > 0;
            case GTE -> c >= 0;
            case LT -> c < 0;
            default -> c <= 0;
        };
    }
}
