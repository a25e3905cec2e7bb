package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The tools of several sets as one ({@link ToolSet#combine}). */
final class CombinedToolSet implements ToolSet {
    private final List<ToolSet> sets;

    CombinedToolSet(List<ToolSet> sets) {
        this.sets = sets;
    }

    @Override
    public List<ToolSpecification> specifications() {
        List<ToolSpecification> all = new ArrayList<>();
        Map<String, Integer> owner = new HashMap<>();
        for (int i = 0; i < sets.size(); i++) {
            for (ToolSpecification spec : sets.get(i).specifications()) {
                Integer before = owner.putIfAbsent(spec.name(), i);
                if (before != null) {
                    throw new IllegalStateException("two combined tool sets offer a tool named '" + spec.name()
                            + "' (sets " + before + " and " + i + "); rename one, e.g. with a prefix on the MCP"
                            + " server's tools");
                }
                all.add(spec);
            }
        }
        return List.copyOf(all);
    }

    @Override
    public String execute(ToolExecutionRequest request) throws Exception {
        for (ToolSet set : sets) {
            for (ToolSpecification spec : set.specifications()) {
                if (spec.name().equals(request.name())) {
                    return set.execute(request);
                }
            }
        }
        throw new UnknownToolException(request.name());
    }
}
