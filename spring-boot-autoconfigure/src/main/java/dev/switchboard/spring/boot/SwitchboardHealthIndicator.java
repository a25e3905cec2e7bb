package dev.switchboard.spring.boot;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.util.Objects;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Actuator health of the checkpoint saver: {@code UP} when a read reaches it, with the saver's kind
 * and, for a JDBC saver, its database and schema version; {@code DOWN} with the error otherwise.
 * Shown under {@code /actuator/health} as {@code switchboard}.
 */
public class SwitchboardHealthIndicator extends AbstractHealthIndicator {
    /** A thread id no run uses: the probe reads nothing, it only needs the round trip. */
    static final String PROBE_THREAD = "__switchboard_health__";

    private final CheckpointSaver saver;

    /**
     * Creates the indicator.
     *
     * @param saver the saver to check
     */
    public SwitchboardHealthIndicator(CheckpointSaver saver) {
        super("Switchboard checkpoint saver health check failed");
        this.saver = Objects.requireNonNull(saver, "saver");
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        saver.list(PROBE_THREAD, "", ListOptions.ALL.withLimit(1));
        builder.up().withDetail("saver", saver.getClass().getSimpleName());
        if (saver instanceof JdbcSaver jdbc) {
            builder.withDetail("database", jdbc.database()).withDetail("schemaVersion", jdbc.schemaVersion());
        }
    }
}
