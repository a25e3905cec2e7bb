package dev.switchboard.server.auth;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An authorization handler's answer: allow the request, deny it (403, LangGraph's {@code
 * Forbidden}), or allow it on the rows whose metadata holds every key of a filter with an equal
 * value. A filter is applied inside the query: a row it filters out answers 404 and is absent from
 * searches and counts, as if it did not exist; on create and update its keys are written into the
 * row's metadata, so what a tenant creates stays theirs.
 */
public final class Decision {
    private static final Decision ALLOW = new Decision(true, Map.of());
    private static final Decision DENY = new Decision(false, Map.of());

    private final boolean allowed;
    private final Map<String, String> filter;

    private Decision(boolean allowed, Map<String, String> filter) {
        this.allowed = allowed;
        this.filter = filter;
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
        if (filter.isEmpty()) {
            throw new IllegalArgumentException("a filter needs at least one key; use Decision.allow() for none");
        }
        Map<String, String> copy = new LinkedHashMap<>();
        filter.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "key"), Objects.requireNonNull(v, "value")));
        return new Decision(true, java.util.Collections.unmodifiableMap(copy));
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
     * The metadata keys a row must hold.
     *
     * @return the filter, empty for {@link #allow()} and {@link #deny()}
     */
    public Map<String, String> filter() {
        return filter;
    }

    @Override
    public String toString() {
        return !allowed ? "deny" : filter.isEmpty() ? "allow" : "filter" + filter;
    }
}
