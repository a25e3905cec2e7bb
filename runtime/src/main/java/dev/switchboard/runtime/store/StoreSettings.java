package dev.switchboard.runtime.store;

import dev.switchboard.runtime.serde.SerdeLimits;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * What every store is configured with: an optional semantic index, time to live, bounds on stored
 * values, and the clock that stamps items (tests pass a fixed one).
 *
 * @param index the semantic index, or {@code null} for none (queries are then ignored)
 * @param ttl the time-to-live settings
 * @param limits bounds on each value's JSON (size, nesting, string length)
 * @param clock the clock for timestamps and expiry
 */
public record StoreSettings(IndexConfig index, TtlConfig ttl, SerdeLimits limits, Clock clock) {
    /** No index, no TTL, {@link SerdeLimits#DEFAULT}, the system clock. */
    public static final StoreSettings DEFAULTS =
            new StoreSettings(null, TtlConfig.NONE, SerdeLimits.DEFAULT, Clock.systemUTC());

    /**
     * Checks the required settings.
     *
     * @param index the index
     * @param ttl the ttl
     * @param limits the limits
     * @param clock the clock
     */
    public StoreSettings {
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(clock, "clock");
    }

    /**
     * The index, if any.
     *
     * @return the index configuration
     */
    public Optional<IndexConfig> indexIfAny() {
        return Optional.ofNullable(index);
    }

    /**
     * With a semantic index.
     *
     * @param index the index
     * @return the new settings
     */
    public StoreSettings withIndex(IndexConfig index) {
        return new StoreSettings(Objects.requireNonNull(index, "index"), ttl, limits, clock);
    }

    /**
     * With time to live.
     *
     * @param ttl the TTL settings
     * @return the new settings
     */
    public StoreSettings withTtl(TtlConfig ttl) {
        return new StoreSettings(index, ttl, limits, clock);
    }

    /**
     * With bounds on values.
     *
     * @param limits the bounds
     * @return the new settings
     */
    public StoreSettings withLimits(SerdeLimits limits) {
        return new StoreSettings(index, ttl, limits, clock);
    }

    /**
     * With a clock.
     *
     * @param clock the clock
     * @return the new settings
     */
    public StoreSettings withClock(Clock clock) {
        return new StoreSettings(index, ttl, limits, clock);
    }
}
