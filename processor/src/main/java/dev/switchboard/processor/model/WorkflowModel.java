package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * A functional workflow as its class declares it: the {@code @Entrypoint} method, its parameters
 * by role, what it returns and saves, and its {@code @Task} methods.
 *
 * @param type the class
 * @param name the workflow's name (its entrypoint node's)
 * @param entrypoint the entrypoint method, or {@code null} when the class has none
 * @param annotation its {@code @Entrypoint}
 * @param params the entrypoint's parameters, by role
 * @param output what a run returns (the state), boxed; {@code null} for {@code void}
 * @param saved what a run saves for the next, boxed; {@code null} for {@code void}
 * @param policies the entrypoint's {@code @Retry}, {@code @Timeout} and {@code @Cache}
 * @param tasks the task methods, in declaration order
 * @param others the other entrypoints, which are errors
 * @param nodes graph annotations in the class ({@code @Node}, {@code @Route}, ...), which are errors
 */
public record WorkflowModel(
        TypeElement type,
        String name,
        ExecutableElement entrypoint,
        AnnotationMirror annotation,
        List<Param> params,
        TypeMirror output,
        TypeMirror saved,
        PolicyModel policies,
        List<TaskModel> tasks,
        List<ExecutableElement> others,
        List<ExecutableElement> nodes) {
    /** What an entrypoint parameter is for. */
    public enum Role {
        /** The run's input: the first parameter. */
        INPUT,
        /** The generated {@code <Class>Tasks}. */
        TASKS,
        /** {@code NodeContext}. */
        CONTEXT,
        /** The {@code @Previous} value. */
        PREVIOUS,
        /** Anything else: an error. */
        UNKNOWN
    }

    /**
     * An entrypoint parameter.
     *
     * @param element the parameter
     * @param role what it is for
     */
    public record Param(VariableElement element, Role role) {}

    /** The entrypoint's parameter of a role, or {@code null}. */
    public Param param(Role role) {
        return params.stream().filter(p -> p.role() == role).findFirst().orElse(null);
    }

    /**
     * A {@code @Task} method.
     *
     * @param method the method
     * @param name the task's name
     * @param nameRef where the name was written
     * @param args its parameters but a trailing {@code NodeContext}
     * @param takesContext whether it ends with a {@code NodeContext} parameter
     * @param tasksParams parameters of the generated {@code <Class>Tasks} type: errors
     * @param result its result type, boxed ({@code Void} for {@code void})
     * @param voidResult whether it returns {@code void}
     * @param policies its {@code @Retry}, {@code @Timeout} and {@code @Cache}
     */
    public record TaskModel(
            ExecutableElement method,
            String name,
            NameRef nameRef,
            List<VariableElement> args,
            boolean takesContext,
            List<VariableElement> tasksParams,
            TypeMirror result,
            boolean voidResult,
            PolicyModel policies) {}
}
