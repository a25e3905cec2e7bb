package dev.switchboard.runtime.store;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where a store item lives: a path of labels, such as {@code ("users", "u-42", "prefs")}. The empty
 * namespace is only a search prefix (it matches everything); items need at least one label. Labels
 * are validated as LangGraph validates them: not empty, no period (labels are joined with periods
 * in LangGraph's wire form), no colon, no control character. Namespaces order label by label, by
 * code point, shorter first when one is a prefix of the other.
 *
 * @param labels the labels, outermost first
 */
public record Namespace(List<String> labels) implements Comparable<Namespace> {
    /** The label that matches any one label in {@link StoreOp.ListNamespaces} prefixes and suffixes. */
    public static final String WILDCARD = "*";

    /** The root label reserved by LangGraph for its own items: nothing can be put under it. */
    public static final String RESERVED_ROOT = "langgraph";

    /** The empty namespace: as a search prefix, every namespace. */
    public static final Namespace ROOT = new Namespace(List.of());

    /**
     * Validates the labels.
     *
     * @param labels the labels, outermost first
     * @throws IllegalArgumentException for a null, empty, or otherwise invalid label
     */
    public Namespace {
        Objects.requireNonNull(labels, "labels");
        for (String label : labels) {
            validate(label, labels);
        }
        labels = List.copyOf(labels);
    }

    /**
     * A namespace of the given labels.
     *
     * @param labels the labels, outermost first; none for {@link #ROOT}
     * @return the namespace
     * @throws IllegalArgumentException for an invalid label
     */
    public static Namespace of(String... labels) {
        Objects.requireNonNull(labels, "labels");
        return new Namespace(Arrays.asList(labels));
    }

    private static void validate(String label, List<String> labels) {
        if (label == null) {
            throw new IllegalArgumentException("Namespace labels cannot be null. Got: " + labels);
        }
        if (label.isEmpty()) {
            throw new IllegalArgumentException("Namespace labels cannot be empty strings. Got: " + labels);
        }
        if (label.indexOf('.') >= 0) {
            throw new IllegalArgumentException("Invalid namespace label '" + label + "' found in "
                    + String.join(".", labels) + ". Namespace labels cannot contain periods ('.').");
        }
        if (label.indexOf(':') >= 0) {
            throw new IllegalArgumentException(
                    "Invalid namespace label '" + label + "'. Namespace labels cannot contain colons (':').");
        }
        // Control characters are rejected so that stores can join labels with one as separator.
        if (label.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("Invalid namespace label " + quoted(label)
                    + ". Namespace labels cannot contain control characters.");
        }
    }

    private static String quoted(String label) {
        StringBuilder b = new StringBuilder("'");
        label.chars().forEach(c -> b.append(c < 0x20 || c == 0x7f ? String.format("\\u%04x", c) : (char) c));
        return b.append('\'').toString();
    }

    /**
     * The number of labels.
     *
     * @return the depth, 0 for {@link #ROOT}
     */
    public int depth() {
        return labels.size();
    }

    /**
     * Whether this namespace starts with all labels of {@code prefix} (whole labels, not characters).
     *
     * @param prefix the prefix
     * @return true if it does; every namespace starts with {@link #ROOT}
     */
    public boolean startsWith(Namespace prefix) {
        return prefix.depth() <= depth() && labels.subList(0, prefix.depth()).equals(prefix.labels);
    }

    /**
     * The first {@code depth} labels (all of them if there are fewer).
     *
     * @param depth how many labels to keep
     * @return the truncated namespace
     */
    public Namespace truncate(int depth) {
        return depth >= depth() ? this : new Namespace(labels.subList(0, depth));
    }

    /**
     * Fails unless items can live here: at least one label, and for writes not under {@value
     * #RESERVED_ROOT}.
     *
     * @param write whether the item is written
     * @throws IllegalArgumentException if items cannot live here
     */
    void checkItemNamespace(boolean write) {
        if (labels.isEmpty()) {
            throw new IllegalArgumentException("Namespace cannot be empty.");
        }
        if (write && labels.get(0).equals(RESERVED_ROOT)) {
            throw new IllegalArgumentException(
                    "Root label for namespace cannot be \"" + RESERVED_ROOT + "\". Got: " + String.join(".", labels));
        }
    }

    @Override
    public int compareTo(Namespace o) {
        int n = Math.min(depth(), o.depth());
        for (int i = 0; i < n; i++) {
            int c = compareCodePoints(labels.get(i), o.labels.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(depth(), o.depth());
    }

    /** Code point order, as SQL's binary collations order UTF-8 text (UTF-16 order differs above U+FFFF). */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** The labels joined with periods, LangGraph's wire form. */
    @Override
    public String toString() {
        return String.join(".", labels);
    }
}
