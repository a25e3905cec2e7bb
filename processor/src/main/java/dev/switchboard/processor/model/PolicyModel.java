package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;

/**
 * The policy annotations of a node; each is {@code null} when absent.
 *
 * @param retry its {@code @Retry}
 * @param timeout its {@code @Timeout}
 * @param cache its {@code @Cache}
 */
public record PolicyModel(RetryModel retry, LimitModel timeout, LimitModel cache) {
    /** The annotations a node that runs a subgraph cannot have: the runtime rejects them. */
    public List<AnnotationMirror> notForSubgraphs() {
        List<AnnotationMirror> out = new ArrayList<>();
        if (timeout != null) {
            out.add(timeout.annotation());
        }
        if (cache != null) {
            out.add(cache.annotation());
        }
        return out;
    }
}
