package dev.switchboard.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * A node name written in an annotation, with where it was written, so that a diagnostic about it
 * can point at the value itself.
 *
 * @param name the name
 * @param element the annotated element
 * @param annotation the annotation holding it
 * @param value the annotation value, or {@code null} when the name is implied
 */
public record NameRef(String name, Element element, AnnotationMirror annotation, AnnotationValue value) {}
