package dev.switchboard.runtime.store;

import java.time.Duration;
import java.util.Optional;

/**
 * Time to live of store items. An item put with a TTL (its own, or {@code defaultTtl}) expires that
 * long after its last write, or after its last read when {@code refreshOnRead} is on (a read may
 * override it). Expired items are invisible to reads at once and deleted by {@link Store#sweepExpired()},
 * which the store runs every {@code sweepInterval} in the background until it is closed or {@link
 * Store#stopSweeper()} is called. A sweep deletes only items whose expiry has passed at the moment
 * of deletion, so an item read (and refreshed) since it was last seen expired is kept.
 *
 * @param defaultTtl the TTL of items put without one, or {@code null} for none
 * @param refreshOnRead whether reads extend the TTL of the items they return
 * @param sweepInterval how often to delete expired items, or {@code null} for never (call {@link
 *     Store#sweepExpired()} yourself)
 */
public record TtlConfig(Duration defaultTtl, boolean refreshOnRead, Duration sweepInterval) {
    /** No default TTL, no refresh on read, no sweeper. */
    public static final TtlConfig NONE = new TtlConfig(null, false, null);

    /**
     * Validates the durations.
     *
     * @param defaultTtl the default ttl
     * @param refreshOnRead the refresh on read
     * @param sweepInterval the sweep interval
     */
    public TtlConfig {
        if (defaultTtl != null) {
            PutOptions.checkTtl(defaultTtl, "defaultTtl");
        }
        if (sweepInterval != null) {
            PutOptions.checkTtl(sweepInterval, "sweepInterval");
        }
    }

    /**
     * The default TTL.
     *
     * @return the TTL of items put without one, if any
     */
    public Optional<Duration> defaultTtlIfAny() {
        return Optional.ofNullable(defaultTtl);
    }
}
