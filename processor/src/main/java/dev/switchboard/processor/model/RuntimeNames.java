package dev.switchboard.processor.model;

import java.util.List;

/**
 * Qualified names of the runtime types the processor checks user code against. The processor never
 * has the runtime on its own classpath; it finds these types in the user's compilation.
 */
public final class RuntimeNames {
    public static final String RUNTIME = "dev.switchboard.runtime";
    public static final String STATE_UPDATE = RUNTIME + ".StateUpdate";
    public static final String COMMAND = RUNTIME + ".Command";
    public static final String COMPILED_GRAPH = RUNTIME + ".CompiledGraph";
    public static final String SEND = RUNTIME + ".Send";
    public static final String NODE_CONTEXT = RUNTIME + ".NodeContext";
    public static final String CONTEXTUAL_GRAPH = RUNTIME + ".ContextualGraph";
    public static final String FINAL = RUNTIME + ".Final";
    public static final String REDUCER = RUNTIME + ".reducer.ReduceFunction";
    public static final String MANAGED_VALUE = RUNTIME + ".managed.ManagedValue";

    public static final String ANNOTATION = "dev.switchboard.annotation";
    public static final String NODE = ANNOTATION + ".Node";
    public static final String EDGE = ANNOTATION + ".Edge";
    public static final String EDGES = ANNOTATION + ".Edges";
    public static final String JOIN = ANNOTATION + ".Join";
    public static final String ROUTE = ANNOTATION + ".Route";
    public static final String GRAPH = ANNOTATION + ".Graph";
    public static final String REDUCER_ANNOTATION = ANNOTATION + ".Reducer";
    public static final String MANAGED = ANNOTATION + ".Managed";
    public static final String UNTRACKED = ANNOTATION + ".Untracked";
    public static final String CHANNEL = ANNOTATION + ".Channel";
    public static final String TAG = ANNOTATION + ".Tag";
    public static final String CODEC = ANNOTATION + ".Codec";
    public static final String RENAMED_FROM = ANNOTATION + ".RenamedFrom";
    public static final String MIGRATION = ANNOTATION + ".Migration";
    public static final String RETRY = ANNOTATION + ".Retry";
    public static final String TIMEOUT = ANNOTATION + ".Timeout";
    public static final String CACHE = ANNOTATION + ".Cache";
    public static final String ON_ERROR = ANNOTATION + ".OnError";
    public static final String ENTRYPOINT = ANNOTATION + ".Entrypoint";
    public static final String TASK = ANNOTATION + ".Task";
    public static final String PREVIOUS = ANNOTATION + ".Previous";
    /** The node policy annotations. */
    public static final List<String> POLICIES = List.of(RETRY, TIMEOUT, CACHE);

    public static final String START = "__start__";
    public static final String END = "__end__";

    private RuntimeNames() {}
}
