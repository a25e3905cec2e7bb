package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.managed.ManagedValue;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.SchemaHistory;
import dev.switchboard.runtime.spi.StateSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * A compiled graph definition: channels, nodes, triggers, edge writes and routes, resolved to
 * array indices once per {@link GraphDefinition} (which generated code declares), when the first
 * graph of that definition is built; the loop reads it on the hot path without maps.
 *
 * <p>Node 0 is the {@code __start__} pseudo-node, which maps the input to channel writes; user
 * nodes follow in declaration order.
 */
final class GraphSpec {
    static final String BRANCH_PREFIX = "branch:to:";
    private static final ValueType STRING = ValueType.of(String.class);

    final String name;
    final StateSchema<?> state;
    final StateSchema<?> input;
    final StateSchema<?> output;
    final ChannelSpec[] channels;
    final Map<String, Integer> channelIndex;
    final int startChannel;
    final int tasksChannel;
    final int[] streamChannels;
    final boolean[] isStreamChannel;
    final int[] clearable;
    final int[] finishable;
    final int[][] triggerToNodes;

    final StateSchema<?>[] schemas;
    /** The sealed interfaces of all schemas, once each: what the serde reads by tag. */
    final List<SealedType> sealedTypes;
    /** The codecs of all schemas, the first one per stored type: what the serde stores them with. */
    final List<ValueCodec<?>> codecs;

    final int[][] slots;
    final ManagedValue<?>[] managed;

    final String[] nodeNames;
    final Map<String, Integer> nodeIndex;
    final SendTargets sendTargets;
    final boolean[] deferred;
    final int[] readSchema;
    final ValueType[] payloadType;
    final boolean[] subgraph;
    final int[][] triggers;
    /** Per node, its trigger channels' names, as listeners and task events show them (one list per node). */
    final List<String>[] triggerNames;
    /** Where node n's trigger versions start in a flat array of all nodes' (n + 1: where they end). */
    final int[] seenOffset;

    final int[][] edgeChannels;
    final Object[][] edgeValues;
    final int[][] routesOf;
    final int[] branchChannel;
    final int[] nameOrder;
    /**
     * Per node, the most writes one of its tasks has made (0 until one has written): a task's
     * write arrays start at that size, so the usual task neither grows them nor carries unused
     * slots. Shared by every run of the graph; a stale read only costs a resize.
     */
    final int[] writeHint;
    /**
     * Per node, how many of its tasks in a row (in steps of several) took longer than {@link
     * TaskRunner#SHORT_TASK_NANOS}, up to {@link TaskRunner#SLOW_AFTER}: at that count its steps
     * start helper threads at once. Shared by every run of the graph and written racily; a stale
     * value only picks the other way to run a step.
     */
    final byte[] longRuns;
    /** The task-id scopes of this graph's runs without a checkpointer, shared by all of them. */
    final TaskIds.Unstored unstoredScopes;
    /** Per node, from its annotations: retry policy, timeout and cache time to live, or null. */
    final RetryPolicy[] retry;

    final Duration[] timeout;
    final Duration[] cacheTtl;
    /** Per node, whether the dispatcher has an {@code @OnError} handler for it. */
    final boolean[] errorHandler;

    final RouteSpec[] routes;
    /** The declared run context, or {@code null}. */
    final ContextSpec context;
    /**
     * Whether this is a functional workflow: node 1, its entrypoint, runs on the input channel
     * itself (no {@code __start__} task before it) and the state is its return value.
     */
    final boolean workflow;
    /** A workflow's channel of what its last run saved ({@code __previous__}); -1 for a state graph. */
    final int previousChannel;
    /** The stored schema's version and how older checkpoints read as it. */
    final SchemaHistory schema;

    final int schemaVersion;

    /**
     * The resolved form of a definition, computed once per definition.
     *
     * @param definition what generated code declared
     * @return the resolved graph
     */
    static GraphSpec of(GraphDefinition definition) {
        return (GraphSpec) definition.compiled(GraphSpec::new);
    }

