package dev.switchboard.processor.tools;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.tools.ArgType.ArrayArg;
import dev.switchboard.processor.tools.ArgType.CollectionArg;
import dev.switchboard.processor.tools.ArgType.EnumArg;
import dev.switchboard.processor.tools.ArgType.Field;
import dev.switchboard.processor.tools.ArgType.MapArg;
import dev.switchboard.processor.tools.ArgType.OptionalArg;
import dev.switchboard.processor.tools.ArgType.RecordArg;
import dev.switchboard.processor.tools.ArgType.Scalar;
import dev.switchboard.processor.tools.ArgType.ScalarKind;
import dev.switchboard.processor.tools.ArgType.Unsupported;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Derives the JSON shape of a Java type, the same way for arguments and results: scalars, enums,
 * collections, arrays, maps with string keys, records (nested, not recursive) and, where a value
 * may be left out, {@code Optional}. Anything else is {@link Unsupported} with the reason.
 */
final class ArgTypes {
    private static final Map<String, ScalarKind> BOXES = Map.ofEntries(
            Map.entry("java.lang.String", ScalarKind.STRING),
            Map.entry("java.lang.Character", ScalarKind.CHAR),
            Map.entry("java.lang.Boolean", ScalarKind.BOOLEAN),
            Map.entry("java.lang.Byte", ScalarKind.BYTE),
            Map.entry("java.lang.Short", ScalarKind.SHORT),
            Map.entry("java.lang.Integer", ScalarKind.INT),
            Map.entry("java.lang.Long", ScalarKind.LONG),
            Map.entry("java.lang.Float", ScalarKind.FLOAT),
            Map.entry("java.lang.Double", ScalarKind.DOUBLE),
            Map.entry("java.math.BigInteger", ScalarKind.BIG_INTEGER),
            Map.entry("java.math.BigDecimal", ScalarKind.BIG_DECIMAL));
    private static final Set<String> LISTS = Set.of("java.util.List", "java.util.Collection");

    private final String generatedPackage;
    private final Set<String> visiting = new HashSet<>();

    /** @param generatedPackage where the dispatcher is generated, which must see every type */
    ArgTypes(String generatedPackage) {
        this.generatedPackage = generatedPackage;
    }

    /** The shape of a parameter or record component, where {@code Optional} is allowed. */
    ArgType readOptional(TypeMirror t) {
        if (t instanceof DeclaredType d && named(d, "java.util.Optional")) {
            if (d.getTypeArguments().size() != 1) {
                return new Unsupported(t, "it is a raw Optional; give its type argument");
            }
            ArgType value = read(d.getTypeArguments().get(0));
            return value instanceof Unsupported ? value : new OptionalArg(t, value);
        }
        return read(t);
    }

    /** The shape of a value inside a parameter: an element, a map value. */
    ArgType read(TypeMirror t) {
        if (t.getKind().isPrimitive()) {
            return new Scalar(
                    t,
                    ScalarKind.valueOf(
                            t.getKind() == TypeKind.CHAR ? "CHAR" : t.getKind().name()));
        }
        if (t instanceof ArrayType a) {
            return array(a);
        }
        if (!(t instanceof DeclaredType d)) {
            return new Unsupported(t, "a tool's JSON cannot say which type " + kindOf(t) + " stands for");
        }
        TypeElement e = (TypeElement) d.asElement();
        String name = e.getQualifiedName().toString();
        if (BOXES.containsKey(name)) {
            return new Scalar(t, BOXES.get(name));
        }
        if (LISTS.contains(name) || name.equals("java.util.Set")) {
            return collection(d, name.equals("java.util.Set"));
        }
        if (name.equals("java.util.Map")) {
            return map(d);
        }
        if (name.equals("java.util.Optional")) {
            return new Unsupported(t, "Optional is allowed only as a parameter or a record component");
        }
        return userType(d, e);
    }

    private ArgType array(ArrayType a) {
        TypeMirror component = a.getComponentType();
        if (component instanceof DeclaredType d && !d.getTypeArguments().isEmpty()) {
            return new Unsupported(a, "Java cannot create an array of a generic type; use a List");
        }
        ArgType element = read(component);
        return element instanceof Unsupported ? element : new ArrayArg(a, element);
    }

