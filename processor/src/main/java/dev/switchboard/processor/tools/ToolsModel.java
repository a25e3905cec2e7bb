package dev.switchboard.processor.tools;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * A {@code @Tools} class as read: its tool methods in declaration order.
 *
 * @param type the class
 * @param annotation its {@code @Tools}
 * @param generatedName the simple name of the generated dispatcher
 * @param tools the {@code @Tool} methods
 */
record ToolsModel(TypeElement type, AnnotationMirror annotation, String generatedName, List<Tool> tools) {

    /**
     * One {@code @Tool} method.
     *
     * @param method the method
     * @param annotation its {@code @Tool}
     * @param name the tool's name: {@code @Tool(name)}, else the method's
     * @param description {@code @Tool}'s lines joined, or {@code null}
     * @param params the parameters
     * @param result the returned shape, or {@code null} for {@code void}
     */
    record Tool(
            ExecutableElement method,
            AnnotationMirror annotation,
            String name,
            String description,
            List<Param> params,
            ArgType result) {}

    /**
     * One parameter of a tool method, one property of its arguments object.
     *
     * @param element the parameter
     * @param name its name, the property
     * @param description its {@code @P} text, or {@code null}
     * @param required whether the model must send it: not for {@code Optional} or
     *     {@code @P(required = false)}
     * @param type its shape
     */
    record Param(VariableElement element, String name, String description, boolean required, ArgType type) {}
}
