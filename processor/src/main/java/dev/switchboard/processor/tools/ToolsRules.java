package dev.switchboard.processor.tools;

import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.tools.ArgType.Unsupported;
import dev.switchboard.processor.tools.ToolsModel.Param;
import dev.switchboard.processor.tools.ToolsModel.Tool;
import dev.switchboard.processor.validate.Message;
import dev.switchboard.processor.validate.Report;
import dev.switchboard.processor.validate.Strings;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Checks a {@code @Tools} model: every rule reports on the narrowest element and all of them run,
 * so one compilation shows every mistake.
 */
final class ToolsRules {
    /** What OpenAI, Anthropic and Gemini all accept as a function name. */
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private ToolsRules() {}

    static Report check(ToolsModel model) {
        Report report = new Report();
        checkClass(model, report);
        Map<String, Tool> byName = new HashMap<>();
        for (Tool tool : model.tools()) {
            checkMethod(model, tool, report);
            checkName(tool, byName, report);
            for (Param p : tool.params()) {
                checkParam(tool, p, report);
            }
            if (tool.result() instanceof Unsupported u) {
                report.error(
                        Message.TOOL_UNSUPPORTED_RESULT,
                        tool.method(),
                        tool.method().getSimpleName(),
                        Strings.type(tool.method().getReturnType()),
                        nested(tool.method().getReturnType().toString(), u),
                        u.reason());
            }
        }
        return report;
    }

    private static void checkClass(ToolsModel model, Report report) {
        TypeElement type = model.type();
        if (model.tools().isEmpty()) {
            report.error(Message.TOOLS_WITHOUT_TOOL, type, model.annotation(), type.getSimpleName());
        }
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                report.error(Message.TOOLS_CLASS_PRIVATE, type, type.getSimpleName(), model.generatedName());
                break;
            }
        }
        if (!type.getTypeParameters().isEmpty()) {
            report.error(Message.TOOLS_CLASS_GENERIC, type, type.getSimpleName());
        }
    }

    private static void checkMethod(ToolsModel model, Tool tool, Report report) {
        if (tool.method().getModifiers().contains(Modifier.PRIVATE)) {
            report.error(
                    Message.TOOL_METHOD_PRIVATE, tool.method(), tool.method().getSimpleName(), model.generatedName());
        }
    }

    private static void checkName(Tool tool, Map<String, Tool> byName, Report report) {
        if (!TOOL_NAME.matcher(tool.name()).matches()) {
            onName(
                    tool,
                    Message.TOOL_INVALID_NAME,
                    report,
                    tool.name(),
                    tool.method().getSimpleName());
            return;
        }
        Tool first = byName.putIfAbsent(tool.name(), tool);
        if (first != null) {
            onName(
                    tool,
                    Message.TOOL_DUPLICATE_NAME,
                    report,
                    tool.name(),
                    first.method().getSimpleName(),
                    tool.method().getSimpleName());
        }
    }

    /** On {@code @Tool(name = ...)} where written, else on the {@code @Tool} annotation. */
    private static void onName(Tool tool, Message message, Report report, Object... args) {
        Mirrors.explicit(tool.annotation(), "name")
                .ifPresentOrElse(
                        v -> report.errorOnValue(message, tool.method(), tool.annotation(), v, args),
                        () -> report.error(message, tool.method(), tool.annotation(), args));
    }

    private static void checkParam(Tool tool, Param p, Report report) {
        if (p.type() instanceof Unsupported u) {
            report.error(
                    Message.TOOL_UNSUPPORTED_PARAMETER,
                    p.element(),
                    p.name(),
                    tool.method().getSimpleName(),
                    Strings.type(p.element().asType()),
                    nested(p.element().asType().toString(), u),
                    u.reason());
        }
    }

    /** " (X in Y)" when the offending type is nested inside the declared one. */
    private static String nested(String declared, Unsupported u) {
        String inner = u.type().toString();
        return inner.equals(declared) ? "" : " (in it, " + Strings.type(u.type()) + ")";
    }
}
