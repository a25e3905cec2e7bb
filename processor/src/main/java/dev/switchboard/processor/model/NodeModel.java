package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * A {@code @Node} method.
 *
 * @param method the method
 * @param name the node name
 * @param annotation its {@code @Node}
 * @param nameRef where the name was written ({@code name = ...}), or the annotation
 * @param defer whether it is deferred
 * @param destinations the {@code destinations} it declares for {@code Command} gotos
 * @param params the method parameters
 * @param input what its first parameter is, resolved against the graph's state
 * @param returns what it returns
 * @param pull whether edges, joins or name-returning routes lead to it (so it reads channels)
 * @param policies its {@code @Retry}, {@code @Timeout} and {@code @Cache}
 */
public record NodeModel(
        ExecutableElement method,
        String name,
        AnnotationMirror annotation,
        NameRef nameRef,
        boolean defer,
        List<NameRef> destinations,
        List<? extends VariableElement> params,
        NodeInput input,
        Returns returns,
        boolean pull,
        PolicyModel policies) {}
