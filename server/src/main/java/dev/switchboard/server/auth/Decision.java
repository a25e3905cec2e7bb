package dev.switchboard.server.auth;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An authorization handler's answer: allow the request, deny it (403, LangGraph's {@code
 * Forbidden}), or allow it on the rows whose metadata holds every key of a filter with an equal
 * value ({@code $eq}) or a list holding a value ({@code $contains}). A filter is applied inside the query: a row it filters out answers 404 and is absent from
 * searches and counts, as if it did not exist; on create and update its keys are written into the
 * row's metadata, so what a tenant creates stays theirs.
 */
public final class Decision {
    private static final Decision ALLOW = new Decision(true, Map.of(), Map.of());
    private static final Decision DENY = new Decision(false, Map.of(), Map.of());

    private final boolean allowed;
    private final Map<String, String> filter;
    private final Map<String, String> contains;

    private Decision(boolean allowed, Map<String, String> filter, Map<String, String> contains) {
        this.allowed = allowed;
        this.filter = filter;
        this.contains = contains;
    }

    /**
     * Lets the request through unfiltered.
     *
     * @return the decision
     */
    public static Decision allow() {
        return ALLOW;
    }

    /**
     * Refuses the request with 403.
     *
     * @return the decision
     */
    public static Decision deny() {
        return DENY;
    }

    /**
     * Lets the request through on the rows whose metadata has each key of {@code filter} equal to
     * its value (LangGraph's {@code {key: value}} / {@code $eq} filter).
     *
     * @param filter metadata keys and the values they must equal; not empty
     * @return the decision
     */
    public static Decision filter(Map<String, String> filter) {
        return filter(filter, Map.of());
    }

    /**
     * Lets the request through on the rows whose metadata has each key of {@code equal} equal to
     * its value and each key of {@code contains} a list holding its value (LangGraph's {@code
     * {"$contains": value}}, e.g. a thread's {@code participants} holding the caller). A row made
     * or patched under it gets the equal keys and the values added to the lists.
     *
     * @param equal metadata keys and the values they must equal
     * @param contains metadata keys and a value their list must hold
     * @return the decision
     * @throws IllegalArgumentException when both are empty, or a key is in both
     */
    public static Decision filter(Map<String, String> equal, Map<String, String> contains) {
        if (equal.isEmpty() && contains.isEmpty()) {
            throw new IllegalArgumentException("a filter needs at least one key; use Decision.allow() for none");
        }
        Map<String, String> eq = copy(equal);
        Map<String, String> in = copy(contains);
        for (String k : in.keySet()) {
            if (eq.containsKey(k)) {
                throw new IllegalArgumentException("the key " + k + " is both equal to and containing a value");
            }
        }
        return new Decision(true, eq, in);
    }

    private static Map<String, String> copy(Map<String, String> m) {
        Map<String, String> copy = new LinkedHashMap<>();
        m.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "key"), Objects.requireNonNull(v, "value")));
        return java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * Whether the request may proceed (on the filtered rows, if there is a filter).
     *
     * @return false for {@link #deny()}
     */
    public boolean allowed() {
        return allowed;
    }

    /**
     * The metadata keys a row must hold with an equal value ({@code $eq}).
     *
     * @return the filter, empty for {@link #allow()} and {@link #deny()}
     */
    public Map<String, String> filter() {
        return filter;
    }

    /**
     * The metadata keys whose list must hold a value ({@code $contains}).
     *
     * @return the keys and values, empty when none
     */
    public Map<String, String> contains() {
        return contains;
    }

    @Override
    public String toString() {
        return !allowed
                ? "deny"
                : filter.isEmpty() && contains.isEmpty()
                        ? "allow"
                        : "filter" + filter + (contains.isEmpty() ? "" : " contains" + contains);
    }
}
