package dev.switchboard.agent;

import dev.switchboard.annotation.JumpTo;
import dev.switchboard.runtime.NodeContext;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * A hand-written middleware for tests: records each hook it runs into a shared trail as {@code
 * name.hook}, and {@code name.wrap>}/{@code name.wrap<} around wrapped calls; a hook may be given an
 * answer.
 */
final class Recorder implements AgentMiddleware {
    private final String name;
    private final List<String> trail;
    private final Set<Hook> hooks;
    private final Map<Hook, Set<JumpTo>> jumps;
    private final BiFunction<Hook, AgentState<?>, HookResult> answer;

    Recorder(String name, List<String> trail, Set<Hook> hooks) {
        this(name, trail, hooks, Map.of(), (h, s) -> HookResult.none());
    }

    Recorder(
            String name,
            List<String> trail,
            Set<Hook> hooks,
            Map<Hook, Set<JumpTo>> jumps,
            BiFunction<Hook, AgentState<?>, HookResult> answer) {
        this.name = name;
        this.trail = trail;
        this.hooks = hooks.isEmpty() ? EnumSet.noneOf(Hook.class) : EnumSet.copyOf(hooks);
        this.jumps = jumps;
        this.answer = answer;
    }

    static Set<Hook> all() {
        return EnumSet.allOf(Hook.class);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Set<Hook> hooks() {
        return hooks;
    }

    @Override
    public Set<JumpTo> canJumpTo(Hook hook) {
        return jumps.getOrDefault(hook, Set.of());
    }

    @Override
    public HookResult run(Hook hook, AgentState<?> state, NodeContext context) {
        synchronized (trail) {
            trail.add(name + "." + hook.name().toLowerCase(java.util.Locale.ROOT));
        }
        return answer.apply(hook, state);
    }

    @Override
    public ModelResponse wrapModelCall(ModelRequest request, ModelCallHandler handler) throws Exception {
        record("model>");
        ModelResponse r = handler.call(request);
        record("model<");
        return r;
    }

    @Override
    public ToolResult wrapToolCall(ToolCallRequest request, ToolCallHandler handler) throws Exception {
        record("tool>");
        ToolResult r = handler.call(request);
        record("tool<");
        return r;
    }

    private void record(String what) {
        synchronized (trail) {
            trail.add(name + "." + what);
        }
    }
}
