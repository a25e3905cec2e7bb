package dev.switchboard.processor.agent;

import dev.switchboard.processor.agent.MiddlewareModel.HookMethod;
import dev.switchboard.processor.agent.MiddlewareModel.Kind;
import dev.switchboard.processor.agent.MiddlewareModel.Param;
import dev.switchboard.processor.agent.MiddlewareModel.Returns;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/** Reads a {@code @Middleware} class into a {@link MiddlewareModel}. */
final class MiddlewareReader {
    private final Types types;

    MiddlewareReader(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
    }

    static String generatedName(TypeElement type) {
        return GeneratedNames.flatName(type) + "Middleware";
    }

    /** The state record a {@code @Middleware} names, or {@code null} for none. */
    static TypeMirror stateType(TypeElement type) {
        AnnotationMirror a = Mirrors.find(type, AgentNames.MIDDLEWARE).orElseThrow();
        return Mirrors.type(a, "state")
                .filter(t -> t.getKind() != TypeKind.VOID)
                .orElse(null);
    }

    MiddlewareModel read(TypeElement type) {
        AnnotationMirror a = Mirrors.find(type, AgentNames.MIDDLEWARE).orElseThrow();
        TypeMirror state = stateType(type);
        String name = Mirrors.string(a, "name", "");
        List<HookMethod> hooks = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            hook(m, state).ifPresent(hooks::add);
        }
        return new MiddlewareModel(
                type,
                a,
                generatedName(type),
                name.isBlank() ? type.getSimpleName().toString() : name,
                state,
                Mirrors.explicit(a, "state").orElse(null),
                hooks,
                implementsToolProvider(type));
    }

    private Optional<HookMethod> hook(ExecutableElement m, TypeMirror state) {
        List<Kind> kinds = new ArrayList<>();
        List<AnnotationMirror> mirrors = new ArrayList<>();
        for (Kind k : Kind.values()) {
            Mirrors.find(m, k.annotation).ifPresent(mirror -> {
                kinds.add(k);
                mirrors.add(mirror);
            });
        }
        if (kinds.isEmpty()) {
            return Optional.empty();
        }
        Kind kind = kinds.get(0);
        AnnotationMirror annotation = mirrors.get(0);
        List<String> jumps = new ArrayList<>();
        for (AnnotationValue v : Mirrors.list(annotation, "canJumpTo")) {
            if (v.getValue() instanceof Element e) {
                jumps.add(e.getSimpleName().toString());
            }
        }
        List<Param> params = new ArrayList<>();
        for (VariableElement p : m.getParameters()) {
            params.add(param(p.asType(), state));
        }
        return Optional.of(new HookMethod(
                m, kind, annotation, jumps, params, returns(m.getReturnType(), state), kinds.subList(1, kinds.size())));
    }

    private Param param(TypeMirror t, TypeMirror state) {
        if (is(t, AgentNames.AGENT_STATE.canonicalName())) {
            return Param.STATE;
        }
        if (is(t, AgentNames.NODE_CONTEXT.canonicalName())) {
            return Param.CONTEXT;
        }
        if (state != null && types.isSameType(t, state)) {
            return Param.RECORD;
        }
        return Param.OTHER;
    }

    private Returns returns(TypeMirror t, TypeMirror state) {
        if (t.getKind() == TypeKind.VOID) {
            return Returns.VOID;
        }
        if (is(t, AgentNames.HOOK_RESULT.canonicalName())) {
            return Returns.RESULT;
        }
        if (state instanceof DeclaredType d
                && is(t, GeneratedNames.qualified((TypeElement) d.asElement(), GeneratedNames.update((TypeElement)
                        d.asElement())))) {
            return Returns.UPDATE;
        }
        return Returns.OTHER;
    }

    private static boolean is(TypeMirror t, String qualified) {
        return t instanceof DeclaredType d
                && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(qualified);
    }

    private boolean implementsToolProvider(TypeElement type) {
        for (TypeMirror i : type.getInterfaces()) {
            if (is(i, AgentNames.TOOL_PROVIDER.canonicalName())) {
                return true;
            }
        }
        TypeMirror parent = type.getSuperclass();
        return parent instanceof DeclaredType d && implementsToolProvider((TypeElement) d.asElement());
    }

    /** Whether a hook's signature mentions a type javac could not resolve (perhaps generated later). */
    static boolean unresolved(TypeElement type) {
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            boolean hook = false;
            for (Kind k : Kind.values()) {
                hook |= Mirrors.find(m, k.annotation).isPresent();
            }
            if (!hook) {
                continue;
            }
            if (m.getReturnType().getKind() == TypeKind.ERROR) {
                return true;
            }
            for (VariableElement p : m.getParameters()) {
                if (p.asType().getKind() == TypeKind.ERROR) {
                    return true;
                }
            }
        }
        return false;
    }
}
