package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A set of tools a model may call: their specifications, sent with each chat request, and the
 * dispatch that runs one tool execution request. The processor generates an implementation for
 * every class annotated {@link dev.switchboard.annotation.Tools @Tools} (no reflection); a
 * hand-written one works too.
 */
public interface ToolSet {

    /**
     * Returns the specifications of every tool in this set, in declaration order.
     *
     * @return the tool specifications, never empty
     */
    List<ToolSpecification> specifications();

    /**
     * Runs the tool a request names with the request's JSON arguments.
     *
     * @param request the model's request: tool name, arguments JSON and call id
     * @return the tool's result as text for a {@code ToolExecutionResultMessage}
     * @throws UnknownToolException when no tool of this set has the requested name
     * @throws ToolArgumentsException when the arguments are not JSON or do not match the tool's
     *     parameters
     * @throws ToolErrorException when the tool answered with an error text of its own
     * @throws Exception whatever the tool itself throws
     */
    String execute(ToolExecutionRequest request) throws Exception;

    /**
     * One tool set offering the tools of several, e.g. generated {@code @Tools} next to an MCP
     * server's: specifications in the order of the sets, a request run by the set that has its
     * tool. Each set is asked for its specifications at every call, so sets whose tools change stay
     * current.
     *
     * @param first the first set
     * @param more the others
     * @return the combined set; its {@link #specifications()} throws {@link IllegalStateException}
     *     when two sets offer a tool of the same name
     */
    static ToolSet combine(ToolSet first, ToolSet... more) {
        List<ToolSet> sets = new ArrayList<>();
        sets.add(Objects.requireNonNull(first, "first"));
        for (ToolSet s : more) {
            sets.add(Objects.requireNonNull(s, "more"));
        }
        return new CombinedToolSet(List.copyOf(sets));
    }
}
