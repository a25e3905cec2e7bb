package dev.switchboard.agent.multi;

import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;

/** A tool for the team tests. */
@Tools
final class MathTools {
    @Tool("Adds two numbers")
    int add(int a, int b) {
        return a + b;
    }
}
