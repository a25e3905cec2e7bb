package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A store item as the API answers it.
 *
 * @param json the item's JSON, whole
 */
public record Item(JsonNode json) {
    /**
     * The item's namespace.
     *
     * @return its labels
     */
    public List<String> namespace() {
        List<String> out = new ArrayList<>();
        json.path("namespace").forEach(n -> out.add(n.asString()));
        return List.copyOf(out);
    }

    /**
     * The item's key.
     *
     * @return the key
     */
    public String key() {
        return json.path("key").asString();
    }

    /**
     * The item's value.
     *
     * @return the value object
     */
    public JsonNode value() {
        return json.path("value");
    }
}
