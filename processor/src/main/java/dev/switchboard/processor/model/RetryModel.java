package dev.switchboard.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.type.TypeMirror;

/**
 * A node's {@code @Retry}, with the annotation's defaults filled in.
 *
 * @param annotation the annotation, for diagnostics on its values
 * @param maxAttempts the attempts in all
 * @param initialIntervalMillis the wait before the second attempt
 * @param backoffFactor how much each wait grows
 * @param maxIntervalMillis the longest wait
 * @param jitter whether waits get random jitter
 * @param retryOn the exception types retried; empty for the runtime's default
 */
public record RetryModel(
        AnnotationMirror annotation,
        int maxAttempts,
        long initialIntervalMillis,
        double backoffFactor,
        long maxIntervalMillis,
        boolean jitter,
        List<TypeMirror> retryOn) {}
