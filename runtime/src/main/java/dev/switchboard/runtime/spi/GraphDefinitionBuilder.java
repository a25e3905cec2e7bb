package dev.switchboard.runtime.spi;

import static dev.switchboard.runtime.spi.GraphDefinition.inconsistent;

import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.GraphDefinition.Edge;
import dev.switchboard.runtime.spi.GraphDefinition.Join;
import dev.switchboard.runtime.spi.GraphDefinition.Node;
import dev.switchboard.runtime.spi.GraphDefinition.Route;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Collects a graph definition; used by generated code in a static initialiser. Node settings
 * ({@link #reads}, {@link #deferred}) apply to the node declared last, route settings
 * ({@link #to}, {@link #enumTargets}) to the route declared last.
 */
public final class GraphDefinitionBuilder {
    // Package-private for GraphDefinition, which freezes them.
    final String name;
    final StateSchema<?> state;
    StateSchema<?> input;
    StateSchema<?> output;
    final List<StateSchema<?>> privateState = new ArrayList<>();
    final List<SealedType> sealedTypes = new ArrayList<>();
    final List<ValueCodec<?>> codecs = new ArrayList<>();
    final List<NodeBuilder> nodes = new ArrayList<>();
    final List<Edge> edges = new ArrayList<>();
    final List<Join> joins = new ArrayList<>();
    final List<RouteBuilder> routes = new ArrayList<>();
    final Set<String> subgraphs = new LinkedHashSet<>();
    final Map<String, RetryPolicy> retry = new LinkedHashMap<>();
    final Map<String, Duration> timeout = new LinkedHashMap<>();
    final Map<String, Duration> cacheTtl = new LinkedHashMap<>();
    final Set<String> errorHandlers = new LinkedHashSet<>();
    String contextType;
    Predicate<Object> contextAccepts;
    ValueType contextValueType;
    ValueType entrypointInput;
    SchemaHistory schema = SchemaHistory.FIRST;

    GraphDefinitionBuilder(String name, StateSchema<?> state) {
        this.name = Objects.requireNonNull(name, "name");
        this.state = Objects.requireNonNull(state, "state");
    }

    /**
     * Sets the input record.
     *
     * @param schema its schema
     * @return this builder
     */
    public GraphDefinitionBuilder input(StateSchema<?> schema) {
        this.input = Objects.requireNonNull(schema, "schema");
        return this;
    }

    /**
     * Sets the output record.
     *
     * @param schema its schema
     * @return this builder
     */
    public GraphDefinitionBuilder output(StateSchema<?> schema) {
        this.output = Objects.requireNonNull(schema, "schema");
        return this;
    }

    /**
     * Adds a private-state record.
     *
     * @param schema its schema
     * @return this builder
     */
    public GraphDefinitionBuilder privateState(StateSchema<?> schema) {
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
    public GraphDefinitionBuilder sealedType(SealedType type) {
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
    public GraphDefinitionBuilder node(int index, String name, ValueType payloadType) {
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
    public GraphDefinitionBuilder reads(StateSchema<?> schema) {
        lastNode("reads").reads = Objects.requireNonNull(schema, "schema");
        return this;
    }

    /**
     * Defers the node declared last: it waits until the run has nothing else to do.
     *
     * @return this builder
     */
    public GraphDefinitionBuilder deferred() {
        lastNode("deferred").deferred = true;
        return this;
    }

    /**
     * Marks a node as a subgraph node: its method returns the graph to run.
     *
     * @param name the node name
     * @return this builder
     */
    public GraphDefinitionBuilder subgraph(String name) {
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
    public GraphDefinitionBuilder retry(String node, RetryPolicy policy) {
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
    public GraphDefinitionBuilder timeout(String node, Duration limit) {
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
    public GraphDefinitionBuilder cache(String node, Duration ttl) {
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
    public GraphDefinitionBuilder onError(String node) {
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
    public GraphDefinitionBuilder edge(String from, String to) {
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
    public GraphDefinitionBuilder join(String to, String... from) {
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
    public GraphDefinitionBuilder route(int index, String name, String from) {
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
    public GraphDefinitionBuilder to(String... destinations) {
        lastRoute("to").to = List.of(destinations);
        return this;
    }

    /**
     * Makes the route declared last an enum route.
     *
     * @param targets the destination of each enum constant, by ordinal
     * @return this builder
     */
    public GraphDefinitionBuilder enumTargets(String... targets) {
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
    public GraphDefinitionBuilder codec(ValueCodec<?> codec) {
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
    public GraphDefinitionBuilder entrypoint(ValueType input) {
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
    public GraphDefinitionBuilder context(String typeName, Predicate<Object> accepts) {
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
    public GraphDefinitionBuilder context(String typeName, Predicate<Object> accepts, ValueType type) {
        this.contextValueType = Objects.requireNonNull(type, "type");
        return context(typeName, accepts);
    }

    /**
     * Declares the graph's stored-schema version and how older checkpoints read as it.
     *
     * @param history the versions
     * @return this builder
     */
    public GraphDefinitionBuilder schema(SchemaHistory history) {
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

    static final class NodeBuilder {
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

    static final class RouteBuilder {
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
