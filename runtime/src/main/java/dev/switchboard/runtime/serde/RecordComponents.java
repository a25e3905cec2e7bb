package dev.switchboard.runtime.serde;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.JacksonAnnotationIntrospector;

/**
 * Makes every record component required in stored data, except those the record declares may be
 * absent: an {@code Optional} (read as empty) or one annotated {@code @Nullable} (any annotation of
 * that simple name, read as {@code null}). A silently defaulted component would turn a truncated or
 * foreign value into a plausible but wrong one. Jackson reads the annotations; we only look at them.
 */
final class RecordComponents extends JacksonAnnotationIntrospector {
    private static final long serialVersionUID = 1L;

    @Override
    public Boolean hasRequiredMarker(MapperConfig<?> config, AnnotatedMember m) {
        Boolean declared = super.hasRequiredMarker(config, m);
        if (Boolean.TRUE.equals(declared) || !m.getDeclaringClass().isRecord()) {
            return declared;
        }
        return !mayBeAbsent(m);
    }

    private static boolean mayBeAbsent(AnnotatedMember m) {
        Class<?> type = m.getRawType();
        return type == Optional.class
                || type == OptionalInt.class
                || type == OptionalLong.class
                || type == OptionalDouble.class
                || m.annotations()
                        .anyMatch(a -> a.annotationType().getSimpleName().equals("Nullable"));
    }
}
