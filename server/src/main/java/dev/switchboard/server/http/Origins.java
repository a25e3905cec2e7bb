package dev.switchboard.server.http;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * Which browser origins and which {@code Host} names the server answers. By default only loopback
 * ones ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}, any port): a page on another site, or
 * a site whose name was rebound to 127.0.0.1 (DNS rebinding), gets 403 before anything runs. A
 * request from the page's own origin (its {@code Origin} names the {@code Host} it asks) is always
 * allowed, as a browser would send it anyway. {@code "*"} allows any.
 *
 * @param origins origins allowed besides loopback ones, e.g. {@code https://app.example.com}, or
 *     {@code *}
 * @param hosts host names allowed besides loopback ones and the bound address, or {@code *}
 */
public record Origins(Set<String> origins, Set<String> hosts) {
    /** Loopback only. */
    public static final Origins LOOPBACK = new Origins(Set.of(), Set.of());

    private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    /**
     * Checks and copies the lists.
     *
     * @param origins origins allowed besides loopback ones
     * @param hosts host names allowed besides loopback ones
     */
    public Origins {
        origins =
                Set.copyOf(origins.stream().map(o -> o.toLowerCase(Locale.ROOT)).toList());
        hosts = Set.copyOf(hosts.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList());
    }

    /**
     * Whether a request's {@code Host} header names this server: a loopback name, one allowed, or
     * any when {@code *} is allowed. A request without one (HTTP/1.0) is allowed.
     *
     * @param host the header, or null
     * @return true when allowed
     */
    public boolean hostAllowed(String host) {
        if (host == null || hosts.contains("*")) {
            return true;
        }
        String name = hostName(host);
        return name != null && (LOOPBACK_HOSTS.contains(name) || hosts.contains(name));
    }

    /**
     * Whether a browser on {@code origin} may call the server, asked through {@code host}.
     *
     * @param origin the {@code Origin} header
     * @param host the {@code Host} header, or null
     * @return true when allowed
     */
    public boolean originAllowed(String origin, String host) {
        String o = origin.toLowerCase(Locale.ROOT);
        if (origins.contains("*") || origins.contains(o)) {
            return true;
        }
        URI uri;
        try {
            uri = URI.create(o);
        } catch (IllegalArgumentException e) {
            return false; // "null" (a sandboxed frame, a file:// page) and anything malformed
        }
        if (uri.getHost() == null
                || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
            return false;
        }
        String authority = uri.getRawAuthority();
        if (host != null && authority != null && authority.equals(host.toLowerCase(Locale.ROOT))) {
            return true; // the page's own origin
        }
        return LOOPBACK_HOSTS.contains(uri.getHost());
    }

    /** The name of a {@code Host} header, without its port; null when malformed. */
    private static String hostName(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? null : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }
}
