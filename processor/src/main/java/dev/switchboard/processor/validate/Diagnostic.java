package dev.switchboard.processor.validate;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * One compile error, placed on the narrowest thing that caused it.
 *
 * @param message the catalogue entry
 * @param text the formatted text
 * @param element the element
 * @param annotation the annotation on it, or {@code null}
 * @param value the annotation value, or {@code null}
 */
public record Diagnostic(
        Message message, String text, Element element, AnnotationMirror annotation, AnnotationValue value) {}
