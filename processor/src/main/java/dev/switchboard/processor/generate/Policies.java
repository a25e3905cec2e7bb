package dev.switchboard.processor.generate;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.switchboard.processor.model.LimitModel;
import dev.switchboard.processor.model.NodeModel;
import dev.switchboard.processor.model.PolicyModel;
import dev.switchboard.processor.model.RetryModel;
import javax.lang.model.type.TypeMirror;

/**
 * The {@code GraphDefinitionBuilder} calls for a node's {@code @Retry}, {@code @Timeout} and
 * {@code @Cache}. {@code retryOn} becomes a chain of {@code instanceof} tests, since the runtime
 * never reflects on classes.
 */
final class Policies {
    private Policies() {}

    static CodeBlock of(NodeModel n) {
        PolicyModel p = n.policies();
        CodeBlock.Builder b = CodeBlock.builder();
        if (p.retry() != null) {
            b.add("\n.retry($S, $L)", n.name(), retry(p.retry()));
        }
        if (p.timeout() != null) {
            b.add("\n.timeout($S, $T.ofMillis($L))", n.name(), ClassNames.DURATION, literal(p.timeout()));
        }
        if (p.cache() != null) {
            CodeBlock ttl = p.cache().value() == 0
                    ? CodeBlock.of("$T.ZERO", ClassNames.DURATION)
                    : CodeBlock.of("$T.ofSeconds($L)", ClassNames.DURATION, literal(p.cache()));
            b.add("\n.cache($S, $L)", n.name(), ttl);
        }
        return b.build();
    }

    static CodeBlock retry(RetryModel r) {
        return CodeBlock.of(
                "new $T($L, $T.ofMillis($L), $L, $T.ofMillis($L), $L, $L)",
                ClassNames.RETRY_POLICY,
                r.maxAttempts(),
                ClassNames.DURATION,
                literal(r.initialIntervalMillis()),
                r.backoffFactor(),
                ClassNames.DURATION,
                literal(r.maxIntervalMillis()),
                r.jitter(),
                retryOn(r));
    }

    private static CodeBlock retryOn(RetryModel r) {
        if (r.retryOn().isEmpty()) {
            return CodeBlock.of("$T.DEFAULT_RETRY_ON", ClassNames.RETRY_POLICY);
        }
        CodeBlock.Builder b = CodeBlock.builder().add("e -> ");
        for (int i = 0; i < r.retryOn().size(); i++) {
            TypeMirror t = r.retryOn().get(i);
            b.add(i == 0 ? "e instanceof $T" : " || e instanceof $T", TypeName.get(t));
        }
        return b.build();
    }

    private static String literal(LimitModel limit) {
        return literal(limit.value());
    }

    /** A long as Java source: past int range it needs the {@code L} suffix. */
    private static String literal(long value) {
        return value == (int) value ? Long.toString(value) : value + "L";
    }
}
