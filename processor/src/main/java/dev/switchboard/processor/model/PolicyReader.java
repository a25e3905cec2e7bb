package dev.switchboard.processor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.util.Elements;

/**
 * Reads the node policy annotations ({@code @Retry}, {@code @Timeout}, {@code @Cache}). Unwritten
 * members take the annotation's own defaults, so the defaults live in one place: the annotation.
 */
public final class PolicyReader {
    private final Elements elements;

    public PolicyReader(ProcessingEnvironment env) {
        this.elements = env.getElementUtils();
    }

    /** The policy annotations on a method, in declaration order. */
    static List<AnnotationMirror> policyAnnotations(Element m) {
        List<AnnotationMirror> out = new ArrayList<>();
        for (AnnotationMirror a : m.getAnnotationMirrors()) {
            if (Mirrors.isAny(a, RuntimeNames.POLICIES)) {
                out.add(a);
            }
        }
        return out;
    }

    /** The policies on a node (or a workflow's entrypoint or task) method. */
    public PolicyModel policies(ExecutableElement node) {
        return new PolicyModel(
                Mirrors.find(node, RuntimeNames.RETRY).map(this::retry).orElse(null),
                Mirrors.find(node, RuntimeNames.TIMEOUT)
                        .map(a -> limit(a, "millis"))
                        .orElse(null),
                Mirrors.find(node, RuntimeNames.CACHE)
                        .map(a -> limit(a, "ttlSeconds"))
                        .orElse(null));
    }

    private RetryModel retry(AnnotationMirror a) {
        return new RetryModel(
                a,
                (int) number(a, "maxAttempts").longValue(),
                number(a, "initialIntervalMillis").longValue(),
                number(a, "backoffFactor").doubleValue(),
                number(a, "maxIntervalMillis").longValue(),
                withDefault(a, "jitter") instanceof Boolean b && b,
                Mirrors.types(a, "retryOn"));
    }

    private LimitModel limit(AnnotationMirror a, String member) {
        return new LimitModel(a, member, number(a, member).longValue());
    }

    /** A numeric member; 0 when javac could not evaluate it (it reports that itself). */
    private Number number(AnnotationMirror a, String member) {
        return withDefault(a, member) instanceof Number n ? n : 0;
    }

    private Object withDefault(AnnotationMirror a, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                elements.getElementValuesWithDefaults(a).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(member)) {
                return e.getValue().getValue();
            }
        }
        return null;
    }
}
