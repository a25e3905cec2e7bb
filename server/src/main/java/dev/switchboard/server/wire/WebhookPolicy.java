package dev.switchboard.server.wire;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which URLs a run's or cron's {@code webhook} may name, so that a client cannot make the server
 * call into its own network: by default HTTPS only, any host, and never an address in a private,
 * loopback, link-local or otherwise internal range, checked when the run is created (a literal
 * address, {@code localhost}) and again on every call (the addresses the host name resolves to).
 * A deployment can allow plain HTTP, restrict webhooks to some hosts, and allow internal addresses
 * (a receiver on the same machine in tests, a service on the company network).
 */
public final class WebhookPolicy {
    /** HTTPS only, any public host. */
    public static final WebhookPolicy DEFAULT = builder().build();

    private final boolean allowHttp;
    private final Set<String> hosts;
    private final boolean allowPrivate;

    private WebhookPolicy(Builder b) {
        this.allowHttp = b.allowHttp;
        this.hosts = Set.copyOf(b.hosts);
        this.allowPrivate = b.allowPrivate;
    }

    /**
     * Starts a policy: HTTPS only, any host, no internal addresses, until told otherwise.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Checks a webhook URL as a run or cron is created: its form, scheme and host, and the address
     * when the host is one (or {@code localhost}).
     *
     * @param url the URL
     * @return the URL parsed
     * @throws ApiException 422 naming what the policy refuses
     */
    public URI check(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw refuse("webhook is not a URL: " + e.getMessage());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
            throw refuse("webhook must be an https URL" + (allowHttp ? " or an http one" : "") + ", was " + url);
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw refuse("webhook has no host: " + url);
        }
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (!hosts.isEmpty() && !hosts.contains(bare.toLowerCase(Locale.ROOT))) {
            throw refuse("webhook host " + bare + " is not one of the allowed hosts " + new TreeSet<>(hosts));
        }
        if (!allowPrivate && (bare.equalsIgnoreCase("localhost") || literal(bare))) {
            try {
                checkAddresses(bare);
            } catch (UnknownHostException e) {
                throw refuse("webhook host " + bare + " is not an address: " + e.getMessage());
            }
        }
        return uri;
    }

    /**
     * Checks the addresses a webhook's host resolves to, as it is about to be called.
     *
     * @param host the host
     * @throws ApiException 422 when one is internal and internal addresses are not allowed
     * @throws UnknownHostException when the host does not resolve
     */
    public void checkAddresses(String host) throws UnknownHostException {
        if (allowPrivate) {
            return;
        }
        for (InetAddress a : InetAddress.getAllByName(host)) {
            if (internal(a)) {
                throw refuse("webhook host " + host + " is an internal address (" + a.getHostAddress()
                        + "); the server's webhook policy does not allow those");
            }
        }
    }

    private static boolean literal(String host) {
        return host.contains(":") || host.matches("[0-9.]+");
    }

    /** Loopback, private, link-local, unspecified, multicast, carrier-grade NAT or unique-local. */
    private static boolean internal(InetAddress a) {
        if (a.isLoopbackAddress()
                || a.isSiteLocalAddress()
                || a.isLinkLocalAddress()
                || a.isAnyLocalAddress()
                || a.isMulticastAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (b.length == 4) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first == 0 || (first == 100 && second >= 64 && second < 128) || first >= 240;
        }
        return (b[0] & 0xfe) == 0xfc; // fc00::/7
    }

    private static ApiException refuse(String message) {
        return ApiException.status(422, message);
    }

    /** Builds a {@link WebhookPolicy}. */
    public static final class Builder {
        private boolean allowHttp;
        private final Set<String> hosts = new TreeSet<>();
        private boolean allowPrivate;

        private Builder() {}

        /**
         * Allows plain {@code http} URLs besides {@code https}.
         *
         * @return this builder
         */
        public Builder allowHttp() {
            this.allowHttp = true;
            return this;
        }

        /**
         * Restricts webhooks to these hosts (names or addresses, as URLs write them); any host
         * without a call.
         *
         * @param allowed the hosts
         * @return this builder
         */
        public Builder allowHosts(String... allowed) {
            for (String h : allowed) {
                hosts.add(h.toLowerCase(Locale.ROOT));
            }
            return this;
        }

        /**
         * Allows addresses in loopback, private and other internal ranges.
         *
         * @return this builder
         */
        public Builder allowPrivateNetworks() {
            this.allowPrivate = true;
            return this;
        }

        /**
         * Builds the policy.
         *
         * @return the policy
         */
        public WebhookPolicy build() {
            return new WebhookPolicy(this);
        }
    }
}
