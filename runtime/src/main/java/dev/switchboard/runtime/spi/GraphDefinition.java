package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A graph as generated code (or an extension module) declares it, by name: schemas, nodes,
 * edges, joins, routes and node policies. The runtime resolves it to array indices once, on first
 * use ({@link #compiled}); the accessors are what it reads, and extension modules only build.
 *
 * <p>Generated code numbers nodes from 1 (0 is the {@code __start__} pseudo-node) and routes from
 * 0, and its dispatcher switches on those numbers; {@link GraphDefinitionBuilder#node} and {@link
 * GraphDefinitionBuilder#route}
 * take the number and check it against the declaration order, so a dispatcher case can never call
 * the method of another node.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
public final class GraphDefinition {
    private final String name;
    private final StateSchema<?> state;
    private final StateSchema<?> input;
    private final StateSchema<?> output;
    private final List<StateSchema<?>> privateState;
    private final List<SealedType> sealedTypes;
    private final List<ValueCodec<?>> codecs;
    private final List<Node> nodes;
    private final List<Edge> edges;
    private final List<Join> joins;
    private final List<Route> routes;
    private final Set<String> subgraphs;
    private final Map<String, RetryPolicy> retry;
    private final Map<String, Duration> timeout;
    private final Map<String, Duration> cacheTtl;
    private final Set<String> errorHandlers;
    private final String contextType;
    private final Predicate<Object> contextAccepts;
    private final ValueType contextValueType;
    private final ValueType entrypointInput;
    private final SchemaHistory schema;
    private volatile Object compiled;

    GraphDefinition(GraphDefinitionBuilder b) {
        this.name = b.name;
        this.state = b.state;
        this.input = b.input == null ? b.state : b.input;
        this.output = b.output == null ? b.state : b.output;
        this.privateState = List.copyOf(b.privateState);
        this.sealedTypes = List.copyOf(b.sealedTypes);
        this.codecs = List.copyOf(b.codecs);
        this.nodes =
                b.nodes.stream().map(GraphDefinitionBuilder.NodeBuilder::build).toList();
        this.edges = List.copyOf(b.edges);
        this.joins = List.copyOf(b.joins);
        this.routes = b.routes.stream()
                .map(GraphDefinitionBuilder.RouteBuilder::build)
                .toList();
        this.subgraphs = Set.copyOf(b.subgraphs);
        this.retry = Map.copyOf(b.retry);
        this.timeout = Map.copyOf(b.timeout);
        this.cacheTtl = Map.copyOf(b.cacheTtl);
        this.errorHandlers = Set.copyOf(b.errorHandlers);
        this.contextType = b.contextType;
        this.contextAccepts = b.contextAccepts;
        this.contextValueType = b.contextValueType;
        this.schema = b.schema;
        this.entrypointInput = b.entrypointInput;
        if (entrypointInput != null
                && (nodes.size() != 1 || !edges.isEmpty() || !routes.isEmpty() || !joins.isEmpty())) {
            throw inconsistent("a workflow has exactly one node, its entrypoint, and no edges or routes");
        }
    }

    /**
     * Returns the input type of a functional workflow's entrypoint: its single node then runs on the
     * run's input itself, with no {@code __start__} step before it (LangGraph's {@code entrypoint}).
     *
     * @return the input type, or {@code null} for a state graph
     */
    public ValueType entrypointInput() {
        return entrypointInput;
    }

    /**
     * Returns the versions of the graph's stored schema.
     *
     * @return its version and how older checkpoints read as it
     */
    public SchemaHistory schema() {
        return schema;
    }

    /**
     * Returns the codecs of the types Send payloads hold ({@code @Codec}); state records declare
     * theirs in their schemas.
     *
     * @return the payload codecs, in declaration order
     */
    public List<ValueCodec<?>> codecs() {
        return codecs;
    }

    /**
     * Returns the run context type the graph declares ({@code @Graph(context = ...)}).
     *
     * @return its canonical name, or {@code null} when the graph declares none
     */
    public String contextType() {
        return contextType;
    }

    /**
     * Returns the test a run's context must pass.
     *
     * @return a generated {@code instanceof} test, or {@code null} when the graph declares none
     */
    public Predicate<Object> contextAccepts() {
        return contextAccepts;
    }

    /**
     * Returns the type of the run context, for building one from JSON.
     *
     * @return the type, or null when the graph declares no context or the generated code is older
     */
    public ValueType contextValueType() {
        return contextValueType;
    }

    /**
     * Starts a definition.
     *
     * @param name the graph name
     * @param state the state record's schema
     * @return a builder
     */
    public static GraphDefinitionBuilder builder(String name, StateSchema<?> state) {
        return new GraphDefinitionBuilder(name, state);
    }

    /**
     * The failure for a definition the runtime cannot run: the processor and the runtime disagree.
     *
     * @param what the broken contract
     * @return the exception to throw
     */
    public static IllegalStateException inconsistent(String what) {
        return new IllegalStateException("generated graph is inconsistent (" + what
                + "); recompile with the switchboard-processor of the same version as switchboard-runtime");
    }

    /**
     * The runtime's resolved form of this definition, computed once and shared by every graph
     * instance built from it.
     *
     * @param compile resolves the definition; called at most once unless it throws
     * @return what {@code compile} returned
     */
    public Object compiled(Function<GraphDefinition, ?> compile) {
        Object c = compiled;
        if (c == null) {
            synchronized (this) {
                c = compiled;
                if (c == null) {
                    c = Objects.requireNonNull(compile.apply(this), "compiled");
                    compiled = c;
                }
            }
        }
        return c;
    }

    /**
     * Returns the graph name.
     *
     * @return the graph name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the state record's schema.
     *
     * @return the state record's schema
     */
    public StateSchema<?> state() {
        return state;
    }

    /**
     * Returns the input record's schema (the state's unless declared).
     *
     * @return the input record's schema (the state's unless declared)
     */
    public StateSchema<?> input() {
        return input;
    }

    /**
     * Returns the output record's schema (the state's unless declared).
     *
     * @return the output record's schema (the state's unless declared)
     */
    public StateSchema<?> output() {
        return output;
    }

    /**
     * Returns the private-state records' schemas.
     *
     * @return the private-state records' schemas
     */
    public List<StateSchema<?>> privateState() {
        return privateState;
    }

    /**
     * Returns the sealed interfaces Send payloads hold.
     *
     * @return the sealed interfaces Send payloads hold
     */
    public List<SealedType> sealedTypes() {
        return sealedTypes;
    }

    /**
     * Returns the user nodes; node {@code i} here has index {@code i + 1}.
     *
     * @return the user nodes; node {@code i} here has index {@code i + 1}
     */
    public List<Node> nodes() {
        return nodes;
    }

    /**
     * Returns the static edges.
     *
     * @return the static edges
     */
    public List<Edge> edges() {
        return edges;
    }

    /**
     * Returns the join barriers.
     *
     * @return the join barriers
     */
    public List<Join> joins() {
        return joins;
    }

    /**
     * Returns the routes, by index.
     *
     * @return the routes, by index
     */
    public List<Route> routes() {
        return routes;
    }

    /**
     * Whether a node's method returns the graph to run.
     *
     * @param node the node name
     * @return whether it is a subgraph node
     */
    public boolean isSubgraph(String node) {
        return subgraphs.contains(node);
    }

    /**
     * Returns the retry policies by node name.
     *
     * @return the retry policies by node name
     */
    public Map<String, RetryPolicy> retry() {
        return retry;
    }

    /**
     * Returns the timeouts by node name.
     *
     * @return the timeouts by node name
     */
    public Map<String, Duration> timeout() {
        return timeout;
    }

    /**
     * Returns the cache time to live by node name ({@link Duration#ZERO} for ever).
     *
     * @return the cache time to live by node name ({@link Duration#ZERO} for ever)
     */
    public Map<String, Duration> cacheTtl() {
        return cacheTtl;
    }

    /**
     * Returns the nodes the dispatcher has an {@code @OnError} handler for.
     *
     * @return the nodes the dispatcher has an {@code @OnError} handler for
     */
    public Set<String> errorHandlers() {
        return errorHandlers;
    }

    /**
     * A node declaration.
     *
     * @param name the node name
     * @param reads the record a pull task reads, or {@code null} for a node reached only by Send
     * @param payloadType the parameter's type: Send payloads are checked against it and stored as it
     * @param deferred whether the node waits until the run has nothing else to do
     */
    public record Node(String name, StateSchema<?> reads, ValueType payloadType, boolean deferred) {}

    /**
     * A static edge.
     *
     * @param from the source node or {@code __start__}
     * @param to the target node
     */
    public record Edge(String from, String to) {}

    /**
     * A join barrier.
     *
     * @param to the node that waits
     * @param from the nodes it waits for
     */
    public record Join(String to, List<String> from) {}

    /**
     * A route declaration.
     *
     * @param name the route method's name, which failures of the route name
     * @param from the source node or {@code __start__}
     * @param to the allowed destinations (may include {@code __end__})
     * @param enumTargets for enum routes, the destination of each constant by ordinal; else {@code null}
     */
    public record Route(String name, String from, List<String> to, List<String> enumTargets) {}
}
