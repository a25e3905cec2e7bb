package dev.switchboard.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The store API ({@code client.store} in the JS SDK): items by namespace and key. Thread-safe. */
public final class StoreClient {
    private final Http http;

    StoreClient(Http http) {
        this.http = http;
    }

    private static ObjectNode at(List<String> namespace, String key) {
        ObjectNode b = Http.object();
        b.set("namespace", Http.tree(List.copyOf(namespace)));
        b.put("key", Objects.requireNonNull(key, "key"));
        return b;
    }

    /**
     * Writes an item.
     *
     * @param namespace its namespace
     * @param key its key
     * @param value its value: a JSON object (map, record or tree)
     */
    public void putItem(List<String> namespace, String key, Object value) {
        http.send("PUT", "store/items", at(namespace, key).set("value", Http.tree(value)));
    }

    /**
     * Reads an item.
     *
     * @param namespace its namespace
     * @param key its key
     * @return the item, or empty when there is none
     */
    public Optional<Item> getItem(List<String> namespace, String key) {
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("namespace", String.join(".", namespace));
        q.put("key", key);
        try {
            JsonNode item = http.get("store/items" + Http.query(q));
            // LangGraph's servers answer a missing item with null (or 404)
            return item.isNull() ? Optional.empty() : Optional.of(new Item(item));
        } catch (ApiException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Deletes an item.
     *
     * @param namespace its namespace
     * @param key its key
     */
    public void deleteItem(List<String> namespace, String key) {
        http.send("DELETE", "store/items", at(namespace, key));
    }

    /**
     * Items under a namespace prefix, as {@code POST /store/items/search}.
     *
     * @param namespacePrefix the prefix
     * @param search {@code filter}, {@code limit}, {@code offset}, {@code query}, or an empty map
     * @return the items
     */
    public List<Item> searchItems(List<String> namespacePrefix, Map<String, ?> search) {
        ObjectNode body = (ObjectNode) Http.tree(search).deepCopy();
        body.set("namespace_prefix", Http.tree(List.copyOf(namespacePrefix)));
        List<Item> out = new ArrayList<>();
        http.post("store/items/search", body).path("items").forEach(i -> out.add(new Item(i)));
        return List.copyOf(out);
    }

    /**
     * The namespaces holding items, as {@code POST /store/namespaces}.
     *
     * @param query {@code prefix}, {@code suffix}, {@code max_depth}, {@code limit}, {@code
     *     offset}, or an empty map
     * @return the namespaces
     */
    public List<List<String>> listNamespaces(Map<String, ?> query) {
        List<List<String>> out = new ArrayList<>();
        for (JsonNode ns : http.post("store/namespaces", Http.tree(query)).path("namespaces")) {
            List<String> labels = new ArrayList<>();
            ns.forEach(l -> labels.add(l.asString()));
            out.add(List.copyOf(labels));
        }
        return List.copyOf(out);
    }
}
