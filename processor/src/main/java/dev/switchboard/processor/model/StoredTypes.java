package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Decides at compile time whether a stored type reads back from its JSON form, by walking it the
 * way the runtime's serde will: type arguments of collections, maps and {@code Optional}, record
 * components, and the permitted records of sealed interfaces, whose tag tables it also collects.
 * The accepted JDK families are those the serde round-trips (scalars, {@code java.time}, the
 * standard collections and maps, {@code Optional}); any other JDK type (threads, streams, I/O)
 * has no stored form. A user class needs a no-argument constructor or a {@code @JsonCreator}; an
 * interface must be sealed, because the stored form names no class.
 */
public final class StoredTypes {
    /** Why a type cannot be stored. */
    public enum Reason {
        JDK_TYPE("it has no stored form"),
        OPEN_INTERFACE("it is an interface that is not sealed, so a checkpoint cannot tell which class to read back"),
        ABSTRACT_CLASS("it is an abstract class, so a checkpoint cannot tell which class to read back"),
        NO_CREATOR("it has no no-argument constructor and no @JsonCreator to read it back with"),
        SEALED_NOT_RECORD("a sealed type is stored by the tags of its records, and it permits %s, which is neither a"
                + " record nor a sealed interface"),
        BAD_CODEC("its @Codec(%s.class) is not a public, concrete ValueCodec of it with a public no-argument"
                + " constructor"),
        MAP_KEY("it is a map key, and map keys are stored as strings; key by a String, a number, an enum or a UUID");

        private final String text;

        Reason(String text) {
            this.text = text;
        }

        public String text(Object... args) {
            return String.format(text, args);
        }
    }

    /**
     * A type that cannot be stored.
     *
     * @param type the offending type
     * @param in the enclosing type it was found in, or {@code null} at the top
     * @param reason why
     * @param detail the argument of the reason's text, or {@code null}
     */
    public record Problem(TypeMirror type, TypeMirror in, Reason reason, String detail) {}

    /** A record of a sealed interface and the tag it is stored under. */
    public record Variant(String tag, TypeElement record) {}

    /** A sealed interface and its records, in {@code permits} order (nested sealed interfaces flattened). */
    public record Sealed(TypeElement base, List<Variant> variants) {}

    /** What a walk found: problems, sealed interfaces, and the codecs ({@code @Codec}) of stored types. */
    public record Findings(List<Problem> problems, List<Sealed> sealed, List<TypeElement> codecs) {}

    private static final Set<String> SCALARS = Set.of(
            "java.lang.String",
            "java.lang.Object",
            "java.lang.Number",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Short",
            "java.lang.Byte",
            "java.lang.Double",
            "java.lang.Float",
            "java.lang.Boolean",
            "java.lang.Character",
            "java.math.BigDecimal",
            "java.math.BigInteger",
            "java.util.UUID",
            "java.util.Locale",
            "java.util.Currency",
            "java.util.Date",
            "java.net.URI",
            "java.net.URL",
            "java.nio.file.Path",
            "java.util.OptionalInt",
            "java.util.OptionalLong",
            "java.util.OptionalDouble");
    private static final Set<String> TIME = Set.of(
            "Instant",
            "LocalDate",
            "LocalDateTime",
            "LocalTime",
            "OffsetDateTime",
            "OffsetTime",
            "ZonedDateTime",
            "Duration",
            "Period",
            "Year",
            "YearMonth",
            "MonthDay",
            "ZoneId",
            "ZoneOffset");
    private static final Set<String> CONTAINERS = Set.of(
            "java.util.List",
            "java.util.Collection",
            "java.util.Set",
            "java.util.SortedSet",
            "java.util.NavigableSet",
            "java.util.Queue",
            "java.util.Deque",
            "java.util.ArrayList",
            "java.util.LinkedList",
            "java.util.HashSet",
            "java.util.LinkedHashSet",
            "java.util.TreeSet",
            "java.util.ArrayDeque",
            "java.util.Optional");
    private static final Set<String> MAPS = Set.of(
            "java.util.Map",
            "java.util.SortedMap",
            "java.util.NavigableMap",
            "java.util.HashMap",
            "java.util.LinkedHashMap",
            "java.util.TreeMap",
            "java.util.concurrent.ConcurrentMap",
            "java.util.concurrent.ConcurrentHashMap");
    private static final String JSON_NODE = "tools.jackson.databind.JsonNode";
    private static final String JSON_CREATOR = "com.fasterxml.jackson.annotation.JsonCreator";

    private final Types types;
    private final CodecTypes codecTypes;

