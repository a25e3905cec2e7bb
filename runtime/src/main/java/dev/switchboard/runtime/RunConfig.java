package dev.switchboard.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The configuration of one run: its recursion limit and free-form values that nodes can read
 * through {@link NodeContext#config()}. Immutable; {@code with...} methods return a copy.
 */
public final class RunConfig {
    /** LangGraph.js's default recursion limit. */
    public static final int DEFAULT_RECURSION_LIMIT = 25;

    private static final RunConfig DEFAULTS = new RunConfig(DEFAULT_RECURSION_LIMIT, Map.of());

    private final int recursionLimit;
    private final Map<String, Object> configurable;

    private RunConfig(int recursionLimit, Map<String, Object> configurable) {
        this.recursionLimit = recursionLimit;
        this.configurable = configurable;
    }

    /**
     * The default configuration: recursion limit 25, no values.
     *
     * @return the defaults
     */
    public static RunConfig defaults() {
        return DEFAULTS;
    }

    /**
     * This configuration with another recursion limit: the number of supersteps one invocation may
     * take. As in LangGraph the limit is checked before the loop sees there is nothing left to run,
     * so a chain of N nodes needs a limit of at least N + 1.
     *
     * @param limit the limit, at least 1
     * @return a new configuration
     * @throws IllegalArgumentException if {@code limit < 1}
     */
    public RunConfig withRecursionLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("recursionLimit must be at least 1, was " + limit);
        }
        return new RunConfig(limit, configurable);
    }

    /**
     * This configuration with one more free-form value.
     *
     * @param key the key
     * @param value the value
     * @return a new configuration
     */
    public RunConfig with(String key, Object value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Map<String, Object> copy = new LinkedHashMap<>(configurable);
        copy.put(key, value);
        return new RunConfig(recursionLimit, Map.copyOf(copy));
    }

    /**
     * The recursion limit.
     *
     * @return the maximum number of supersteps per invocation
     */
    public int recursionLimit() {
        return recursionLimit;
    }

    /**
     * A free-form value.
     *
     * @param key the key
     * @return the value, or empty
     */
    public Optional<Object> get(String key) {
        return Optional.ofNullable(configurable.get(key));
    }

    /**
     * All free-form values.
     *
     * @return an unmodifiable map
     */
    public Map<String, Object> configurable() {
        return configurable;
    }

    @Override
    public String toString() {
        return "RunConfig[recursionLimit=" + recursionLimit + ", configurable=" + configurable + "]";
    }
}
