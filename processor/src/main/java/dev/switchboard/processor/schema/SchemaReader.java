package dev.switchboard.processor.schema;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.NodeInput;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.RuntimeNames;
import dev.switchboard.processor.model.StateModel;
import dev.switchboard.processor.model.StoredTypes;
import dev.switchboard.processor.schema.StoredSchema.ChannelDef;
import dev.switchboard.processor.schema.StoredSchema.ClassDef;
import dev.switchboard.processor.schema.StoredSchema.CodecDef;
import dev.switchboard.processor.schema.StoredSchema.EnumDef;
import dev.switchboard.processor.schema.StoredSchema.FieldDef;
import dev.switchboard.processor.schema.StoredSchema.NodeDef;
import dev.switchboard.processor.schema.StoredSchema.RecordDef;
import dev.switchboard.processor.schema.StoredSchema.SealedDef;
import dev.switchboard.processor.schema.StoredSchema.TypeDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Reads the stored schema of a graph (see {@link StoredSchema}) from its model, with where each
 * channel and node was declared, for diagnostics. The same reader describes the records a
 * {@code @Migration} takes and returns, so that they compare with schema files structurally.
 */
final class SchemaReader {
    static final String JSON_ALIAS = "com.fasterxml.jackson.annotation.JsonAlias";

    private final Types types;
    private final StoredTypes stored;

    SchemaReader(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
        this.stored = new StoredTypes(env);
    }

    /**
     * A graph's schema and its sources.
     *
     * @param schema the schema
     * @param channels each channel's component
     * @param nodes each node's model
     * @param nestedRenames components of nested records that carry {@code @RenamedFrom}, which only
     *     state components may
     */
    record Read(
            StoredSchema schema,
            Map<String, ComponentModel> channels,
            Map<String, NodeModel> nodes,
            List<RecordComponentElement> nestedRenames) {}

    Read read(GraphModel graph, int version, String binaryName) {
        Walk walk = new Walk();
        Map<String, ChannelDef> channels = new LinkedHashMap<>();
        Map<String, ComponentModel> sources = new LinkedHashMap<>();
        addChannels(graph.state(), false, channels, sources, walk);
        for (StateModel p : graph.privateState()) {
            addChannels(p, true, channels, sources, walk);
        }
        Map<String, NodeDef> nodes = new LinkedHashMap<>();
        Map<String, NodeModel> nodeSources = new LinkedHashMap<>();
        for (NodeModel n : graph.nodes()) {
            String payload = null;
            if (n.input().kind() == NodeInput.Kind.PAYLOAD && n.input().type() != null) {
                payload = TypeNames.of(n.input().type());
                walk.visit(n.input().type(), null);
            }
            String renamed = Mirrors.string(n.annotation(), "renamedFrom", "");
            nodes.put(n.name(), new NodeDef(payload, renamed.isEmpty() ? null : renamed));
            nodeSources.put(n.name(), n);
        }
        StoredSchema schema = new StoredSchema(version, binaryName, channels, nodes, new TreeMap<>(walk.defs));
        return new Read(schema, sources, nodeSources, walk.nestedRenames);
    }

    private void addChannels(
            StateModel state,
            boolean privateState,
            Map<String, ChannelDef> channels,
            Map<String, ComponentModel> sources,
            Walk walk) {
        if (state == null) {
            return;
        }
        for (ComponentModel c : state.components()) {
            if (!isStored(c) || channels.containsKey(c.name())) {
                continue;
            }
            channels.put(c.name(), channel(c, privateState));
            sources.put(c.name(), c);
            walk.visit(c.type(), c.element());
        }
    }

    static boolean isStored(ComponentModel c) {
        return c.kind() != ComponentModel.Kind.UNTRACKED && !c.isManaged();
    }

    private static ChannelDef channel(ComponentModel c, boolean privateState) {
        String reducer = c.kind() == ComponentModel.Kind.REDUCER && c.impl() != null
                ? c.impl().getQualifiedName().toString()
                : null;
        String codec = Mirrors.find(c.element(), RuntimeNames.CODEC)
                .flatMap(a -> Mirrors.type(a, "value"))
                .map(TypeNames::of)
                .orElse(null);
        String renamed =
                renamedFrom(c.element()).map(v -> (String) v.getValue()).orElse(null);
        return new ChannelDef(
                c.kind().name(), reducer, TypeNames.of(c.type()), nullable(c.element()), codec, privateState, renamed);
    }

    /** The value of a component's {@code @RenamedFrom}, if it has one. */
    static Optional<AnnotationValue> renamedFrom(Element component) {
        return renamedFromAnnotation(component)
                .flatMap(a -> Mirrors.explicit(a, "value"))
                .filter(v -> v.getValue() instanceof String);
    }

    static Optional<AnnotationMirror> renamedFromAnnotation(Element component) {
        return Mirrors.find(component, RuntimeNames.RENAMED_FROM);
    }

    /**
     * The stored structure of the records a migration takes or returns: their components as
     * channels (kinds are the schema file's business), with the types they hold.
     */
    Map<String, String> recordChannels(TypeElement record, Map<String, TypeDef> defs) {
        Walk walk = new Walk();
        Map<String, String> out = new LinkedHashMap<>();
        for (RecordComponentElement c : record.getRecordComponents()) {
            out.put(c.getSimpleName().toString(), TypeNames.of(c.asType()));
            walk.visit(c.asType(), c);
        }
        defs.putAll(walk.defs);
        return out;
    }

