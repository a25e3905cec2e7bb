package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.langchain4j.AgentStateChannels;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.GraphDefinitionBuilder;
import dev.switchboard.runtime.spi.StateSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shape of one agent, decided when it is built, as LangChain's {@code createAgent} decides it:
 * a node per middleware hook (middleware in list order, each one's hooks in the order before-agent,
 * before-model, after-model, after-agent), then {@code model_request}, then {@code tools} when the
 * agent has tools or a middleware wraps tool calls. Every node routes itself (it returns a command
 * naming what runs next), so the graph declares only the edge from {@code START}.
 */
final class AgentPlan<R> {
    /** A before/after hook's node. */
    record HookNode(
            int index, String name, AgentMiddleware middleware, Hook hook, Set<JumpTo> canJumpTo, int position) {}

    final String graphName;
    final List<AgentMiddleware> middleware;
    final String aiName;
    final AgentModel model;
    final String systemPrompt;
    final StructuredOutput<R> output;
    final AgentSchema<R> schema;
    final List<HookNode> beforeAgent = new ArrayList<>();
    final List<HookNode> beforeModel = new ArrayList<>();
    final List<HookNode> afterModel = new ArrayList<>();
    final List<HookNode> afterAgent = new ArrayList<>();
    final List<AgentMiddleware> wrapModel = new ArrayList<>();
    final List<AgentMiddleware> wrapTool = new ArrayList<>();
    private final Map<String, AgentTool> tools = new LinkedHashMap<>();
    private final List<ToolSpecification> fixedSpecifications = new ArrayList<>();
    /** Tool sets read at every call, as ModelNode reads them: a set whose tools change offers its current ones. */
    private final List<ToolSet> toolSets;

    final Set<String> returnDirect = new LinkedHashSet<>();
    final boolean hasTools;
    final int modelIndex;
    final int toolsIndex;
    final String entry;
    final String loopEntry;
    /** The first node of the agent's end: the last after-agent hook, or {@code END}. */
    final String exit;

    private final List<HookNode> hookByIndex = new ArrayList<>();
    private final List<String> nodeNames = new ArrayList<>();

    AgentPlan(
            String graphName,
            String aiName,
            AgentModel model,
            String systemPrompt,
            List<AgentTool> agentTools,
            List<ToolSet> toolSets,
            List<AgentMiddleware> middleware,
            StructuredOutput<R> output) {
        this.graphName = graphName;
        this.middleware = List.copyOf(middleware);
        this.aiName = aiName;
        this.model = model;
        this.systemPrompt = systemPrompt;
        this.output = output;
        Map<String, StateSchema<?>> states = new LinkedHashMap<>();
        Set<String> names = new LinkedHashSet<>();
        hookByIndex.add(null); // node 0 is __start__
        for (AgentMiddleware m : middleware) {
            if (!names.add(m.name())) {
                throw new IllegalArgumentException("middleware " + m.name() + " is given twice; each middleware of"
                        + " an agent needs a name of its own (its nodes are named after it)");
            }
            addHooks(m);
            if (m.stateSchema() != null) {
                states.put(m.name(), m.stateSchema());
            }
        }
        for (AgentTool t : agentTools) {
            addTool(t, "the agent");
        }
        this.toolSets = List.copyOf(toolSets);
        for (ToolSet set : this.toolSets) {
            for (ToolSpecification spec : set.specifications()) {
                if (tools.containsKey(spec.name())) {
                    throw new IllegalArgumentException("two tools are named '" + spec.name() + "'; the model calls"
                            + " tools by name, so each needs a name of its own");
                }
            }
        }
        for (AgentMiddleware m : middleware) {
            for (AgentTool t : m.tools()) {
                addTool(t, "middleware " + m.name());
            }
        }
        this.hasTools = !tools.isEmpty() || !this.toolSets.isEmpty() || !wrapTool.isEmpty();
        this.modelIndex = addNode(Agent.MODEL, null);
        this.toolsIndex = hasTools ? addNode(Agent.TOOLS, null) : -1;
        this.schema = AgentSchema.compose(
                output == null ? null : ValueType.of(output.format().type()), states);
        this.entry = !beforeAgent.isEmpty()
                ? beforeAgent.get(0).name()
                : !beforeModel.isEmpty() ? beforeModel.get(0).name() : Agent.MODEL;
        this.loopEntry = !beforeModel.isEmpty() ? beforeModel.get(0).name() : Agent.MODEL;
        this.exit = afterAgent.isEmpty()
                ? Graph.END
                : afterAgent.get(afterAgent.size() - 1).name();
    }

