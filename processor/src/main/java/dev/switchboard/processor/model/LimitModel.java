package dev.switchboard.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * A node's {@code @Timeout(millis)} or {@code @Cache(ttlSeconds)}: one number with where it was
 * written.
 *
 * @param annotation the annotation
 * @param member the member holding the number ({@code millis} or {@code ttlSeconds})
 * @param value the number, the annotation's default when not written
 */
public record LimitModel(AnnotationMirror annotation, String member, long value) {}
