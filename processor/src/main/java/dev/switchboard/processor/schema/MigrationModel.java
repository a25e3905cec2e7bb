package dev.switchboard.processor.schema;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @Migration} method whose signature is sound.
 *
 * @param method the static method
 * @param annotation its {@code @Migration}
 * @param fromValue the written {@code from} value, where errors about the version point
 * @param from the version it reads
 * @param takes the record it takes (version {@code from}'s state)
 * @param returns the record it returns
 * @param toCurrent whether it returns the graph's state record (else the next version's state)
 */
record MigrationModel(
        ExecutableElement method,
        AnnotationMirror annotation,
        AnnotationValue fromValue,
        int from,
        TypeElement takes,
        TypeElement returns,
        boolean toCurrent) {
    /** The version its result is in. */
    int to(int current) {
        return toCurrent ? current : from + 1;
    }
}
