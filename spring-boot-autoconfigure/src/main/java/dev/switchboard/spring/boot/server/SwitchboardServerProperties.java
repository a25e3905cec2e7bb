package dev.switchboard.spring.boot.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The {@code switchboard.server.*} properties: whether the application serves LangGraph's HTTP API
 * for its graph beans on its own port or is a worker that only runs the runs of the shared
 * PostgreSQL queue, and the run queue's settings. Spring Boot binds them; the build generates their
 * metadata, so IDEs complete them.
 */
@ConfigurationProperties("switchboard.server")
public class SwitchboardServerProperties {
    /** Whether to serve the graph beans (with switchboard-server on the classpath). */
    private boolean enabled = true;

    /** WEB serves the API on the application's port and runs runs; WORKER only runs runs (PostgreSQL). */
    private Mode mode = Mode.WEB;

    /** How many runs this JVM runs at once; more wait in the queue for a free JVM. */
    private int maxRuns = 16;

    /** How long a claim of a queued run holds without renewal before another JVM takes the run over. */
    private Duration lease = Duration.ofSeconds(5);

    /** How often this JVM renews its claims; well under the lease. */
    private Duration heartbeat = Duration.ofSeconds(1);

    /** The largest request body the API reads; larger ones get 413. */
    private DataSize maxBodySize = DataSize.ofMegabytes(1);

    /**
     * Origins of web pages allowed to call the API from a browser (CORS), e.g.
     * https://chat.example.com, or * for any; pages on loopback addresses (any port) always may.
     */
    private List<String> allowOrigins = new ArrayList<>();

    /**
     * Host names the API answers to besides loopback ones and server.address, or * for any; when
     * server.address is unset (all interfaces) it answers any.
     */
    private List<String> allowHosts = new ArrayList<>();

    /**
     * A {@code jdbc:postgresql:} URL straight to the DataSource's database (past the pooler), for
     * the one connection the run queue's worker keeps to {@code LISTEN} and renew its leases on,
     * when the DataSource goes through a pooler in transaction mode (PgBouncer), which keeps no
     * session to listen on. Name the pooler's schema in it ({@code currentSchema=...}); the schema
     * is the pooler's to set, so {@code switchboard.schema} is refused beside it.
     */
    private String listenerUrl;

    /** Creates the properties with their defaults; Spring Boot binds them. */
    public SwitchboardServerProperties() {}

    /** What a JVM does with the graphs: serve them and run runs, or only run runs. */
    public enum Mode {
        /**
         * Serves LangGraph's API on the application's port (Spring MVC, behind its security) and runs
         * runs: those it receives, and on PostgreSQL those of the shared queue when it has room.
         */
        WEB,
        /**
         * Serves nothing: only runs the runs of the shared PostgreSQL queue, created through the
         * application's web JVMs. The application runs without a web server and stays alive until
         * it is stopped, unless {@code spring.main.web-application-type} or {@code
         * spring.main.keep-alive} say otherwise.
         */
        WORKER
    }

    /**
     * Returns whether the graph beans are served.
     *
     * @return {@code true} by default
     */
    public boolean isEnabled() {
        return enabled;
    }

    /**
     * Sets whether the graph beans are served.
     *
     * @param enabled {@code false} for no server
     */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /**
     * Returns what this JVM does.
     *
     * @return {@code WEB} by default
     */
    public Mode getMode() {
        return mode;
    }

    /**
     * Sets what this JVM does.
     *
     * @param mode {@code WEB} or {@code WORKER}
     */
    public void setMode(Mode mode) {
        this.mode = mode;
    }

    /**
     * Returns how many runs this JVM runs at once.
     *
     * @return 16 by default
     */
    public int getMaxRuns() {
        return maxRuns;
    }

    /**
     * Sets how many runs this JVM runs at once.
     *
     * @param maxRuns at least 1
     */
    public void setMaxRuns(int maxRuns) {
        this.maxRuns = maxRuns;
    }

    /**
     * Returns how long a claim of a queued run holds without renewal.
     *
     * @return 5 seconds by default
     */
    public Duration getLease() {
        return lease;
    }

    /**
     * Sets how long a claim of a queued run holds without renewal.
     *
     * @param lease longer than the heartbeat
     */
    public void setLease(Duration lease) {
        this.lease = lease;
    }

    /**
     * Returns how often claims are renewed.
     *
     * @return 1 second by default
     */
    public Duration getHeartbeat() {
        return heartbeat;
    }

    /**
     * Sets how often claims are renewed.
     *
     * @param heartbeat shorter than the lease
     */
    public void setHeartbeat(Duration heartbeat) {
        this.heartbeat = heartbeat;
    }

    /**
     * Returns the largest request body the API reads.
     *
     * @return 1 MB by default
     */
    public DataSize getMaxBodySize() {
        return maxBodySize;
    }

    /**
     * Sets the largest request body the API reads.
     *
     * @param maxBodySize the limit
     */
    public void setMaxBodySize(DataSize maxBodySize) {
        this.maxBodySize = maxBodySize;
    }

    /**
     * Returns the origins of web pages allowed to call the API, besides loopback ones.
     *
     * @return empty by default
     */
    public List<String> getAllowOrigins() {
        return allowOrigins;
    }

    /**
     * Sets the origins of web pages allowed to call the API.
     *
     * @param allowOrigins scheme, host and port of each, or {@code *}
     */
    public void setAllowOrigins(List<String> allowOrigins) {
        this.allowOrigins = allowOrigins;
    }

    /**
     * Returns the host names the API answers to besides loopback ones and {@code server.address}.
     *
     * @return empty by default
     */
    public List<String> getAllowHosts() {
        return allowHosts;
    }

    /**
     * Sets the host names the API answers to.
     *
     * @param allowHosts host names, or {@code *}
     */
    public void setAllowHosts(List<String> allowHosts) {
        this.allowHosts = allowHosts;
    }

    /**
     * Returns the direct URL of the run queue worker's own connection.
     *
     * @return {@code switchboard.server.listener-url}, or null to take it from the DataSource
     */
    public String getListenerUrl() {
        return listenerUrl;
    }

    /**
     * Sets the direct URL of the run queue worker's own connection, past a transaction-mode pooler.
     *
     * @param listenerUrl a {@code jdbc:postgresql:} URL, or null
     */
    public void setListenerUrl(String listenerUrl) {
        this.listenerUrl = listenerUrl == null || listenerUrl.isBlank() ? null : listenerUrl;
    }
}