    private GraphSpec(GraphDefinition b) {
        this.context = b.contextType() == null ? null : new ContextSpec(b.contextType(), b.contextAccepts());
        this.name = b.name();
        this.schema = b.schema();
        this.schemaVersion = schema.version();
        this.state = b.state();
        this.input = b.input();
        this.output = b.output();

        List<StateSchema<?>> family = new ArrayList<>();
        addSchema(family, state);
        addSchema(family, input);
        addSchema(family, output);
        b.privateState().forEach(s -> addSchema(family, s));
        b.nodes().forEach(n -> {
            if (n.reads() != null) {
                addSchema(family, n.reads());
            }
        });
        this.schemas = family.toArray(new StateSchema<?>[0]);
        this.sealedTypes = sealedTypes(family, b.sealedTypes());
        this.codecs = codecs(family, b.codecs());

        List<ChannelSpec> chans = new ArrayList<>();
        Map<String, Integer> chanIdx = new HashMap<>();
        List<ManagedValue<?>> managedValues = new ArrayList<>();
        this.slots = new int[schemas.length][];
        for (int s = 0; s < schemas.length; s++) {
            List<ComponentSpec> components = schemas[s].components();
            slots[s] = new int[components.size()];
            for (int c = 0; c < components.size(); c++) {
                slots[s][c] = slotFor(components.get(c), chans, chanIdx, managedValues, schemas[s]);
            }
        }
        this.managed = managedValues.toArray(new ManagedValue<?>[0]);
        this.workflow = b.entrypointInput() != null;
        // A workflow's state is its return value: only __end__ is streamed, never __previous__.
        this.streamChannels = workflow ? new int[] {chanIdx.get(ReservedNames.END)} : range(chans.size());
        this.previousChannel = workflow ? chanIdx.get(ReservedNames.PREVIOUS) : -1;

        int nodeCount = b.nodes().size() + 1;
        this.nodeNames = new String[nodeCount];
        this.nodeIndex = new HashMap<>();
        this.sendTargets = new SendTargets(nodeIndex);
        this.deferred = new boolean[nodeCount];
        this.readSchema = new int[nodeCount];
        this.payloadType = new ValueType[nodeCount];
        this.subgraph = new boolean[nodeCount];
        nodeNames[0] = ReservedNames.START;
        nodeIndex.put(ReservedNames.START, 0);
        readSchema[0] = -1;
        for (int i = 1; i < nodeCount; i++) {
            GraphDefinition.Node n = b.nodes().get(i - 1);
            if (nodeIndex.putIfAbsent(n.name(), i) != null || n.name().equals(ReservedNames.END)) {
                throw broken("duplicate or reserved node name '" + n.name() + "'");
            }
            nodeNames[i] = n.name();
            deferred[i] = n.deferred();
            readSchema[i] = n.reads() == null ? -1 : indexOf(schemas, n.reads());
            payloadType[i] = n.payloadType();
            subgraph[i] = b.isSubgraph(n.name());
        }
        this.retry = new RetryPolicy[nodeCount];
        this.timeout = new Duration[nodeCount];
        this.cacheTtl = new Duration[nodeCount];
        this.errorHandler = new boolean[nodeCount];
        b.retry().forEach((n, p) -> retry[node(n)] = p);
        b.timeout().forEach((n, d) -> timeout[node(n)] = d);
        b.cacheTtl().forEach((n, d) -> cacheTtl[node(n)] = d);
        b.errorHandlers().forEach(n -> errorHandler[node(n)] = true);

        this.startChannel = addInternal(
                chans,
                chanIdx,
                ChannelSpec.ephemeral(
                        ReservedNames.START, workflow ? b.entrypointInput() : ValueType.of(Object.class)));
        this.branchChannel = new int[nodeCount];
        branchChannel[0] = -1;
        for (int i = 1; i < nodeCount; i++) {
            String cn = BRANCH_PREFIX + nodeNames[i];
            branchChannel[i] = addInternal(
                    chans,
                    chanIdx,
                    deferred[i]
                            ? ChannelSpec.lastValueAfterFinish(cn, STRING)
                            : ChannelSpec.ephemeral(cn, STRING).unguarded());
        }
        this.tasksChannel = addInternal(
                chans,
                chanIdx,
                ChannelSpec.topic(ReservedNames.TASKS, ValueType.of(List.class, ValueType.of(Object.class))));

        List<List<Integer>> trig = new ArrayList<>();
        List<List<Integer>> edgeCh = new ArrayList<>();
        List<List<Object>> edgeVal = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            trig.add(new ArrayList<>(
                    workflow ? triggerOfWorkflow(i) : List.of(i == 0 ? startChannel : branchChannel[i])));
            edgeCh.add(new ArrayList<>());
            edgeVal.add(new ArrayList<>());
        }
        for (GraphDefinition.Edge e : b.edges()) {
            int from = node(e.from());
            int to = node(e.to());
            edgeCh.get(from).add(branchChannel[to]);
            edgeVal.get(from).add(nodeNames[from]);
        }
        for (GraphDefinition.Join j : b.joins()) {
            int to = node(j.to());
            String cn = "join:" + String.join("+", j.from()) + ":" + j.to();
            var barrier = ChannelSpec.namedBarrier(cn, Set.copyOf(j.from()));
            int ch = addInternal(chans, chanIdx, deferred[to] ? barrier.waitingForFinish() : barrier);
            trig.get(to).add(ch);
            for (String f : j.from()) {
                int from = node(f);
                edgeCh.get(from).add(ch);
                edgeVal.get(from).add(f);
            }
        }
        this.triggers = toArrays(trig);
        this.writeHint = new int[nodeNames.length];
        this.unstoredScopes = new TaskIds.Unstored(name);
        this.longRuns = new byte[nodeNames.length];
        this.triggerNames = triggerNames(triggers, chans);
        this.seenOffset = new int[nodeCount + 1];
        for (int n = 0; n < nodeCount; n++) {
            seenOffset[n + 1] = seenOffset[n] + triggers[n].length;
        }
        this.edgeChannels = toArrays(edgeCh);
        this.edgeValues = new Object[nodeCount][];
        for (int i = 0; i < nodeCount; i++) {
            edgeValues[i] = edgeVal.get(i).toArray();
        }