    public StoredTypes(ProcessingEnvironment env) {
        this(env.getTypeUtils());
    }

    public StoredTypes(Types types) {
        this.types = types;
        this.codecTypes = new CodecTypes(types);
    }

    /** Walks one stored type. */
    public Findings walk(TypeMirror type) {
        return walk(type, null);
    }

    /** Walks a state component's type, with the codec its own {@code @Codec} names, if any. */
    public Findings walk(ComponentModel c) {
        return walk(c.type(), c.element());
    }

    private Findings walk(TypeMirror type, Element component) {
        Walk w = new Walk();
        if (component != null) {
            w.componentCodec = codecTypes.on(component).orElse(null);
            if (w.componentCodec != null && w.componentCodec.stores() == null) {
                w.problems.add(new Problem(type, null, Reason.BAD_CODEC, codecName(w.componentCodec)));
            }
        }
        w.visit(type, null);
        return new Findings(List.copyOf(w.problems), List.copyOf(w.sealed.values()), List.copyOf(w.codecs.values()));
    }

    private static String codecName(CodecTypes.Use use) {
        return use.codec().getSimpleName().toString();
    }

    private final class Walk {
        final List<Problem> problems = new ArrayList<>();
        final Map<String, Sealed> sealed = new LinkedHashMap<>();
        final Set<String> seen = new HashSet<>();
        final Map<String, TypeElement> codecs = new LinkedHashMap<>();
        CodecTypes.Use componentCodec;

        /** Whether a codec stores the type; a declared codec that cannot is a problem. */
        boolean byCodec(DeclaredType d, TypeElement e, TypeMirror in) {
            CodecTypes.Use use = codecTypes.on(e).orElse(null);
            if (use != null && !codecTypes.covers(use.stores(), d)) {
                problems.add(new Problem(d, in, Reason.BAD_CODEC, codecName(use)));
                return true;
            }
            if (use == null && componentCodec != null && codecTypes.covers(componentCodec.stores(), d)) {
                use = componentCodec;
            }
            if (use != null) {
                codecs.putIfAbsent(use.codec().getQualifiedName().toString(), use.codec());
            }
            return use != null;
        }

        void visit(TypeMirror t, TypeMirror in) {
            if (t.getKind().isPrimitive() || t.getKind() == TypeKind.ERROR || !seen.add(t.toString())) {
                return;
            }
            switch (t.getKind()) {
                case ARRAY -> visit(((ArrayType) t).getComponentType(), t);
                case TYPEVAR -> visit(((TypeVariable) t).getUpperBound(), in);
                case WILDCARD -> {
                    TypeMirror bound = ((WildcardType) t).getExtendsBound();
                    if (bound != null) {
                        visit(bound, in);
                    }
                }
                case DECLARED -> declared((DeclaredType) t, in);
                default -> {}
            }
        }

        void declared(DeclaredType d, TypeMirror in) {
            TypeElement e = (TypeElement) d.asElement();
            String name = e.getQualifiedName().toString();
            if (e.getKind() == ElementKind.ENUM || isScalar(e) || byCodec(d, e, in)) {
                return;
            }
            if (CONTAINERS.contains(name)) {
                d.getTypeArguments().forEach(a -> visit(a, d));
            } else if (MAPS.contains(name)) {
                List<? extends TypeMirror> args = d.getTypeArguments();
                if (args.size() == 2) {
                    key(args.get(0), d);
                    visit(args.get(1), d);
                }
            } else if (e.getKind() == ElementKind.RECORD) {
                components(d, e);
            } else if (e.getModifiers().contains(Modifier.SEALED)) {
                sealed(e, in);
            } else if (name.startsWith("java.") || name.startsWith("javax.")) {
                problems.add(new Problem(d, in, Reason.JDK_TYPE, null));
            } else if (e.getKind() == ElementKind.INTERFACE) {
                problems.add(new Problem(d, in, Reason.OPEN_INTERFACE, null));
            } else if (e.getModifiers().contains(Modifier.ABSTRACT)) {
                problems.add(new Problem(d, in, Reason.ABSTRACT_CLASS, null));
            } else if (!hasCreator(e)) {
                problems.add(new Problem(d, in, Reason.NO_CREATOR, null));
            }
        }

        void key(TypeMirror key, TypeMirror in) {
            TypeMirror k = key instanceof WildcardType w && w.getExtendsBound() != null ? w.getExtendsBound() : key;
            boolean ok = k instanceof DeclaredType d
                    && d.asElement() instanceof TypeElement e
                    && (e.getKind() == ElementKind.ENUM
                            || (isScalar(e) && !e.getQualifiedName().contentEquals("java.lang.Object")));
            if (!ok && k.getKind() != TypeKind.ERROR) {
                problems.add(new Problem(k, in, Reason.MAP_KEY, null));
            }
        }

