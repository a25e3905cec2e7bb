package dev.switchboard.processor;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.TypeElement;

/**
 * Which source type each generated name belongs to. Nested types flatten with {@code _}, so
 * {@code Outer.G} and a top-level {@code Outer_G} both want {@code Outer_GGraph}; whichever came
 * second used to be skipped without a word. A name claimed by two sources is remembered as clashed,
 * and neither source's file is generated for it.
 */
final class NameClaims {
    private final Map<String, String> owners = new HashMap<>();
    private final Set<String> clashed = new HashSet<>();
    private final Set<String> reported = new HashSet<>();

    /**
     * Claims {@code generatedName} for {@code source}.
     *
     * @return the qualified name of the other source that claimed it first, if any
     */
    Optional<String> claim(String generatedName, TypeElement source) {
        String me = source.getQualifiedName().toString();
        String owner = owners.putIfAbsent(generatedName, me);
        if (owner == null || owner.equals(me)) {
            return Optional.empty();
        }
        clashed.add(generatedName);
        return Optional.of(owner);
    }

    boolean clashed(String generatedName) {
        return clashed.contains(generatedName);
    }

    /** Whether {@code source} is yet to be told about a clash on {@code generatedName}: it hears of it once. */
    boolean firstReport(String source, String generatedName) {
        return reported.add(source + " " + generatedName);
    }
}
