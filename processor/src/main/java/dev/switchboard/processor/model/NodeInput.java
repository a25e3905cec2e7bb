package dev.switchboard.processor.model;

import javax.lang.model.type.TypeMirror;

/**
 * What a node method's first parameter means.
 *
 * @param kind how the node gets its input
 * @param type the parameter type, or {@code null} when there is none
 * @param record for {@link Kind#STATE} and {@link Kind#PROJECTION}, the record it reads
 */
public record NodeInput(Kind kind, TypeMirror type, StateModel record) {
    /** How a node gets its input. */
    public enum Kind {
        /** The graph's state record. */
        STATE,
        /** Another record, read from the channels its components name. */
        PROJECTION,
        /** Anything else: only a {@code Send} can provide it. */
        PAYLOAD,
        /** The method has no parameter. */
        MISSING
    }
}
