package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.schema.StoredSchema.ClassDef;
import dev.switchboard.processor.schema.StoredSchema.CodecDef;
import dev.switchboard.processor.schema.StoredSchema.EnumDef;
import dev.switchboard.processor.schema.StoredSchema.FieldDef;
import dev.switchboard.processor.schema.StoredSchema.RecordDef;
import dev.switchboard.processor.schema.StoredSchema.SealedDef;
import dev.switchboard.processor.schema.StoredSchema.TypeDef;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a value stored as one type (described by an older schema) reads back as another
 * (described by a newer one), Avro's schema resolution for the serde's JSON: the stored form must
 * decode as the new type without losing anything. Allowed besides equal types: widening integers
 * ({@code int} to {@code long}, to {@code BigInteger} or {@code BigDecimal}), {@code float} to
 * {@code double}, a primitive to its box, {@code T} to {@code Optional<T>}, and the same changes
 * inside collections, maps, arrays, records, sealed interfaces; a record may lose components and
 * gain ones that may be absent ({@code Optional}, {@code @Nullable}, or read from an old name by
 * {@code @JsonAlias}); a sealed interface must still read every tag; an enum must keep its
 * constants. Records compare by structure, not by name: their names are never stored.
 */
final class Compat {
    private static final String OPTIONAL = "java.util.Optional";
    private static final Map<String, Integer> INTEGRAL = Map.of(
            "byte", 1,
            "java.lang.Byte", 1,
            "short", 2,
            "java.lang.Short", 2,
            "int", 3,
            "java.lang.Integer", 3,
            "long", 4,
            "java.lang.Long", 4);
    private static final Set<String> FLOATS = Set.of("float", "java.lang.Float");
    private static final Set<String> DOUBLES = Set.of("double", "java.lang.Double");
    private static final Set<String> BIG = Set.of("java.math.BigInteger", "java.math.BigDecimal");
    private static final Map<String, String> BOXES = Map.of(
            "boolean", "java.lang.Boolean",
            "char", "java.lang.Character",
            "byte", "java.lang.Byte",
            "short", "java.lang.Short",
            "int", "java.lang.Integer",
            "long", "java.lang.Long",
            "float", "java.lang.Float",
            "double", "java.lang.Double");

    private final Map<String, TypeDef> from;
    private final Map<String, TypeDef> to;
    private final Set<String> checking = new HashSet<>();

    /**
     * @param from the types of the schema that stored the values
     * @param to the types of the schema that reads them
     */
    Compat(Map<String, TypeDef> from, Map<String, TypeDef> to) {
        this.from = from;
        this.to = to;
    }

    /**
     * Why a value stored as {@code stored} does not read as {@code read}; {@code null} when it does.
     */
    String problem(String stored, String read) {
        if (!checking.add(stored + " -> " + read)) {
            return null; // a recursive type: the pair is being checked further up
        }
        try {
            return problem(TypeNames.parse(stored), TypeNames.parse(read));
        } finally {
            checking.remove(stored + " -> " + read);
        }
    }

    private String problem(TypeNames.Parsed s, TypeNames.Parsed r) {
        if (s.dims() > 0 || r.dims() > 0) {
            return s.dims() == r.dims()
                    ? problem(s.component().toString(), r.component().toString())
                    : mismatch(s, r);
        }
        if (r.raw().equals(OPTIONAL) && !s.raw().equals(OPTIONAL) && r.args().size() == 1) {
            return problem(s.toString(), r.args().get(0).toString());
        }
        TypeDef sd = from.get(s.toString());
        TypeDef rd = to.get(r.toString());
        if (sd != null || rd != null) {
            return sd != null && rd != null ? defs(s, sd, r, rd) : mismatch(s, r);
        }
        if (StoredTypes.isContainer(s.raw()) || StoredTypes.isMap(s.raw())) {
            return containers(s, r);
        }
        return scalar(s.raw(), r.raw()) ? null : mismatch(s, r);
    }

