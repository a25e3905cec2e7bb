package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 * 0, and its dispatcher switches on those numbers; {@link Builder#node} and {@link Builder#route}
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

    private GraphDefinition(Builder b) {
        this.name = b.name;
        this.state = b.state;
        this.input = b.input == null ? b.state : b.input;
        this.output = b.output == null ? b.state : b.output;
        this.privateState = List.copyOf(b.privateState);
        this.sealedTypes = List.copyOf(b.sealedTypes);
        this.codecs = List.copyOf(b.codecs);
        this.nodes = b.nodes.stream().map(NodeBuilder::build).toList();
        this.edges = List.copyOf(b.edges);
        this.joins = List.copyOf(b.joins);
        this.routes = b.routes.stream().map(RouteBuilder::build).toList();
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
    public static Builder builder(String name, StateSchema<?> state) {
        return new Builder(name, state);
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

    /**
     * Collects a graph definition; used by generated code in a static initialiser. Node settings
     * ({@link #reads}, {@link #deferred}) apply to the node declared last, route settings
     * ({@link #to}, {@link #enumTargets}) to the route declared last.
     */
    public static final class Builder {
        private final String name;
        private final StateSchema<?> state;
        private StateSchema<?> input;
        private StateSchema<?> output;
        private final List<StateSchema<?>> privateState = new ArrayList<>();
        private final List<SealedType> sealedTypes = new ArrayList<>();
        private final List<ValueCodec<?>> codecs = new ArrayList<>();
        private final List<NodeBuilder> nodes = new ArrayList<>();
        private final List<Edge> edges = new ArrayList<>();
        private final List<Join> joins = new ArrayList<>();
        private final List<RouteBuilder> routes = new ArrayList<>();
        private final Set<String> subgraphs = new LinkedHashSet<>();
        private final Map<String, RetryPolicy> retry = new LinkedHashMap<>();
        private final Map<String, Duration> timeout = new LinkedHashMap<>();
        private final Map<String, Duration> cacheTtl = new LinkedHashMap<>();
        private final Set<String> errorHandlers = new LinkedHashSet<>();
        private String contextType;
        private Predicate<Object> contextAccepts;
        private ValueType contextValueType;
        private ValueType entrypointInput;
        private SchemaHistory schema = SchemaHistory.FIRST;

        private Builder(String name, StateSchema<?> state) {
            this.name = Objects.requireNonNull(name, "name");
            this.state = Objects.requireNonNull(state, "state");
        }

        /**
         * Sets the input record.
         *
         * @param schema its schema
         * @return this builder
         */
        public Builder input(StateSchema<?> schema) {
            this.input = Objects.requireNonNull(schema, "schema");
            return this;
        }

        /**
         * Sets the output record.
         *
         * @param schema its schema
         * @return this builder
         */
        public Builder output(StateSchema<?> schema) {
            this.output = Objects.requireNonNull(schema, "schema");
            return this;
        }

        /**
         * Adds a private-state record.
         *
         * @param schema its schema
         * @return this builder
         */
        public Builder privateState(StateSchema<?> schema) {
            privateState.add(Objects.requireNonNull(schema, "schema"));
            return this;
        }

        /**
         * Declares a sealed interface that Send payloads hold, so that pending sends read back
         * (state records declare theirs in their schemas).
         *
         * @param type the sealed interface and its tag table
         * @return this builder
         */
        public Builder sealedType(SealedType type) {
            sealedTypes.add(Objects.requireNonNull(type, "type"));
            return this;
        }

        /**
         * Adds a node that only {@code Send}s reach until {@link #reads} says which record it reads.
         *
         * @param index the number the dispatcher calls the node by: its position among nodes, from 1
         * @param name the node name
         * @param payloadType the parameter's type: Send payloads are checked against it and stored
         *     as it
         * @return this builder
         * @throws IllegalStateException if {@code index} is not the node's position
         */
        public Builder node(int index, String name, ValueType payloadType) {
            checkIndex("node '" + name + "'", index, nodes.size() + 1);
            nodes.add(new NodeBuilder(
                    Objects.requireNonNull(name, "name"), Objects.requireNonNull(payloadType, "payloadType")));
            return this;
        }

        /**
         * Sets the record the node declared last reads when edges trigger it.
         *
         * @param schema the record's schema
         * @return this builder
         */
        public Builder reads(StateSchema<?> schema) {
            lastNode("reads").reads = Objects.requireNonNull(schema, "schema");
            return this;
        }

        /**
         * Defers the node declared last: it waits until the run has nothing else to do.
         *
         * @return this builder
         */
        public Builder deferred() {
            lastNode("deferred").deferred = true;
            return this;
        }

        /**
         * Marks a node as a subgraph node: its method returns the graph to run.
         *
         * @param name the node name
         * @return this builder
         */
        public Builder subgraph(String name) {
            subgraphs.add(Objects.requireNonNull(name, "name"));
            return this;
        }

        /**
         * Sets a node's retry policy ({@code @Retry}).
         *
         * @param node the node name
         * @param policy the policy
         * @return this builder
         */
        public Builder retry(String node, RetryPolicy policy) {
            retry.put(Objects.requireNonNull(node, "node"), Objects.requireNonNull(policy, "policy"));
            return this;
        }

        /**
         * Sets a node's timeout ({@code @Timeout}).
         *
         * @param node the node name
         * @param limit how long one attempt may run; positive
         * @return this builder
         */
        public Builder timeout(String node, Duration limit) {
            if (limit.isNegative() || limit.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, was " + limit);
            }
            timeout.put(Objects.requireNonNull(node, "node"), limit);
            return this;
        }

        /**
         * Caches a node's writes by its input ({@code @Cache}).
         *
         * @param node the node name
         * @param ttl how long entries stay valid; {@link Duration#ZERO} for ever
         * @return this builder
         */
        public Builder cache(String node, Duration ttl) {
            if (ttl.isNegative()) {
                throw new IllegalArgumentException("cache ttl must not be negative, was " + ttl);
            }
            cacheTtl.put(Objects.requireNonNull(node, "node"), ttl);
            return this;
        }

        /**
         * Declares that the dispatcher handles a node's failures ({@code @OnError}).
         *
         * @param node the node name
         * @return this builder
         */
        public Builder onError(String node) {
            errorHandlers.add(Objects.requireNonNull(node, "node"));
            return this;
        }

        /**
         * Adds a static edge.
         *
         * @param from the source node or {@code __start__}
         * @param to the target node
         * @return this builder
         */
        public Builder edge(String from, String to) {
            edges.add(new Edge(Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to")));
            return this;
        }

        /**
         * Adds a join barrier.
         *
         * @param to the node that waits
         * @param from the nodes it waits for
         * @return this builder
         */
        public Builder join(String to, String... from) {
            joins.add(new Join(Objects.requireNonNull(to, "to"), List.of(from)));
            return this;
        }

        /**
         * Adds a route; {@link #to} lists its destinations.
         *
         * @param index the number the dispatcher calls the route by: its position among routes, from 0
         * @param name the route method's name, which failures of the route name
         * @param from the source node or {@code __start__}
         * @return this builder
         * @throws IllegalStateException if {@code index} is not the route's position
         */
        public Builder route(int index, String name, String from) {
            checkIndex("route '" + name + "'", index, routes.size());
            routes.add(new RouteBuilder(Objects.requireNonNull(name, "name"), Objects.requireNonNull(from, "from")));
            return this;
        }

        /**
         * Sets the destinations the route declared last may return.
         *
         * @param destinations node names, possibly {@code __end__}
         * @return this builder
         */
        public Builder to(String... destinations) {
            lastRoute("to").to = List.of(destinations);
            return this;
        }

        /**
         * Makes the route declared last an enum route.
         *
         * @param targets the destination of each enum constant, by ordinal
         * @return this builder
         */
        public Builder enumTargets(String... targets) {
            lastRoute("enumTargets").enumTargets = List.of(targets);
            return this;
        }

        /**
         * Declares the codec of a type that Send payloads hold ({@code @Codec}), so that pending
         * sends read back (state records declare theirs in their schemas).
         *
         * @param codec the codec
         * @return this builder
         */
        public Builder codec(ValueCodec<?> codec) {
            codecs.add(Objects.requireNonNull(codec, "codec"));
            return this;
        }

        /**
         * Makes this a functional workflow whose single node (declared next, with {@link #node})
         * is its entrypoint: triggered by the run's input, which it receives with the saved
         * previous value, as its state schema ({@link WorkflowState}) says.
         *
         * @param input the entrypoint's input type
         * @return this builder
         */
        public Builder entrypoint(ValueType input) {
            this.entrypointInput = Objects.requireNonNull(input, "input");
            return this;
        }

        /**
         * Declares the run context every run must carry.
         *
         * @param typeName the context type, for messages
         * @param accepts whether an object is of that type (a generated {@code instanceof} test)
         * @return this builder
         */
        public Builder context(String typeName, Predicate<Object> accepts) {
            this.contextType = Objects.requireNonNull(typeName, "typeName");
            this.contextAccepts = Objects.requireNonNull(accepts, "accepts");
            return this;
        }

        /**
         * Declares the run context every run must carry, with its type for code that builds one
         * from JSON (see {@link dev.switchboard.runtime.GraphSchema#context()}).
         *
         * @param typeName the context type, for messages
         * @param accepts whether an object is of that type (a generated {@code instanceof} test)
         * @param type the context's type
         * @return this builder
         */
        public Builder context(String typeName, Predicate<Object> accepts, ValueType type) {
            this.contextValueType = Objects.requireNonNull(type, "type");
            return context(typeName, accepts);
        }

        /**
         * Declares the graph's stored-schema version and how older checkpoints read as it.
         *
         * @param history the versions
         * @return this builder
         */
        public Builder schema(SchemaHistory history) {
            this.schema = Objects.requireNonNull(history, "history");
            return this;
        }

        /**
         * Freezes the declarations; the runtime resolves them when the first graph is built.
         *
         * @return the definition
         */
        public GraphDefinition build() {
            return new GraphDefinition(this);
        }

        private NodeBuilder lastNode(String setting) {
            if (nodes.isEmpty()) {
                throw inconsistent(setting + " before any node");
            }
            return nodes.get(nodes.size() - 1);
        }

        private RouteBuilder lastRoute(String setting) {
            if (routes.isEmpty()) {
                throw inconsistent(setting + " before any route");
            }
            return routes.get(routes.size() - 1);
        }

        private static void checkIndex(String what, int index, int position) {
            if (index != position) {
                throw inconsistent(what + " is declared as #" + index + " at position #" + position);
            }
        }
    }

    private static final class NodeBuilder {
        private final String name;
        private final ValueType payloadType;
        private StateSchema<?> reads;
        private boolean deferred;

        NodeBuilder(String name, ValueType payloadType) {
            this.name = name;
            this.payloadType = payloadType;
        }

        Node build() {
            return new Node(name, reads, payloadType, deferred);
        }
    }

    private static final class RouteBuilder {
        private final String name;
        private final String from;
        private List<String> to = List.of();
        private List<String> enumTargets;

        RouteBuilder(String name, String from) {
            this.name = name;
            this.from = from;
        }

        Route build() {
            return new Route(name, from, to, enumTargets);
        }
    }
}