        this.routes = new RouteSpec[b.routes().size()];
        List<List<Integer>> routesByNode = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            routesByNode.add(new ArrayList<>());
        }
        for (int r = 0; r < routes.length; r++) {
            GraphDefinition.Route d = b.routes().get(r);
            int from = node(d.from());
            routes[r] = new RouteSpec(r, d.name(), from, nodeNames[from], d.to(), d.enumTargets(), this::node);
            routesByNode.get(routes[r].from).add(r);
        }
        this.routesOf = toArrays(routesByNode);

        this.channels = chans.toArray(new ChannelSpec[0]);
        this.channelIndex = Map.copyOf(chanIdx);
        this.isStreamChannel = new boolean[channels.length];
        for (int c : streamChannels) {
            isStreamChannel[c] = true;
        }
        this.clearable = select(channels, ChannelSpec::clearsWithoutWrites);
        this.finishable = select(channels, ChannelSpec::waitsForFinish);
        List<List<Integer>> t2n = new ArrayList<>();
        for (int c = 0; c < channels.length; c++) {
            t2n.add(new ArrayList<>());
        }
        for (int n = 0; n < nodeCount; n++) {
            for (int c : triggers[n]) {
                t2n.get(c).add(n);
            }
        }
        this.triggerToNodes = toArrays(t2n);
        Integer[] order = new Integer[nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing(i -> nodeNames[i]));
        this.nameOrder = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    private static List<SealedType> sealedTypes(List<StateSchema<?>> family, List<SealedType> payloads) {
        Map<Class<?>, SealedType> byBase = new java.util.LinkedHashMap<>();
        for (StateSchema<?> s : family) {
            s.sealedTypes().forEach(t -> byBase.putIfAbsent(t.base(), t));
        }
        payloads.forEach(t -> byBase.putIfAbsent(t.base(), t));
        return List.copyOf(byBase.values());
    }

    private static List<ValueCodec<?>> codecs(List<StateSchema<?>> family, List<ValueCodec<?>> payloads) {
        Map<Class<?>, ValueCodec<?>> byType = new java.util.LinkedHashMap<>();
        for (StateSchema<?> s : family) {
            s.codecs().forEach(c -> byType.putIfAbsent(c.type(), c));
        }
        payloads.forEach(c -> byType.putIfAbsent(c.type(), c));
        return List.copyOf(byType.values());
    }

    private static void addSchema(List<StateSchema<?>> family, StateSchema<?> s) {
        for (StateSchema<?> f : family) {
            if (f == s) {
                return;
            }
        }
        family.add(s);
    }

    private static int slotFor(
            ComponentSpec component,
            List<ChannelSpec> chans,
            Map<String, Integer> chanIdx,
            List<ManagedValue<?>> managedValues,
            StateSchema<?> owner) {
        if (component.managed() != null) {
            managedValues.add(component.managed());
            return -managedValues.size();
        }
        Integer existing = chanIdx.get(component.name());
        if (existing != null) {
            // The first record to declare a channel defines it; others may only repeat it or leave
            // the component plain (the processor checks this), so a plain component adopts it.
            ChannelSpec later = component.channel();
            if (later.kind() != ChannelSpec.Kind.LAST_VALUE
                    && !chans.get(existing).sameDefinition(later)) {
                throw broken("channel '" + component.name() + "' of "
                        + owner.recordType().getSimpleName()
                        + " is declared differently in another record of the graph");
            }
            return existing;
        }
        chans.add(component.channel());
        chanIdx.put(component.name(), chans.size() - 1);
        return chans.size() - 1;
    }

    @SuppressWarnings("unchecked") // an array of lists, each List.copyOf'd from a List<String>
    private static List<String>[] triggerNames(int[][] triggers, List<ChannelSpec> chans) {
        List<String>[] out = (List<String>[]) new List<?>[triggers.length];
        for (int n = 0; n < triggers.length; n++) {
            List<String> names = new ArrayList<>();
            for (int c : triggers[n]) {
                names.add(chans.get(c).name());
            }
            out[n] = List.copyOf(names);
        }
        return out;
    }

    private static int addInternal(List<ChannelSpec> chans, Map<String, Integer> chanIdx, ChannelSpec spec) {
        if (chanIdx.putIfAbsent(spec.name(), chans.size()) != null) {
            throw broken("channel name '" + spec.name() + "' is used twice");
        }
        chans.add(spec);
        return chans.size() - 1;
    }

    /** In a workflow the input triggers the entrypoint itself; the {@code __start__} pseudo-node never runs. */
    private List<Integer> triggerOfWorkflow(int node) {
        return node == 0 ? List.of() : List.of(startChannel);
    }

    private static int indexOf(StateSchema<?>[] schemas, StateSchema<?> s) {
        for (int i = 0; i < schemas.length; i++) {
            if (schemas[i] == s) {
                return i;
            }
        }
        throw broken("schema not registered");
    }

    private static int[] range(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        return r;
    }

    private static int[] select(ChannelSpec[] specs, Predicate<ChannelSpec> p) {
        return IntStream.range(0, specs.length).filter(i -> p.test(specs[i])).toArray();
    }

    private static int[][] toArrays(List<List<Integer>> lists) {
        int[][] out = new int[lists.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    int node(String name) {
        Integer i = nodeIndex.get(name);
        if (i == null) {
            List<String> known = nodeIndex.keySet().stream()
                    .filter(n -> !n.equals(ReservedNames.START))
                    .toList();
            throw broken(UnknownNode.message("graph '" + this.name + "' has", name, known));
        }
        return i;
    }

    int schemaIndex(StateSchema<?> s) {
        for (int i = 0; i < schemas.length; i++) {
            if (schemas[i] == s) {
                return i;
            }
        }
        return -1;
    }

    static IllegalStateException broken(String what) {
        return GraphDefinition.inconsistent(what);
    }

    /**
     * The graph's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The user nodes, in declaration order.
     *
     * @return the node names
     */
    public List<String> nodes() {
        return List.of(nodeNames).subList(1, nodeNames.length);
    }
}