    private ArgType collection(DeclaredType d, boolean set) {
        if (d.getTypeArguments().size() != 1) {
            return new Unsupported(d, "it is a raw type; give its element type");
        }
        ArgType element = read(d.getTypeArguments().get(0));
        return element instanceof Unsupported ? element : new CollectionArg(d, set, element);
    }

    private ArgType map(DeclaredType d) {
        if (d.getTypeArguments().size() != 2) {
            return new Unsupported(d, "it is a raw type; give its key and value types");
        }
        TypeMirror key = d.getTypeArguments().get(0);
        if (!(key instanceof DeclaredType k && named(k, "java.lang.String"))) {
            return new Unsupported(d, "JSON object keys are strings, so a map's keys must be String");
        }
        ArgType value = read(d.getTypeArguments().get(1));
        return value instanceof Unsupported ? value : new MapArg(d, value);
    }

    private ArgType userType(DeclaredType d, TypeElement e) {
        String hidden = inaccessible(e);
        if (hidden != null) {
            return new Unsupported(d, hidden);
        }
        if (e.getKind() == ElementKind.ENUM) {
            List<String> constants = new ArrayList<>();
            for (Element c : e.getEnclosedElements()) {
                if (c.getKind() == ElementKind.ENUM_CONSTANT) {
                    constants.add(c.getSimpleName().toString());
                }
            }
            return new EnumArg(d, e, constants);
        }
        if (e.getKind() != ElementKind.RECORD) {
            return new Unsupported(
                    d, "it is neither a record, an enum nor a JDK type with a JSON form;" + " make it a record");
        }
        if (!e.getTypeParameters().isEmpty()) {
            return new Unsupported(d, "it is a generic record");
        }
        return record(d, e);
    }

    private ArgType record(DeclaredType d, TypeElement e) {
        String name = e.getQualifiedName().toString();
        if (!visiting.add(name)) {
            return new Unsupported(
                    d,
                    "record " + e.getSimpleName() + " contains itself, and a tool's schema"
                            + " describes records inline");
        }
        try {
            List<Field> fields = new ArrayList<>();
            for (RecordComponentElement c : ElementFilter.recordComponentsIn(e.getEnclosedElements())) {
                ArgType type = readOptional(c.asType());
                if (type instanceof Unsupported) {
                    return type;
                }
                fields.add(new Field(c.getSimpleName().toString(), ToolsReader.description(field(e, c)), type));
            }
            return new RecordArg(d, e, fields);
        } finally {
            visiting.remove(name);
        }
    }

    /** {@code @Description} targets fields, so on a component it is kept on the record's field. */
    private static Element field(TypeElement record, RecordComponentElement c) {
        for (Element f : ElementFilter.fieldsIn(record.getEnclosedElements())) {
            if (f.getSimpleName().contentEquals(c.getSimpleName())) {
                return f;
            }
        }
        return c;
    }

    /** Why generated code in {@link #generatedPackage} cannot name the type, or {@code null}. */
    private String inaccessible(TypeElement e) {
        boolean samePackage = GeneratedNames.packageOf(e).equals(generatedPackage);
        for (Element t = e; t instanceof TypeElement; t = t.getEnclosingElement()) {
            if (t.getModifiers().contains(Modifier.PRIVATE)) {
                return "it is private, and the generated dispatcher must name it; make it package-private";
            }
            if (!samePackage && !t.getModifiers().contains(Modifier.PUBLIC)) {
                return "it is not public, and the generated dispatcher in another package must name it;"
                        + " make it public";
            }
        }
        return null;
    }

    private static boolean named(DeclaredType d, String qualified) {
        return ((TypeElement) d.asElement()).getQualifiedName().contentEquals(qualified);
    }

    private static String kindOf(TypeMirror t) {
        return t.getKind() == TypeKind.TYPEVAR ? "the type variable " + t : "the wildcard " + t;
    }
}
