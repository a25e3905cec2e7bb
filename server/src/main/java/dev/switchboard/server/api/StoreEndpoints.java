package dev.switchboard.server.api;

import dev.switchboard.runtime.store.Filter;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.PutOptions;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * LangGraph Server's {@code /store} endpoints on the server's {@link Store}: put, get and delete an
 * item, search items, list namespaces, with LangGraph's body shapes and status codes (400 for a
 * body that does not match the schema or a missing namespace, 422 for an invalid namespace label or
 * an argument the store refuses). With an authenticator, a caller only reaches namespaces whose
 * first label is its identity (LangGraph's documented store authorization): a search or listing
 * without a prefix is scoped to it, another identity's item reads as missing (404) and cannot be
 * written (403).
 */
public final class StoreEndpoints {
    /** The longest time to live an item may be given: a century, in minutes. */
    static final long MAX_TTL_MINUTES = 100L * 366 * 24 * 60;

    private final Store store;

    /**
     * The endpoints of a store.
     *
     * @param store the store
     */
    public StoreEndpoints(Store store) {
        this.store = store;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("PUT", "/store/items", this::put);
        r.add("GET", "/store/items", this::get);
        r.add("DELETE", "/store/items", this::delete);
        r.add("POST", "/store/items/search", ex -> ex.json(200, search(ex.body(), ex.owner())));
        r.add("POST", "/store/namespaces", ex -> ex.json(200, namespaces(ex.body(), ex.owner())));
    }

    private void put(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        Namespace ns = writable(labels(body, "namespace", true), ex.owner());
        String key = key(body.get("key"));
        JsonNode value = body.get("value");
        if (value == null || !value.isObject()) {
            throw ApiException.invalidType(List.of("value"), "object", value == null ? body.path("value") : value);
        }
        PutOptions options = options(body);
        refused(() -> {
            store.put(ns, key, Json.plain(value), options);
            return null;
        });
        ex.empty(204);
    }

    private void get(Exchange ex) throws IOException {
        String joined = ex.query("namespace");
        List<String> labels = joined == null || joined.isEmpty() ? List.of() : Arrays.asList(joined.split("\\.", -1));
        Namespace ns = namespace(labels, true);
        String key = ex.query("key");
        if (key == null) {
            throw ApiException.invalidType(
                    List.of("key"), "string", Json.object().path("key"));
        }
        if (!owns(ns, ex.owner())) {
            throw ApiException.notFound("Item not found");
        }
        String refresh = ex.query("refresh_ttl");
        Boolean refreshTtl = refresh == null ? null : Boolean.valueOf(refresh) || refresh.equals("1");
        Optional<?> item = refused(() -> (Optional<?>)
                store.batch(List.of(new StoreOp.Get(ns, key, refreshTtl))).get(0));
        ex.json(200, item.isPresent() ? item((Item) item.get()) : Json.MAPPER.nullNode());
    }

    private void delete(Exchange ex) throws IOException {
        ObjectNode body = ex.body();
        Namespace ns = writable(labels(body, "namespace", true), ex.owner());
        String key = key(body.get("key"));
        refused(() -> {
            store.delete(ns, key);
            return null;
        });
        ex.empty(204);
    }

    private ObjectNode search(ObjectNode body, String owner) {
        Namespace prefix = scoped(namespace(labels(body, "namespace_prefix", false), false), owner);
        JsonNode f = body.get("filter");
        if (f != null && !f.isNull() && !f.isObject()) {
            throw ApiException.invalidType(List.of("filter"), "object", f);
        }
        String query = text(body, "query");
        Boolean refresh = bool(body, "refresh_ttl");
        List<Item> items = refused(() -> {
            Filter filter = f == null || f.isNull() ? Filter.NONE : Filter.parse(plainMap(f));
            return store.search(new StoreOp.Search(
                    prefix, filter, query, number(body, "limit", 10), number(body, "offset", 0), refresh));
        });
        ObjectNode out = Json.object();
        ArrayNode array = out.putArray("items");
        items.forEach(i -> array.add(item(i)));
        return out;
    }

    private ObjectNode namespaces(ObjectNode body, String owner) {
        Namespace prefix = scoped(namespace(labels(body, "prefix", false), false), owner);
        Namespace suffix = namespace(labels(body, "suffix", false), false);
        JsonNode depth = body.get("max_depth");
        Integer maxDepth = depth == null || depth.isNull() ? null : number(body, "max_depth", 0);
        List<Namespace> found = refused(() -> store.listNamespaces(new StoreOp.ListNamespaces(
                prefix, suffix, maxDepth, number(body, "limit", 100), number(body, "offset", 0))));
        ObjectNode out = Json.object();
        ArrayNode array = out.putArray("namespaces");
        found.forEach(ns -> array.add(Json.tree(ns.labels())));
        return out;
    }

    private static ObjectNode item(Item i) {
        ObjectNode o = Json.object();
        o.set("namespace", Json.tree(i.namespace().labels()));
        o.put("key", i.key());
        o.set("value", Json.tree(i.value()));
        o.put("created_at", i.createdAt().toString());
        o.put("updated_at", i.updatedAt().toString());
        i.score().ifPresent(s -> o.put("score", s));
        return o;
    }

    /** The labels of an array-of-strings field; null when absent and not required. */
    private static List<String> labels(JsonNode body, String field, boolean required) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            if (required) {
                throw ApiException.invalidType(List.of(field), "array", body.path(field));
            }
            return List.of();
        }
        return Fields.strings(body, field);
    }

    /**
     * As LangGraph: an item's namespace needs a label (400), and no label is empty or holds a
     * period (422); the store then refuses what else it does not allow, with 422.
     */
    private static Namespace namespace(List<String> labels, boolean item) {
        if (item && labels.isEmpty()) {
            throw ApiException.badRequest("Namespace is required");
        }
        for (String label : labels) {
            if (label.isEmpty() || label.indexOf('.') >= 0) {
                throw ApiException.status(
                        422,
                        "Namespace labels cannot be empty or contain periods. Received: " + String.join(".", labels));
            }
        }
        return refused(() -> new Namespace(labels));
    }

    private static Namespace writable(List<String> labels, String owner) {
        Namespace ns = namespace(labels, true);
        if (!owns(ns, owner)) {
            throw ApiException.status(403, notYours(owner));
        }
        return ns;
    }

    /** A prefix the caller may read under: its own root when it gives none. */
    private static Namespace scoped(Namespace prefix, String owner) {
        if (owner == null) {
            return prefix;
        }
        if (prefix.depth() == 0) {
            return Namespace.of(owner);
        }
        if (!owns(prefix, owner)) {
            throw ApiException.status(403, notYours(owner));
        }
        return prefix;
    }

    private static boolean owns(Namespace ns, String owner) {
        return owner == null || ns.labels().get(0).equals(owner);
    }

    private static String notYours(String owner) {
        return "Not authorized: with authentication on, store namespaces start with the caller's identity (\"" + owner
                + "\")";
    }

    private static String key(JsonNode key) {
        if (key == null || !key.isString()) {
            throw ApiException.invalidType(
                    List.of("key"), "string", key == null ? Json.object().path("key") : key);
        }
        return key.asString();
    }

    /** LangGraph's {@code index} (false, or field paths) and {@code ttl} in minutes. */
    private static PutOptions options(ObjectNode body) {
        JsonNode index = body.get("index");
        JsonNode ttl = body.get("ttl");
        return refused(() -> {
            PutOptions o = PutOptions.DEFAULTS;
            if (index != null && index.isBoolean() && !index.asBoolean()) {
                o = o.withoutIndex();
            } else if (index != null && !index.isNull() && !index.isBoolean()) {
                o = o.withIndex(labels(body, "index", false).toArray(String[]::new));
            }
            if (ttl != null && !ttl.isNull()) {
                o = o.withTtl(ttl(ttl));
            }
            return o;
        });
    }

    /**
     * A time to live in minutes, at most {@link #MAX_TTL_MINUTES} (a century); the store refuses one
     * that is not positive (422, as LangGraph's).
     */
    private static Duration ttl(JsonNode ttl) {
        if (!ttl.isNumber()) {
            throw ApiException.invalidType(List.of("ttl"), "number", ttl);
        }
        BigDecimal minutes = ttl.decimalValue();
        if (minutes.compareTo(BigDecimal.valueOf(MAX_TTL_MINUTES)) > 0) {
            throw ApiException.outOfBounds(List.of("ttl"), false, MAX_TTL_MINUTES);
        }
        return Duration.ofMillis(minutes.multiply(BigDecimal.valueOf(60_000)).longValue());
    }

    private static int number(JsonNode body, String field, int dflt) {
        Integer n =
                Fields.integer(body, List.of(field), Integer.MIN_VALUE, Integer.MAX_VALUE); // the store refuses (422)
        return n == null ? dflt : n;
    }

    private static String text(JsonNode body, String field) {
        return Fields.string(body, field);
    }

    private static Boolean bool(JsonNode body, String field) {
        return Fields.bool(body, field);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> plainMap(JsonNode node) {
        return (Map<String, Object>) Json.plain(node);
    }

    /** Runs a store call; an argument it refuses answers 422 with its message. */
    private static <T> T refused(Supplier<T> call) {
        try {
            return call.get();
        } catch (IllegalArgumentException e) {
            throw ApiException.status(422, e.getMessage());
        }
    }
}
