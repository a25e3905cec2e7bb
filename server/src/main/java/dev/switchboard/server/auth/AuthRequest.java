package dev.switchboard.server.auth;

import java.util.Map;

/**
 * The request an authorization handler judges (LangGraph's handler argument): who asks, what they
 * ask, on which row, with which metadata.
 *
 * @param user the caller's identity, as the {@link dev.switchboard.server.Authenticator} (or the
 *     transport) answered it
 * @param resource the resource the route belongs to
 * @param action the action the route performs
 * @param id the row the route names ({@code thread_id}, {@code assistant_id}, {@code run_id},
 *     {@code cron_id}), or null when it names none (a search, a create without an id)
 * @param metadata the metadata the request sets (create, update) or searches for (search), as
 *     plain Java values (maps, lists, strings, numbers, booleans); empty when none
 */
public record AuthRequest(String user, Resource resource, Action action, String id, Map<String, Object> metadata) {
    /**
     * LangGraph's event name.
     *
     * @return e.g. {@code threads:create}
     */
    public String event() {
        return resource.wireName() + ":" + action.wireName();
    }
}