        void components(DeclaredType d, TypeElement record) {
            for (RecordComponentElement c : record.getRecordComponents()) {
                ExecutableElement accessor = c.getAccessor();
                TypeMirror t = accessor == null
                        ? c.asType()
                        : ((ExecutableType) types.asMemberOf(d, accessor)).getReturnType();
                visit(t, d);
            }
        }

        void sealed(TypeElement base, TypeMirror in) {
            String name = base.getQualifiedName().toString();
            if (sealed.containsKey(name)) {
                return;
            }
            List<Variant> variants = new ArrayList<>();
            sealed.put(name, new Sealed(base, variants));
            collect(base, base, in, variants);
        }

        void collect(TypeElement base, TypeElement from, TypeMirror in, List<Variant> variants) {
            for (TypeMirror p : from.getPermittedSubclasses()) {
                TypeElement sub = (TypeElement) types.asElement(p);
                if (sub == null) {
                    continue;
                }
                if (sub.getKind() == ElementKind.RECORD) {
                    variants.add(new Variant(tag(sub), sub));
                    visit(sub.asType(), in);
                } else if (sub.getKind() == ElementKind.INTERFACE
                        && sub.getModifiers().contains(Modifier.SEALED)) {
                    collect(base, sub, in, variants);
                    sealed(sub, in);
                } else {
                    problems.add(new Problem(
                            base.asType(),
                            in,
                            Reason.SEALED_NOT_RECORD,
                            sub.getSimpleName().toString()));
                }
            }
        }
    }

    /** The tag a record of a sealed interface is written under: its {@code @Tag}, else its simple name. */
    public static String tag(TypeElement record) {
        return Mirrors.find(record, RuntimeNames.TAG)
                .map(a -> Mirrors.string(a, "value", record.getSimpleName().toString()))
                .orElse(record.getSimpleName().toString());
    }

    /** The further tags a record of a sealed interface is read from: its {@code @Tag(aliases)}. */
    public static List<String> tagAliases(TypeElement record) {
        return Mirrors.find(record, RuntimeNames.TAG)
                .map(a -> Mirrors.names(record, a, "aliases").stream()
                        .map(NameRef::name)
                        .filter(alias -> !alias.equals(tag(record)))
                        .distinct()
                        .toList())
                .orElse(List.of());
    }

    /**
     * The codec that stores a type: the {@code @Codec} on its declaration, else the one on the
     * state component that holds it, if that codec covers it; empty when Jackson stores it.
     */
    public Optional<TypeElement> codec(DeclaredType d, Element component) {
        Optional<CodecTypes.Use> own = codecTypes.on(d.asElement());
        if (own.isPresent()) {
            return own.map(CodecTypes.Use::codec);
        }
        return Optional.ofNullable(component)
                .flatMap(codecTypes::on)
                .filter(u -> codecTypes.covers(u.stores(), d))
                .map(CodecTypes.Use::codec);
    }

    /** Whether the serde stores a type as a scalar: a string, number, {@code java.time} value, tree... */
    public static boolean isScalar(TypeElement e) {
        String name = e.getQualifiedName().toString();
        if (SCALARS.contains(name) || isJsonNode(e)) {
            return true;
        }
        return name.startsWith("java.time.") && TIME.contains(e.getSimpleName().toString());
    }

    /** Whether the serde stores the class as a collection (or {@code Optional}) of its type argument. */
    public static boolean isContainer(String qualifiedName) {
        return CONTAINERS.contains(qualifiedName);
    }

    /** Whether the serde stores the class as a JSON object of its values. */
    public static boolean isMap(String qualifiedName) {
        return MAPS.contains(qualifiedName);
    }

    private static boolean isJsonNode(TypeElement e) {
        String name = e.getQualifiedName().toString();
        return name.equals(JSON_NODE) || name.startsWith("tools.jackson.databind.node.");
    }

    private static boolean hasCreator(TypeElement e) {
        for (ExecutableElement c : ElementFilter.constructorsIn(e.getEnclosedElements())) {
            if (c.getParameters().isEmpty() || Mirrors.find(c, JSON_CREATOR).isPresent()) {
                return true;
            }
        }
        for (ExecutableElement m : ElementFilter.methodsIn(e.getEnclosedElements())) {
            if (m.getModifiers().contains(Modifier.STATIC)
                    && Mirrors.find(m, JSON_CREATOR).isPresent()) {
                return true;
            }
        }
        return false;
    }
}