    /**
     * Whether a component is {@code @Nullable} (an annotation of that simple name, as the serde
     * reads it): on the component, the field or accessor javac copies it to, or its type.
     */
    static boolean nullable(Element component) {
        return annotated(component, "Nullable");
    }

    private static boolean annotated(Element component, String simpleName) {
        for (Element e : withCopies(component)) {
            for (AnnotationMirror a : e.getAnnotationMirrors()) {
                if (Mirrors.simpleName(a).equals(simpleName)) {
                    return true;
                }
            }
        }
        for (AnnotationMirror a : component.asType().getAnnotationMirrors()) {
            if (Mirrors.simpleName(a).equals(simpleName)) {
                return true;
            }
        }
        return false;
    }

    /** A record component and the field and accessor javac copies its annotations to. */
    private static List<Element> withCopies(Element component) {
        List<Element> out = new ArrayList<>(List.of(component));
        if (component instanceof RecordComponentElement rc) {
            if (rc.getAccessor() != null) {
                out.add(rc.getAccessor());
            }
            for (VariableElement f :
                    ElementFilter.fieldsIn(rc.getEnclosingElement().getEnclosedElements())) {
                if (f.getSimpleName().equals(rc.getSimpleName())) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** The names a nested record component is also read from: its {@code @JsonAlias}. */
    private static List<String> jsonAliases(RecordComponentElement c) {
        for (Element e : withCopies(c)) {
            Optional<AnnotationMirror> alias = Mirrors.find(e, JSON_ALIAS);
            if (alias.isPresent()) {
                return Mirrors.names(e, alias.get(), "value").stream()
                        .map(r -> r.name())
                        .toList();
            }
        }
        return List.of();
    }

    /** Collects the structure of every type a channel or payload holds, at any depth. */
    private final class Walk {
        final Map<String, TypeDef> defs = new LinkedHashMap<>();
        final List<RecordComponentElement> nestedRenames = new ArrayList<>();

        void visit(TypeMirror t, Element component) {
            if (t instanceof ArrayType a) {
                visit(a.getComponentType(), component);
            } else if (t instanceof WildcardType w) {
                if (w.getExtendsBound() != null) {
                    visit(w.getExtendsBound(), component);
                }
            } else if (t instanceof TypeVariable v) {
                visit(v.getUpperBound(), component);
            } else if (t instanceof DeclaredType d) {
                declared(d, component);
            }
        }

        private void declared(DeclaredType d, Element component) {
            TypeElement e = (TypeElement) d.asElement();
            String key = TypeNames.of(d);
            String name = e.getQualifiedName().toString();
            if (defs.containsKey(key)) {
                return;
            }
            Optional<TypeElement> codec = stored.codec(d, component);
            if (codec.isPresent()) {
                defs.put(key, new CodecDef(codec.get().getQualifiedName().toString()));
            } else if (e.getKind() == ElementKind.ENUM) {
                defs.put(key, new EnumDef(constants(e)));
            } else if (StoredTypes.isScalar(e)) {
                return;
            } else if (StoredTypes.isContainer(name) || StoredTypes.isMap(name)) {
                d.getTypeArguments().forEach(a -> visit(a, component));
            } else if (e.getKind() == ElementKind.RECORD) {
                record(d, e, key, component);
            } else if (e.getModifiers().contains(Modifier.SEALED)) {
                sealed(e, key, component);
            } else {
                defs.put(key, new ClassDef());
            }
        }

        private void record(DeclaredType d, TypeElement e, String key, Element component) {
            Map<String, FieldDef> fields = new LinkedHashMap<>();
            defs.put(key, new RecordDef(fields)); // before the components: records may hold themselves
            for (RecordComponentElement c : e.getRecordComponents()) {
                ExecutableElement accessor = c.getAccessor();
                TypeMirror t = accessor == null
                        ? c.asType()
                        : ((ExecutableType) types.asMemberOf(d, accessor)).getReturnType();
                fields.put(c.getSimpleName().toString(), new FieldDef(TypeNames.of(t), nullable(c), jsonAliases(c)));
                if (renamedFromAnnotation(c).isPresent()) {
                    nestedRenames.add(c);
                }
                visit(t, component);
            }
        }

        private void sealed(TypeElement base, String key, Element component) {
            Map<String, String> tags = new LinkedHashMap<>();
            defs.put(key, new SealedDef(tags));
            List<TypeElement> records = new ArrayList<>();
            collect(base, records);
            for (TypeElement r : records) {
                String type = TypeNames.of(r.asType());
                tags.putIfAbsent(StoredTypes.tag(r), type);
                StoredTypes.tagAliases(r).forEach(a -> tags.putIfAbsent(a, type));
                visit(r.asType(), component);
            }
        }

        private void collect(TypeElement from, List<TypeElement> out) {
            for (TypeMirror p : from.getPermittedSubclasses()) {
                if (!(types.asElement(p) instanceof TypeElement sub)) {
                    continue;
                }
                if (sub.getKind() == ElementKind.RECORD) {
                    out.add(sub);
                } else if (sub.getModifiers().contains(Modifier.SEALED)) {
                    collect(sub, out);
                }
            }
        }
    }

    private static List<String> constants(TypeElement e) {
        List<String> out = new ArrayList<>();
        for (Element m : e.getEnclosedElements()) {
            if (m.getKind() == ElementKind.ENUM_CONSTANT) {
                out.add(m.getSimpleName().toString());
            }
        }
        return out;
    }
}
