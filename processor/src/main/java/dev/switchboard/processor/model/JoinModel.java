package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * A {@code @Join({...})} on a node.
 *
 * @param from the nodes it waits for
 * @param to the node it is on
 * @param element the node method
 * @param annotation the {@code @Join}
 */
public record JoinModel(List<NameRef> from, String to, Element element, AnnotationMirror annotation) {}
