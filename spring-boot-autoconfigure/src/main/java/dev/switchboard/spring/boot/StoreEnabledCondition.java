package dev.switchboard.spring.boot;

import java.util.Locale;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches unless {@code switchboard.store.kind} is {@code none}. */
final class StoreEnabledCondition implements Condition {
    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String value = context.getEnvironment().getProperty("switchboard.store.kind", "auto");
        return !value.trim().toLowerCase(Locale.ROOT).equals("none");
    }
}
