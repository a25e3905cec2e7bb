package dev.switchboard.server.auth;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * LangGraph's authorization handlers in typed Java: a handler per resource and action, a default
 * per resource, and a catch-all; the most specific one decides (resource and action, then the
 * resource, then the catch-all), and a request none covers is allowed. Set it with {@code
 * ServerBuilder.authorization}; it applies to authenticated requests (with an {@link
 * dev.switchboard.server.Authenticator}, or a transport that authenticates, such as Spring
 * Security). Threads stay private to the identity that created them; handlers narrow further, and
 * are the only tenancy of the shared resources (assistants).
 *
 * <pre>{@code
 * Authorization auth = Authorization.builder()
 *         .on(Resource.ASSISTANTS, r -> Decision.filter(Map.of("org", orgOf(r.user()))))
 *         .on(Resource.CRONS, Action.CREATE, r -> admins.contains(r.user()) ? Decision.allow() : Decision.deny())
 *         .build();
 * }</pre>
 */
public final class Authorization {
    private final Map<Resource, Map<Action, AuthHandler>> specific;
    private final Map<Resource, AuthHandler> perResource;
    private final AuthHandler any;

    private Authorization(Builder b) {
        Map<Resource, Map<Action, AuthHandler>> s = new EnumMap<>(Resource.class);
        b.specific.forEach((r, m) -> s.put(r, new EnumMap<>(m)));
        this.specific = s;
        this.perResource = new EnumMap<>(b.perResource);
        this.any = b.any;
    }

    /**
     * A builder with no handlers (everything allowed).
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Decides a request with the most specific handler that covers it.
     *
     * @param request the request
     * @return the decision; {@link Decision#allow()} when no handler covers it
     */
    public Decision decide(AuthRequest request) {
        AuthHandler h = specific.getOrDefault(request.resource(), Map.of()).get(request.action());
        if (h == null) {
            h = perResource.get(request.resource());
        }
        if (h == null) {
            h = any;
        }
        if (h == null) {
            return Decision.allow();
        }
        return Objects.requireNonNull(
                h.authorize(request), () -> "the handler of " + request.event() + " answered null");
    }

    /** Collects the handlers; a later {@code on} of the same key replaces the earlier one. */
    public static final class Builder {
        private final Map<Resource, Map<Action, AuthHandler>> specific = new EnumMap<>(Resource.class);
        private final Map<Resource, AuthHandler> perResource = new EnumMap<>(Resource.class);
        private AuthHandler any;

        private Builder() {}

        /**
         * The handler of one action on one resource ({@code @auth.on.threads.create}).
         *
         * @param resource the resource
         * @param action the action
         * @param handler the handler
         * @return this builder
         */
        public Builder on(Resource resource, Action action, AuthHandler handler) {
            specific.computeIfAbsent(Objects.requireNonNull(resource, "resource"), r -> new EnumMap<>(Action.class))
                    .put(Objects.requireNonNull(action, "action"), Objects.requireNonNull(handler, "handler"));
            return this;
        }

        /**
         * The default handler of a resource's actions that have none of their own ({@code @auth.on.threads}).
         *
         * @param resource the resource
         * @param handler the handler
         * @return this builder
         */
        public Builder on(Resource resource, AuthHandler handler) {
            perResource.put(Objects.requireNonNull(resource, "resource"), Objects.requireNonNull(handler, "handler"));
            return this;
        }

        /**
         * The handler of every request no other handler covers ({@code @auth.on}).
         *
         * @param handler the handler
         * @return this builder
         */
        public Builder onAny(AuthHandler handler) {
            this.any = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /**
         * The authorization.
         *
         * @return it
         */
        public Authorization build() {
            return new Authorization(this);
        }
    }
}
