package dev.switchboard.processor.validate;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.GraphModel;
import dev.switchboard.processor.model.LimitModel;
import dev.switchboard.processor.model.Mirrors;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.PolicyModel;
import dev.switchboard.processor.model.RetryModel;
import dev.switchboard.processor.model.Returns;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Checks the node policy annotations: {@code @Retry}, {@code @Timeout} and {@code @Cache} hold
 * values the runtime accepts (it would otherwise fail when the graph class initialises), and nodes
 * that run a subgraph have neither a timeout nor a cache, which the runtime rejects for them.
 */
final class PolicyRules {
    void check(GraphModel g, Report report) {
        for (NodeModel n : g.nodes()) {
            ExecutableElement m = n.method();
            String method = m.getSimpleName().toString();
            check(m, n.policies(), report);
            if (n.returns().kind() == Returns.Kind.SUBGRAPH) {
                for (AnnotationMirror a : n.policies().notForSubgraphs()) {
                    String what = Mirrors.simpleName(a);
                    report.error(Message.POLICY_ON_SUBGRAPH, m, a, what, method, what);
                }
            }
        }
    }

    /** Checks the values of one method's policy annotations (a node's, or a workflow's entrypoint's or task's). */
    static void check(ExecutableElement m, PolicyModel policies, Report report) {
        String method = m.getSimpleName().toString();
        if (policies.retry() != null) {
            checkRetry(m, policies.retry(), report);
        }
        LimitModel timeout = policies.timeout();
        if (timeout != null && timeout.value() < 1) {
            report.errorOnValue(
                    Message.TIMEOUT_NOT_POSITIVE, m, timeout.annotation(), written(timeout), timeout.value(), method);
        }
        LimitModel cache = policies.cache();
        if (cache != null && cache.value() < 0) {
            report.errorOnValue(
                    Message.CACHE_NEGATIVE_TTL, m, cache.annotation(), written(cache), cache.value(), method);
        }
    }

    private static void checkRetry(ExecutableElement m, RetryModel r, Report report) {
        String method = m.getSimpleName().toString();
        AnnotationMirror a = r.annotation();
        TypeElement graph = (TypeElement) m.getEnclosingElement();
        for (TypeMirror type : r.retryOn()) {
            if (type instanceof DeclaredType d && !visibleFrom((TypeElement) d.asElement(), graph)) {
                String name = d.asElement().getSimpleName().toString();
                report.errorOnValue(
                        Message.RETRY_ON_INACCESSIBLE,
                        m,
                        a,
                        written(a, "retryOn"),
                        name,
                        method,
                        name,
                        GeneratedNames.graph(graph));
            }
        }
        if (r.maxAttempts() < 1) {
            report.errorOnValue(Message.RETRY_MAX_ATTEMPTS, m, a, written(a, "maxAttempts"), r.maxAttempts(), method);
        }
        // Written this way round so that NaN fails too.
        if (!(r.backoffFactor() >= 1.0) || Double.isInfinite(r.backoffFactor())) {
            report.errorOnValue(
                    Message.RETRY_BACKOFF_FACTOR, m, a, written(a, "backoffFactor"), r.backoffFactor(), method);
        }
        boolean negative = negative(m, a, "initialIntervalMillis", r.initialIntervalMillis(), report);
        negative |= negative(m, a, "maxIntervalMillis", r.maxIntervalMillis(), report);
        if (!negative && r.maxIntervalMillis() < r.initialIntervalMillis()) {
            report.errorOnValue(
                    Message.RETRY_MAX_BELOW_INITIAL,
                    m,
                    a,
                    written(a, "maxIntervalMillis"),
                    method,
                    r.maxIntervalMillis(),
                    r.initialIntervalMillis(),
                    r.initialIntervalMillis());
        }
    }

    /** Whether code in the graph's package (the generated graph) can name {@code type}. */
    private static boolean visibleFrom(TypeElement type, TypeElement graph) {
        String graphPackage = GeneratedNames.packageOf(graph);
        for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            Set<Modifier> mods = t.getModifiers();
            if (mods.contains(Modifier.PRIVATE)) {
                return false;
            }
            if (!mods.contains(Modifier.PUBLIC) && !GeneratedNames.packageOf(t).equals(graphPackage)) {
                return false;
            }
        }
        return true;
    }

    private static boolean negative(ExecutableElement m, AnnotationMirror a, String member, long value, Report report) {
        if (value >= 0) {
            return false;
        }
        report.errorOnValue(
                Message.RETRY_NEGATIVE_INTERVAL, m, a, written(a, member), member, value, m.getSimpleName());
        return true;
    }

    private static AnnotationValue written(LimitModel limit) {
        return written(limit.annotation(), limit.member());
    }

    /** The value as written, or null when the default applies (then the caret goes on the annotation). */
    private static AnnotationValue written(AnnotationMirror a, String member) {
        return Mirrors.explicit(a, member).orElse(null);
    }
}
