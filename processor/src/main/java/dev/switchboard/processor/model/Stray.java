package dev.switchboard.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * An annotation where it cannot be used: {@code @Edge}, {@code @Join} or a policy ({@code @Retry},
 * {@code @Timeout}, {@code @Cache}) without {@code @Node}, {@code @Route} together with
 * {@code @Node}.
 *
 * @param element the annotated method
 * @param annotation the misplaced annotation
 */
public record Stray(Element element, AnnotationMirror annotation) {}