    private void addHooks(AgentMiddleware m) {
        Set<Hook> hooks = m.hooks();
        for (Hook h : List.of(Hook.BEFORE_AGENT, Hook.BEFORE_MODEL, Hook.AFTER_MODEL, Hook.AFTER_AGENT)) {
            if (!hooks.contains(h)) {
                continue;
            }
            List<HookNode> list = switch (h) {
                case BEFORE_AGENT -> beforeAgent;
                case BEFORE_MODEL -> beforeModel;
                case AFTER_MODEL -> afterModel;
                default -> afterAgent;
            };
            String name = h.nodeName(m.name());
            int index = nodeNames.size() + 1;
            HookNode node = new HookNode(index, name, m, h, Set.copyOf(m.canJumpTo(h)), list.size());
            list.add(node);
            hookByIndex.add(node);
            nodeNames.add(name);
        }
        if (hooks.contains(Hook.WRAP_MODEL_CALL)) {
            wrapModel.add(m);
        }
        if (hooks.contains(Hook.WRAP_TOOL_CALL)) {
            wrapTool.add(m);
        }
    }

    private int addNode(String name, HookNode hook) {
        hookByIndex.add(hook);
        nodeNames.add(name);
        return nodeNames.size();
    }

    private void addTool(AgentTool t, String owner) {
        String name = t.specification().name();
        if (tools.putIfAbsent(name, t) != null) {
            throw new IllegalArgumentException("two tools are named '" + name + "' (the second one from " + owner
                    + "); the model calls tools by name, so each needs a name of its own");
        }
        fixedSpecifications.add(t.specification());
        if (t.returnDirect()) {
            returnDirect.add(name);
        }
    }

    /** The tools offered now: the agent's and its middleware's, then each tool set's current ones. */
    List<ToolSpecification> specifications() {
        if (toolSets.isEmpty()) {
            return fixedSpecifications;
        }
        List<ToolSpecification> all = new ArrayList<>(fixedSpecifications);
        for (ToolSet set : toolSets) {
            all.addAll(set.specifications());
        }
        return all;
    }

    /** The tool of that name, or {@code null}. */
    AgentTool tool(String name) {
        AgentTool t = tools.get(name);
        if (t != null || name == null) {
            return t;
        }
        for (ToolSet set : toolSets) {
            for (AgentTool candidate : AgentTool.of(set)) {
                if (candidate.specification().name().equals(name)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    /** The names of the tools offered now, for an unknown tool's error. */
    List<String> toolNames() {
        return specifications().stream().map(ToolSpecification::name).toList();
    }

    /** The hook a node index runs, or {@code null} for {@code model_request} and {@code tools}. */
    HookNode hook(int index) {
        return hookByIndex.get(index);
    }

    /** The graph's nodes in declaration order, {@code __start__} first, as LangChain lists them. */
    List<String> nodes() {
        List<String> all = new ArrayList<>();
        all.add(Graph.START);
        all.addAll(nodeNames);
        return all;
    }

    GraphDefinition definition() {
        GraphDefinitionBuilder b = GraphDefinition.builder(graphName, schema).input(AgentStateChannels.SCHEMA);
        for (StateSchema<?> s : schema.middlewareStates()) {
            b.privateState(s);
        }
        ValueType stateType = ValueType.of(AgentState.class);
        for (int i = 0; i < nodeNames.size(); i++) {
            String name = nodeNames.get(i);
            if (i + 1 == toolsIndex) {
                b.node(i + 1, name, ValueType.of(ToolCallTask.class));
            } else {
                b.node(i + 1, name, stateType).reads(schema);
            }
        }
        return b.edge(Graph.START, entry).build();
    }
}
