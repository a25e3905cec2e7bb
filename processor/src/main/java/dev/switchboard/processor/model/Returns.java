package dev.switchboard.processor.model;

import javax.lang.model.type.TypeMirror;

/**
 * What a node method returns.
 *
 * @param kind the shape
 * @param type the declared return type
 * @param update for {@link Kind#UPDATE} and {@link Kind#COMMAND}, the update type
 * @param async whether it is wrapped in a {@code CompletableFuture} or {@code CompletionStage}
 */
public record Returns(Kind kind, TypeMirror type, TypeMirror update, boolean async) {
    /** Return shapes. */
    public enum Kind {
        VOID,
        UPDATE,
        ANY_UPDATE,
        COMMAND,
        /** A compiled graph: the node runs it as a subgraph. */
        SUBGRAPH,
        UNSUPPORTED
    }
}
