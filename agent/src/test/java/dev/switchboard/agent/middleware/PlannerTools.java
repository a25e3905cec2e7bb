package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;
import java.util.List;

/** A tool with arguments of every JSON kind, for edits made as text. */
@Tools
final class PlannerTools {
    @Tool("Schedule a meeting")
    String schedule(String title, int minutes, boolean remind, List<String> invitees) {
        return "scheduled " + title + " for " + minutes + " min, remind " + remind + ", with " + invitees;
    }
}