    private String containers(TypeNames.Parsed s, TypeNames.Parsed r) {
        if (!s.raw().equals(r.raw()) || s.args().size() != r.args().size()) {
            return mismatch(s, r);
        }
        boolean map = StoredTypes.isMap(s.raw());
        for (int i = 0; i < s.args().size(); i++) {
            String a = s.args().get(i).toString();
            String b = r.args().get(i).toString();
            if (map && i == 0) {
                if (!a.equals(b)) {
                    return "its map keys were " + readable(a) + " and are now " + readable(b);
                }
                continue;
            }
            String inner = problem(a, b);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    private static boolean scalar(String s, String r) {
        if (s.equals(r) || r.equals(BOXES.get(s))) {
            return true;
        }
        boolean boxedToPrimitive = !BOXES.containsKey(s) && BOXES.containsKey(r);
        if (boxedToPrimitive) {
            return false; // a stored null has no primitive value
        }
        Integer sr = INTEGRAL.get(s);
        if (sr != null) {
            Integer rr = INTEGRAL.get(r);
            return (rr != null && rr >= sr) || BIG.contains(r);
        }
        if (FLOATS.contains(s)) {
            return DOUBLES.contains(r);
        }
        return s.equals("java.math.BigInteger") && r.equals("java.math.BigDecimal");
    }

    private String defs(TypeNames.Parsed s, TypeDef sd, TypeNames.Parsed r, TypeDef rd) {
        if (sd instanceof RecordDef a && rd instanceof RecordDef b) {
            return records(s, a, b);
        }
        if (sd instanceof SealedDef a && rd instanceof SealedDef b) {
            return sealed(s, a, b);
        }
        if (sd instanceof EnumDef a && rd instanceof EnumDef b) {
            for (String c : a.constants()) {
                if (!b.constants().contains(c)) {
                    return "enum " + simple(s) + " had the constant " + c + ", which stored values may hold and "
                            + simple(r) + " no longer has; keep the constant";
                }
            }
            return null;
        }
        if (sd instanceof CodecDef a && rd instanceof CodecDef b) {
            return a.codec().equals(b.codec())
                    ? null
                    : simple(s) + " was stored by the codec " + a.codec() + " and is now read by " + b.codec();
        }
        if (sd instanceof ClassDef && rd instanceof ClassDef) {
            return s.raw().equals(r.raw()) ? null : mismatch(s, r);
        }
        return mismatch(s, r);
    }

    private String records(TypeNames.Parsed s, RecordDef a, RecordDef b) {
        for (Map.Entry<String, FieldDef> e : b.components().entrySet()) {
            FieldDef now = e.getValue();
            FieldDef before = a.components().get(e.getKey());
            for (int i = 0; before == null && i < now.aliases().size(); i++) {
                before = a.components().get(now.aliases().get(i));
            }
            if (before == null) {
                if (!now.nullable() && !isOptional(now.type())) {
                    return "record " + simple(s) + " gained the component " + e.getKey() + " ("
                            + readable(now.type()) + "), which values stored before do not have; make it Optional"
                            + " or @Nullable, or, if it was renamed, keep reading the old name with"
                            + " @JsonAlias(\"old\")";
                }
                continue;
            }
            String inner = problem(before.type(), now.type());
            if (inner != null) {
                return inner + " (component " + e.getKey() + " of " + simple(s) + ")";
            }
        }
        return null;
    }

    private String sealed(TypeNames.Parsed s, SealedDef a, SealedDef b) {
        for (Map.Entry<String, String> e : a.tags().entrySet()) {
            String now = b.tags().get(e.getKey());
            if (now == null) {
                return "sealed " + simple(s) + " stored " + simple(TypeNames.parse(e.getValue())) + " under the tag \""
                        + e.getKey() + "\", which no record of it reads now; add aliases = \"" + e.getKey()
                        + "\" to the @Tag of the record that reads such values";
            }
            String inner = problem(e.getValue(), now);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    static boolean isOptional(String type) {
        String raw = TypeNames.parse(type).raw();
        return List.of(OPTIONAL, "java.util.OptionalInt", "java.util.OptionalLong", "java.util.OptionalDouble")
                .contains(raw);
    }

    private static String mismatch(TypeNames.Parsed s, TypeNames.Parsed r) {
        return "a stored " + readable(s.toString()) + " does not read as " + readable(r.toString());
    }

    private static String simple(TypeNames.Parsed t) {
        String raw = t.raw();
        return raw.substring(raw.lastIndexOf('.') + 1);
    }

    private static String readable(String type) {
        return TypeNames.readable(type);
    }
}
