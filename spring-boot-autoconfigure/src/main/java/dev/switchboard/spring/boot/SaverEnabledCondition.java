package dev.switchboard.spring.boot;

import java.util.Locale;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches unless {@code switchboard.checkpoint.saver} is {@code none}. */
final class SaverEnabledCondition implements Condition {
    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String value = context.getEnvironment().getProperty("switchboard.checkpoint.saver", "auto");
        return !value.trim().toLowerCase(Locale.ROOT).equals("none");
    }
}
