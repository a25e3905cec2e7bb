package dev.switchboard.processor.agent;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * A {@code @Middleware} class as read.
 *
 * @param type the class
 * @param annotation its {@code @Middleware}
 * @param generatedName the simple name of the generated middleware
 * @param name the middleware's name
 * @param state the state record's type, or {@code null} for none
 * @param stateValue the {@code state} member's value, where errors about it go, or {@code null}
 * @param hooks the hook methods, in declaration order
 * @param toolProvider whether the class implements {@code ToolProvider}
 */
record MiddlewareModel(
        TypeElement type,
        AnnotationMirror annotation,
        String generatedName,
        String name,
        TypeMirror state,
        AnnotationValue stateValue,
        List<HookMethod> hooks,
        boolean toolProvider) {

    /** The kinds of hook, with their annotations and the runtime's {@code Hook} constants. */
    enum Kind {
        BEFORE_AGENT(AgentNames.BEFORE_AGENT),
        BEFORE_MODEL(AgentNames.BEFORE_MODEL),
        AFTER_MODEL(AgentNames.AFTER_MODEL),
        AFTER_AGENT(AgentNames.AFTER_AGENT),
        WRAP_MODEL_CALL(AgentNames.WRAP_MODEL_CALL),
        WRAP_TOOL_CALL(AgentNames.WRAP_TOOL_CALL);

        final String annotation;

        Kind(String annotation) {
            this.annotation = annotation;
        }

        boolean isNode() {
            return this != WRAP_MODEL_CALL && this != WRAP_TOOL_CALL;
        }

        String simpleName() {
            return annotation.substring(annotation.lastIndexOf('.') + 1);
        }
    }

    /** What a node hook's parameter is given. */
    enum Param {
        STATE,
        RECORD,
        CONTEXT,
        /** Not something a hook is given. */
        OTHER
    }

    /** What a node hook returns. */
    enum Returns {
        VOID,
        RESULT,
        UPDATE,
        /** Not something a hook may return. */
        OTHER
    }

    /**
     * One hook method.
     *
     * @param method the method
     * @param kind the hook
     * @param annotation its hook annotation
     * @param canJumpTo the jump targets declared, as {@code JumpTo} constant names
     * @param params what each parameter is given (node hooks)
     * @param returns what it returns (node hooks)
     * @param otherKinds further hook annotations on the same method (an error)
     */
    record HookMethod(
            ExecutableElement method,
            Kind kind,
            AnnotationMirror annotation,
            List<String> canJumpTo,
            List<Param> params,
            Returns returns,
            List<Kind> otherKinds) {
        VariableElement param(int i) {
            return method.getParameters().get(i);
        }
    }
}
