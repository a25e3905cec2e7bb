package dev.switchboard.processor.agent;

import com.palantir.javapoet.ClassName;

/**
 * The names of the annotations read and of the types generated middleware refers to, in one place:
 * the processor has neither {@code switchboard-agent} nor the runtime on its class path.
 */
final class AgentNames {
    private static final String ANNOTATION = "dev.switchboard.annotation.";
    private static final String AGENT = "dev.switchboard.agent";

    static final String MIDDLEWARE = ANNOTATION + "Middleware";
    static final String BEFORE_AGENT = ANNOTATION + "BeforeAgent";
    static final String BEFORE_MODEL = ANNOTATION + "BeforeModel";
    static final String AFTER_MODEL = ANNOTATION + "AfterModel";
    static final String AFTER_AGENT = ANNOTATION + "AfterAgent";
    static final String WRAP_MODEL_CALL = ANNOTATION + "WrapModelCall";
    static final String WRAP_TOOL_CALL = ANNOTATION + "WrapToolCall";

    static final ClassName AGENT_MIDDLEWARE = ClassName.get(AGENT, "AgentMiddleware");
    static final ClassName HOOK = ClassName.get(AGENT, "Hook");
    static final ClassName HOOK_RESULT = ClassName.get(AGENT, "HookResult");
    static final ClassName AGENT_STATE = ClassName.get(AGENT, "AgentState");
    static final ClassName MODEL_REQUEST = ClassName.get(AGENT, "ModelRequest");
    static final ClassName MODEL_RESPONSE = ClassName.get(AGENT, "ModelResponse");
    static final ClassName MODEL_CALL_HANDLER = ClassName.get(AGENT, "ModelCallHandler");
    static final ClassName TOOL_CALL_REQUEST = ClassName.get(AGENT, "ToolCallRequest");
    static final ClassName TOOL_CALL_HANDLER = ClassName.get(AGENT, "ToolCallHandler");
    static final ClassName TOOL_RESULT = ClassName.get(AGENT, "ToolResult");
    static final ClassName AGENT_TOOL = ClassName.get(AGENT, "AgentTool");
    static final ClassName TOOL_PROVIDER = ClassName.get(AGENT, "ToolProvider");
    static final ClassName JUMP_TO = ClassName.get("dev.switchboard.annotation", "JumpTo");
    static final ClassName NODE_CONTEXT = ClassName.get("dev.switchboard.runtime", "NodeContext");
    static final ClassName STATE_SCHEMA = ClassName.get("dev.switchboard.runtime.spi", "StateSchema");

    /** The types whose absence means a dependency is missing, each with the artifact to add. */
    static final String[][] REQUIRED = {
        {AGENT_MIDDLEWARE.canonicalName(), "dev.switchboard:switchboard-agent"},
    };

    /** The channels every agent has, which a middleware's state may not redeclare. */
    static final java.util.List<String> AGENT_CHANNELS = java.util.List.of("messages", "structuredResponse");

    private AgentNames() {}
}
