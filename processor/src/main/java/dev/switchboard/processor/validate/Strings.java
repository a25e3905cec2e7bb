package dev.switchboard.processor.validate;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/** Text helpers for messages: sorted candidate lists, "did you mean", readable type names. */
public final class Strings {
    private Strings() {}

    /** The names sorted and comma-separated, or "(none)". */
    public static String list(Collection<String> names) {
        if (names.isEmpty()) {
            return "(none)";
        }
        return names.stream().sorted().collect(Collectors.joining(", "));
    }

    /**
     * What a message about an unknown {@code name} lists: the {@code names} it could have been,
     * sorted, and a "did you mean" when one is close.
     *
     * @param list the names sorted and comma-separated, or "(none)"
     * @param didYouMean {@code "; did you mean \"x\"?"}, or empty
     */
    record Candidates(String list, String didYouMean) {}

    static Candidates candidates(String name, Collection<String> names) {
        return new Candidates(list(names), didYouMean(name, names));
    }

    /** {@code "; did you mean \"x\"?"} when a candidate is close enough, else empty. */
    private static String didYouMean(String name, Collection<String> candidates) {
        return closest(name, candidates)
                .map(c -> "; did you mean \"" + c + "\"?")
                .orElse("");
    }

    static Optional<String> closest(String name, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates.stream().sorted().toList()) {
            int d = distance(name.toLowerCase(), c.toLowerCase());
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        int allowed = Math.max(2, name.length() / 3);
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** The simple name of a qualified class name. */
    static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }

    /** A type as a declaration in a message would write it: simple names for plain classes. */
    static String simple(TypeMirror t) {
        return t instanceof DeclaredType d && d.getTypeArguments().isEmpty()
                ? d.asElement().getSimpleName().toString()
                : type(t);
    }

    /** A type as a reader would write it: without {@code java.lang.}/{@code java.util.} prefixes. */
    public static String type(TypeMirror t) {
        return type(t.toString());
    }

    static String type(String s) {
        for (String prefix : List.of("java.lang.", "java.util.concurrent.", "java.util.")) {
            s = s.replaceAll("\\b" + prefix.replace(".", "\\.") + "(?=[A-Z])", "");
        }
        return s;
    }
}
