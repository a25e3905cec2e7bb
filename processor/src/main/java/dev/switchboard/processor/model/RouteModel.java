package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * A {@code @Route} method.
 *
 * @param method the method
 * @param from the source node
 * @param to the declared destinations
 * @param annotation its {@code @Route}
 * @param params the method parameters
 * @param returns what it returns
 * @param returnType the declared return type
 * @param element the returned type, or the collection's element type
 * @param many whether it returns a collection
 * @param enumConstants for enum routes, the constant names in ordinal order
 */
public record RouteModel(
        ExecutableElement method,
        NameRef from,
        List<NameRef> to,
        AnnotationMirror annotation,
        List<? extends VariableElement> params,
        Kind returns,
        TypeMirror returnType,
        TypeMirror element,
        boolean many,
        List<String> enumConstants) {

    /** What a route returns (or what its collection holds). */
    public enum Kind {
        STRING,
        ENUM,
        SEND,
        ANY,
        UNSUPPORTED
    }

    /** Whether the route may name destinations (as opposed to only sending). */
    public boolean namesNodes() {
        return returns != Kind.SEND;
    }

    /** The destinations, from {@code to} or, when it is omitted, from the enum's constants. */
    public List<String> destinations() {
        if (!to.isEmpty()) {
            return to.stream().map(NameRef::name).toList();
        }
        return enumConstants.stream().map(RouteModel::enumTarget).toList();
    }

    /** The node an enum constant names: its name, with {@code END} meaning the end. */
    public static String enumTarget(String constant) {
        return constant.equals("END") ? RuntimeNames.END : constant;
    }
}
