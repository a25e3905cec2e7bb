package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * An {@code @OnError} method: it handles the failures of one node.
 *
 * @param method the method
 * @param annotation its {@code @OnError}
 * @param node the node it names, where it was written
 * @param params the method parameters
 * @param returns what it returns
 * @param alsoAnnotated the simple name of a {@code @Node} or {@code @Route} on the same method, or
 *     {@code null}
 */
public record HandlerModel(
        ExecutableElement method,
        AnnotationMirror annotation,
        NameRef node,
        List<? extends VariableElement> params,
        Returns returns,
        String alsoAnnotated) {}
