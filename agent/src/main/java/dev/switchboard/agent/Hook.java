package dev.switchboard.agent;

/**
 * The places a middleware can act, as in LangChain's {@code createAgent}. The first four run as graph
 * nodes of their own, named {@code <middleware>.<suffix>} ({@code HumanInTheLoopMiddleware.after_model}):
 * before-agent hooks once per run in list order, before-model hooks before every model call in list
 * order, after-model hooks after every model call in reverse order, after-agent hooks once at the end
 * in reverse order. The two wrap hooks nest around each model call and each tool call, the first
 * middleware outermost.
 */
public enum Hook {
    /** Once per run, before anything else. */
    BEFORE_AGENT("before_agent"),
    /** Before every model call. */
    BEFORE_MODEL("before_model"),
    /** After every model call, before its tool calls run. */
    AFTER_MODEL("after_model"),
    /** Once per run, when the agent ends. */
    AFTER_AGENT("after_agent"),
    /** Around every model call, inside the {@code model_request} node. */
    WRAP_MODEL_CALL(null),
    /** Around every tool call, inside the {@code tools} node. */
    WRAP_TOOL_CALL(null);

    private final String suffix;

    Hook(String suffix) {
        this.suffix = suffix;
    }

    /**
     * Whether this hook runs as a node of its own (the four before/after hooks).
     *
     * @return {@code true} for a node hook
     */
    public boolean isNode() {
        return suffix != null;
    }

    /**
     * The name of a middleware's node for this hook, as LangChain names it.
     *
     * @param middleware the middleware's name
     * @return {@code <middleware>.<suffix>}
     * @throws IllegalStateException for a wrap hook, which has no node
     */
    public String nodeName(String middleware) {
        if (suffix == null) {
            throw new IllegalStateException(this + " runs inside another node and has no node of its own");
        }
        return middleware + "." + suffix;
    }
}
