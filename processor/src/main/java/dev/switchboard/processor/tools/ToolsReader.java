package dev.switchboard.processor.tools;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.tools.ArgType.OptionalArg;
import dev.switchboard.processor.tools.ToolsModel.Param;
import dev.switchboard.processor.tools.ToolsModel.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Reads a {@code @Tools} class into a {@link ToolsModel}, taking names, descriptions and
 * requiredness from LangChain4j's {@code @Tool}, {@code @P} and {@code @Description} as its own
 * {@code ToolSpecifications} does; parameter names come from the source, so they do not depend on
 * {@code -parameters}.
 */
final class ToolsReader {
    private ToolsReader() {}

    static ToolsModel read(TypeElement type) {
        String pkg = GeneratedNames.packageOf(type);
        List<Tool> tools = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            Mirrors.find(m, ToolNames.TOOL).ifPresent(tool -> tools.add(tool(m, tool, new ArgTypes(pkg))));
        }
        AnnotationMirror annotation = Mirrors.find(type, ToolNames.TOOLS).orElseThrow();
        return new ToolsModel(type, annotation, generatedName(type), tools);
    }

    static String generatedName(TypeElement type) {
        return GeneratedNames.flatName(type) + "Tools";
    }

    private static Tool tool(ExecutableElement m, AnnotationMirror tool, ArgTypes types) {
        String name = Mirrors.string(tool, "name", "");
        List<Param> params = new ArrayList<>();
        for (VariableElement p : m.getParameters()) {
            params.add(param(p, types));
        }
        return new Tool(
                m,
                tool,
                name.isBlank() ? m.getSimpleName().toString() : name,
                joined(tool, "value", "\n"),
                params,
                result(m.getReturnType(), types));
    }

    private static Param param(VariableElement p, ArgTypes types) {
        Optional<AnnotationMirror> at = Mirrors.find(p, ToolNames.P);
        ArgType type = types.readOptional(p.asType());
        boolean required =
                at.map(a -> Mirrors.bool(a, "required", true)).orElse(true) && !(type instanceof OptionalArg);
        String description = at.map(a -> Mirrors.string(a, "value", "")).orElse("");
        return new Param(p, p.getSimpleName().toString(), description.isEmpty() ? null : description, required, type);
    }

    private static ArgType result(TypeMirror t, ArgTypes types) {
        if (t.getKind() == TypeKind.VOID || t.toString().equals("java.lang.Void")) {
            return null;
        }
        return types.readOptional(t);
    }

    /** {@code @Description}'s lines joined with spaces, as LangChain4j joins them, or {@code null}. */
    static String description(Element e) {
        return Mirrors.find(e, ToolNames.DESCRIPTION)
                .map(d -> joined(d, "value", " "))
                .orElse(null);
    }

    /** A {@code String[]} member's lines joined, or {@code null} when there are none or all blank. */
    private static String joined(AnnotationMirror mirror, String member, String separator) {
        List<String> lines = new ArrayList<>();
        for (AnnotationValue v : Mirrors.list(mirror, member)) {
            lines.add(String.valueOf(v.getValue()));
        }
        String text = String.join(separator, lines);
        return text.isEmpty() ? null : text;
    }
}
