package dev.switchboard.client;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** What remote graphs and A2A agents run from a node share: derived ids and plain values. */
final class Remote {
    private Remote() {}

    /**
     * A UUID derived from its parts (name-based, version 3): the same local thread, namespace and
     * node always name the same remote thread or conversation.
     */
    static String id(String... parts) {
        return UUID.nameUUIDFromBytes(String.join("\u0000", parts).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /** A JSON tree as plain Java values (maps, lists, strings, numbers), as the local run stores them. */
    static Object plain(JsonNode node) {
        return node == null || node.isMissingNode() ? null : Http.JSON.treeToValue(node, Object.class);
    }
}
