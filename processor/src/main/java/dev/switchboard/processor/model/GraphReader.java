package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads a graph class into a {@link GraphModel}: nodes, edges, joins and routes in declaration
 * order, then decides which record is the state (from {@code @Graph(state)} or from the nodes that
 * run first) and what each node's parameter means.
 */
public final class GraphReader {
    private final Types types;
    private final Elements elements;
    private final StateReader states;
    private final PolicyReader policies;
    private final ReturnReader returns;

    public GraphReader(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
        this.elements = env.getElementUtils();
        this.states = new StateReader(env);
        this.policies = new PolicyReader(env);
        this.returns = new ReturnReader(env);
    }

    /** The types a graph's signatures mention that javac has not resolved (yet). */
    public List<String> unresolvedTypes(TypeElement graph) {
        List<String> out = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(graph.getEnclosedElements())) {
            // Handlers return the update types generated in this compilation, as nodes do.
            if (!isGraphMethod(m) && Mirrors.find(m, RuntimeNames.ON_ERROR).isEmpty()) {
                continue;
            }
            collectErrors(m.getReturnType(), out);
            for (VariableElement p : m.getParameters()) {
                collectErrors(p.asType(), out);
            }
        }
        return out;
    }

    private static void collectErrors(TypeMirror t, List<String> out) {
        if (t.getKind() == TypeKind.ERROR) {
            out.add(t.toString());
        } else if (t instanceof DeclaredType d) {
            d.getTypeArguments().forEach(a -> collectErrors(a, out));
        }
    }

    static boolean isGraphMethod(Element m) {
        return Mirrors.find(m, RuntimeNames.NODE).isPresent()
                || Mirrors.find(m, RuntimeNames.ROUTE).isPresent();
    }

    /**
     * The records of the graph's state family (state, input, output, private and projection
     * records), which get generated update and channel types. A record only a {@code Send} can
     * deliver is a payload, not state: it gets none, as nothing would use them.
     */
    public List<TypeElement> mentionedRecords(TypeElement graph) {
        return read(graph).family().stream().map(StateModel::element).toList();
    }

    Optional<TypeElement> record(TypeMirror t) {
        if (t instanceof DeclaredType d && d.asElement() instanceof TypeElement te && StateReader.isRecord(te)) {
            return Optional.of(te);
        }
        return Optional.empty();
    }

    /**
     * The graph class a generated graph type was made from: the parameter of its static
     * {@code builder}. Works on graphs compiled earlier too, since their annotations are kept in
     * class files.
     */
    public static Optional<TypeElement> graphClassOf(TypeMirror generatedGraph) {
        if (!(generatedGraph instanceof DeclaredType d)) {
            return Optional.empty();
        }
        for (ExecutableElement m : ElementFilter.methodsIn(d.asElement().getEnclosedElements())) {
            if (m.getSimpleName().contentEquals("builder")
                    && m.getModifiers().contains(Modifier.STATIC)
                    && m.getParameters().size() == 1
                    && m.getParameters().get(0).asType() instanceof DeclaredType p
                    && p.asElement() instanceof TypeElement cls) {
                return Optional.of(cls);
            }
        }
        return Optional.empty();
    }

    public GraphModel read(TypeElement graph) {
        AnnotationMirror graphAnnotation =
                Mirrors.find(graph, RuntimeNames.GRAPH).orElse(null);
        String name = graphAnnotation == null ? "" : Mirrors.string(graphAnnotation, "name", "");
        if (name.isEmpty()) {
            name = graph.getSimpleName().toString();
        }
        List<ExecutableElement> nodeMethods = new ArrayList<>();
        List<RouteModel> routes = new ArrayList<>();
        List<Stray> strays = new ArrayList<>();
        List<HandlerModel> handlers = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(graph.getEnclosedElements())) {
            readMethod(m, nodeMethods, routes, strays);
            handler(m).ifPresent(handlers::add);
        }
        List<EdgeModel> edges = new ArrayList<>();
        List<JoinModel> joins = new ArrayList<>();
        for (ExecutableElement m : nodeMethods) {
            String node = nodeName(m);
            for (AnnotationMirror e : Mirrors.repeated(m, RuntimeNames.EDGE, RuntimeNames.EDGES)) {
                Mirrors.names(m, e, "from").forEach(f -> edges.add(new EdgeModel(f, node)));
            }
            Mirrors.find(m, RuntimeNames.JOIN)
                    .ifPresent(j -> joins.add(new JoinModel(Mirrors.names(m, j, "value"), node, m, j)));
        }
        Set<String> pull = pullTargets(edges, joins, routes);
        StateChoice state = chooseState(graphAnnotation, nodeMethods, edges, routes, pull);
        List<GraphMember> nonRecords = new ArrayList<>();
        memberRecord(graphAnnotation, "state", nonRecords); // chooseState skips a state that is no record
        StateModel input = schemaMember(graphAnnotation, "input", state.model, nonRecords);
        StateModel output = schemaMember(graphAnnotation, "output", state.model, nonRecords);
        List<StateModel> privateState = new ArrayList<>();
        if (graphAnnotation != null) {
            for (TypeMirror t : Mirrors.types(graphAnnotation, "privateState")) {
                record(t)
                        .map(states::read)
                        .ifPresentOrElse(privateState::add, () -> nonRecords.add(new GraphMember("privateState", t)));
            }
        }
        List<NodeModel> nodes = new ArrayList<>();
        for (ExecutableElement m : nodeMethods) {
            nodes.add(node(m, state.model, pull.contains(nodeName(m))));
        }
        return new GraphModel(
                graph,
                name,
                graphAnnotation,
                state.model,
                state.origin,
                input,
                output,
                List.copyOf(privateState),
                List.copyOf(nonRecords),
                List.copyOf(nodes),
                List.copyOf(edges),
                List.copyOf(joins),
                List.copyOf(routes),
                List.copyOf(strays),
                List.copyOf(handlers),
                byNode(handlers),
                graphAnnotation == null
                        ? null
                        : Mirrors.type(graphAnnotation, "context")
                                .filter(t -> t.getKind() != TypeKind.VOID)
                                .orElse(null),
                description(graph, graphAnnotation));
    }

    /** {@code @Graph(description)}, else the first paragraph of the class's javadoc, else empty. */
    private String description(TypeElement graph, AnnotationMirror graphAnnotation) {
        String given = graphAnnotation == null ? "" : Mirrors.string(graphAnnotation, "description", "");
        return given.isEmpty() ? Javadoc.firstParagraph(elements.getDocComment(graph)) : given.strip();
    }

    private Optional<HandlerModel> handler(ExecutableElement m) {
        return Mirrors.find(m, RuntimeNames.ON_ERROR)
                .map(a -> new HandlerModel(
                        m,
                        a,
                        Mirrors.name(m, a, "value", ""),
                        m.getParameters(),
                        returns.read(m.getReturnType()),
                        alsoAnnotated(m)));
    }

    private static String alsoAnnotated(ExecutableElement m) {
        if (Mirrors.find(m, RuntimeNames.NODE).isPresent()) {
            return "Node";
        }
        return Mirrors.find(m, RuntimeNames.ROUTE).isPresent() ? "Route" : null;
    }

    /** The first handler of each node, by node name. */
    private static Map<String, HandlerModel> byNode(List<HandlerModel> handlers) {
        Map<String, HandlerModel> out = new HashMap<>();
        handlers.forEach(h -> out.putIfAbsent(h.node().name(), h));
        return Map.copyOf(out);
    }

    private void readMethod(
            ExecutableElement m, List<ExecutableElement> nodes, List<RouteModel> routes, List<Stray> strays) {
        Optional<AnnotationMirror> node = Mirrors.find(m, RuntimeNames.NODE);
        Optional<AnnotationMirror> route = Mirrors.find(m, RuntimeNames.ROUTE);
        if (node.isPresent()) {
            nodes.add(m);
            route.ifPresent(r -> strays.add(new Stray(m, r)));
            return;
        }
        for (AnnotationMirror e : Mirrors.repeated(m, RuntimeNames.EDGE, RuntimeNames.EDGES)) {
            strays.add(new Stray(m, e));
        }
        Mirrors.find(m, RuntimeNames.JOIN).ifPresent(j -> strays.add(new Stray(m, j)));
        PolicyReader.policyAnnotations(m).forEach(p -> strays.add(new Stray(m, p)));
        route.ifPresent(r -> routes.add(route(m, r)));
    }

    static String nodeName(ExecutableElement m) {
        AnnotationMirror node = Mirrors.find(m, RuntimeNames.NODE).orElseThrow();
        String name = Mirrors.string(node, "name", "");
        return name.isEmpty() ? m.getSimpleName().toString() : name;
    }

    private static Set<String> pullTargets(List<EdgeModel> edges, List<JoinModel> joins, List<RouteModel> routes) {
        Set<String> pull = new HashSet<>();
        edges.forEach(e -> pull.add(e.to()));
        joins.forEach(j -> pull.add(j.to()));
        for (RouteModel r : routes) {
            if (r.namesNodes()) {
                pull.addAll(r.destinations());
            }
        }
        return pull;
    }

    private record StateChoice(StateModel model, String origin) {}

    private StateChoice chooseState(
            AnnotationMirror graphAnnotation,
            List<ExecutableElement> nodes,
            List<EdgeModel> edges,
            List<RouteModel> routes,
            Set<String> pull) {
        if (graphAnnotation != null) {
            Optional<TypeElement> declared =
                    Mirrors.type(graphAnnotation, "state").flatMap(this::record);
            if (declared.isPresent()) {
                return new StateChoice(states.read(declared.get()), "@Graph(state)");
            }
        }
        Set<String> entries = new HashSet<>();
        edges.stream().filter(e -> e.from().name().equals(RuntimeNames.START)).forEach(e -> entries.add(e.to()));
        routes.stream()
                .filter(r -> r.from().name().equals(RuntimeNames.START) && r.namesNodes())
                .forEach(r -> entries.addAll(r.destinations()));
        for (Set<String> candidates : List.of(entries, pull)) {
            for (ExecutableElement m : nodes) {
                if (candidates.contains(nodeName(m)) && !m.getParameters().isEmpty()) {
                    Optional<TypeElement> r = record(m.getParameters().get(0).asType());
                    if (r.isPresent()) {
                        return new StateChoice(states.read(r.get()), "node " + nodeName(m) + "()");
                    }
                }
            }
        }
        for (RouteModel r : routes) {
            if (!r.params().isEmpty()) {
                Optional<TypeElement> rec = record(r.params().get(0).asType());
                if (rec.isPresent()) {
                    return new StateChoice(
                            states.read(rec.get()), "route " + r.method().getSimpleName() + "()");
                }
            }
        }
        // A graph without an entry point still has a state: report the missing entry, not the state.
        for (ExecutableElement m : nodes) {
            Optional<TypeElement> r = m.getParameters().isEmpty()
                    ? Optional.empty()
                    : record(m.getParameters().get(0).asType());
            if (r.isPresent()) {
                return new StateChoice(states.read(r.get()), "node " + nodeName(m) + "()");
            }
        }
        return new StateChoice(null, "");
    }

    private StateModel schemaMember(
            AnnotationMirror graphAnnotation, String member, StateModel state, List<GraphMember> nonRecords) {
        return memberRecord(graphAnnotation, member, nonRecords)
                .map(r -> state != null && r.equals(state.element()) ? state : states.read(r))
                .orElse(state);
    }

    /** The record a {@code @Graph} member names, if any; a type that is no record goes to {@code nonRecords}. */
    private Optional<TypeElement> memberRecord(
            AnnotationMirror graphAnnotation, String member, List<GraphMember> nonRecords) {
        Optional<TypeMirror> t = graphAnnotation == null
                ? Optional.empty()
                : Mirrors.type(graphAnnotation, member).filter(x -> x.getKind() != TypeKind.VOID);
        Optional<TypeElement> r = t.flatMap(this::record);
        if (t.isPresent() && r.isEmpty()) {
            nonRecords.add(new GraphMember(member, t.get()));
        }
        return r;
    }

    private NodeModel node(ExecutableElement m, StateModel state, boolean pull) {
        AnnotationMirror a = Mirrors.find(m, RuntimeNames.NODE).orElseThrow();
        NameRef nameRef = Mirrors.name(m, a, "name", m.getSimpleName().toString());
        return new NodeModel(
                m,
                nodeName(m),
                a,
                nameRef,
                Mirrors.bool(a, "defer", false),
                Mirrors.names(m, a, "destinations"),
                m.getParameters(),
                input(m, state, pull),
                returns.read(m.getReturnType()),
                pull,
                policies.policies(m));
    }

    private NodeInput input(ExecutableElement m, StateModel state, boolean pull) {
        if (m.getParameters().isEmpty()) {
            return new NodeInput(NodeInput.Kind.MISSING, null, null);
        }
        TypeMirror t = m.getParameters().get(0).asType();
        if (state != null && types.isSameType(t, state.element().asType())) {
            return new NodeInput(NodeInput.Kind.STATE, t, state);
        }
        Optional<TypeElement> r = record(t);
        if (pull && r.isPresent()) {
            return new NodeInput(NodeInput.Kind.PROJECTION, t, states.read(r.get()));
        }
        return new NodeInput(NodeInput.Kind.PAYLOAD, t, null);
    }

    private RouteModel route(ExecutableElement m, AnnotationMirror a) {
        TypeMirror ret = m.getReturnType();
        boolean many = false;
        TypeMirror element = ret;
        Optional<TypeMirror> item = returns.collectionElement(ret);
        if (item.isPresent()) {
            many = true;
            element = item.get();
        }
        RouteModel.Kind kind = routeKind(element);
        List<String> constants = kind == RouteModel.Kind.ENUM ? enumConstants(element) : List.of();
        NameRef from = Mirrors.name(m, a, "from", "");
        return new RouteModel(
                m, from, Mirrors.names(m, a, "to"), a, m.getParameters(), kind, ret, element, many, constants);
    }

    private RouteModel.Kind routeKind(TypeMirror t) {
        if (t.getKind() == TypeKind.WILDCARD) {
            return RouteModel.Kind.ANY;
        }
        if (!(t instanceof DeclaredType d)) {
            return RouteModel.Kind.UNSUPPORTED;
        }
        TypeElement e = (TypeElement) d.asElement();
        String name = e.getQualifiedName().toString();
        if (name.equals("java.lang.String")) {
            return RouteModel.Kind.STRING;
        }
        if (e.getKind() == ElementKind.ENUM) {
            return RouteModel.Kind.ENUM;
        }
        if (name.equals(RuntimeNames.SEND)) {
            return RouteModel.Kind.SEND;
        }
        if (name.equals("java.lang.Object")) {
            return RouteModel.Kind.ANY;
        }
        return RouteModel.Kind.UNSUPPORTED;
    }

    private static List<String> enumConstants(TypeMirror t) {
        TypeElement e = (TypeElement) ((DeclaredType) t).asElement();
        return e.getEnclosedElements().stream()
                .filter(x -> x.getKind() == ElementKind.ENUM_CONSTANT)
                .map(x -> x.getSimpleName().toString())
                .toList();
    }
}
