package dev.switchboard.server.protocol;

import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Which protocol events a subscription receives, as LangGraph's protocol filters them: by channel
 * ({@code custom} also takes the named {@code custom:<name>} ones), by namespace prefix (a prefix
 * segment without {@code :} also matches a segment {@code name:id}), at most {@code depth} levels
 * below the prefix, and, for a replay, only events after sequence number {@code since}.
 *
 * @param channels the channels
 * @param namespaces the namespace prefixes; empty for every namespace
 * @param depth the deepest level below a prefix, or null for any
 * @param since replay only events with a higher sequence number, or null for all
 */
public record EventFilter(Set<String> channels, List<List<String>> namespaces, Integer depth, Integer since) {
    /** The channels the protocol defines; {@code custom:<name>} is accepted too. */
    public static final Set<String> CHANNELS =
            Set.of("values", "updates", "messages", "tools", "lifecycle", "input", "checkpoints", "tasks", "custom");

    /**
     * A filter read from a request: {@code channels} (required, each a protocol channel), {@code
     * namespaces}, {@code depth}, {@code since}; anything else is a 4xx.
     *
     * @param body the event stream request or subscribe params
     * @param strict whether unknown fields are refused (the SSE request is strict, as LangGraph's)
     * @return the filter
     */
    public static EventFilter parse(JsonNode body, boolean strict) {
        if (strict) {
            for (String field : body.propertyNames()) {
                if (!Set.of("channels", "namespaces", "depth", "since").contains(field)) {
                    throw ApiException.invalid(field, "unknown field \"" + field + "\" in the event stream request");
                }
            }
        }
        JsonNode ch = body.get("channels");
        if (ch == null || !ch.isArray() || ch.isEmpty()) {
            throw ApiException.invalid("channels", "channels must be a non-empty list of protocol channels");
        }
        Set<String> channels = new LinkedHashSet<>();
        for (JsonNode c : ch) {
            String name = c.isString() ? c.asString() : "";
            if (!CHANNELS.contains(name) && !(name.startsWith("custom:") && name.length() > 7)) {
                throw ApiException.invalid(
                        "channels", "unsupported channel " + c + "; channels are " + CHANNELS + " or custom:<name>");
            }
            channels.add(name);
        }
        return new EventFilter(
                channels, namespaces(body.get("namespaces")), count(body, "depth"), count(body, "since"));
    }

    private static List<List<String>> namespaces(JsonNode n) {
        List<List<String>> out = new ArrayList<>();
        if (n == null || n.isNull()) {
            return out;
        }
        if (!n.isArray()) {
            throw ApiException.invalid("namespaces", "namespaces must be a list of namespaces (lists of strings)");
        }
        for (JsonNode ns : n) {
            if (!ns.isArray()) {
                throw ApiException.invalid("namespaces", "each namespace must be a list of strings, was " + ns);
            }
            List<String> segments = new ArrayList<>();
            for (JsonNode s : ns) {
                if (!s.isString()) {
                    throw ApiException.invalid("namespaces", "a namespace segment must be a string, was " + s);
                }
                segments.add(s.asString());
            }
            out.add(segments);
        }
        return out;
    }

    private static Integer count(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 0) {
            throw ApiException.invalid(field, field + " must be a non-negative integer, was " + n);
        }
        return n.asInt();
    }

    /**
     * The channel of an event: its method's, {@code custom:<name>} for a named custom payload,
     * {@code input} for {@code input.requested}.
     *
     * @param event the event envelope
     * @return the channel, or null for an unknown method
     */
    public static String channelOf(JsonNode event) {
        String method = event.path("method").asString("");
        return switch (method) {
            case "values", "checkpoints", "updates", "messages", "tools", "lifecycle", "tasks" -> method;
            case "input", "input.requested", "input.answered" -> "input";
            case "custom" -> {
                String name = Json.text(event.path("params").path("data"), "name");
                yield name == null ? "custom" : "custom:" + name;
            }
            default -> null;
        };
    }

    /**
     * Whether this filter lets an event through.
     *
     * @param event the event envelope
     * @return true when it matches
     */
    public boolean matches(JsonNode event) {
        if (since != null && event.path("seq").asInt(0) <= since) {
            return false;
        }
        String channel = channelOf(event);
        if (channel == null
                || !(channels.contains(channel) || channel.startsWith("custom:") && channels.contains("custom"))) {
            return false;
        }
        if (namespaces.isEmpty()) {
            return true;
        }
        List<String> ns = new ArrayList<>();
        event.path("params").path("namespace").forEach(s -> ns.add(s.asString()));
        for (List<String> prefix : namespaces) {
            if (isPrefix(prefix, ns) && (depth == null || ns.size() - prefix.size() <= depth)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPrefix(List<String> prefix, List<String> ns) {
        if (prefix.size() > ns.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            String p = prefix.get(i);
            String s = ns.get(i);
            if (s.equals(p)) {
                continue;
            }
            int colon = s.indexOf(':');
            if (p.contains(":") || !(colon < 0 ? s : s.substring(0, colon)).equals(p)) {
                return false;
            }
        }
        return true;
    }

    /**
     * This filter without its replay cursor (a live subscription's).
     *
     * @return the filter
     */
    public EventFilter live() {
        return new EventFilter(channels, namespaces, depth, null);
    }
}
