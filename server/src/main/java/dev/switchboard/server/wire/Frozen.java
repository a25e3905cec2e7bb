package dev.switchboard.server.wire;

import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.util.RawValue;

/**
 * A JSON value kept as its bytes: what the server holds for long (a thread's last values, a
 * finished run's request and result) costs its text, not a tree several times that size. Each
 * {@link #thaw} parses a new tree, which the caller may change.
 *
 * @param bytes the JSON, UTF-8
 */
public record Frozen(byte[] bytes) {
    /**
     * Freezes a value.
     *
     * @param value the value, or null
     * @return it frozen, or null
     */
    public static Frozen of(JsonNode value) {
        return value == null ? null : new Frozen(Json.bytes(value));
    }

    /**
     * Thaws a value.
     *
     * @param frozen a frozen value, or null
     * @return a new tree of it, or null
     */
    public static JsonNode thaw(Frozen frozen) {
        return frozen == null ? null : frozen.thaw();
    }

    /** @return a new tree of the value */
    public JsonNode thaw() {
        return Json.parse(bytes);
    }

    /**
     * The value as its text, for a tree that is only written out (a row, an answer): no tree is
     * parsed again to be written back as the same text.
     *
     * @param frozen a frozen value, or null
     * @return its text as a raw value, or null
     */
    public static RawValue raw(Frozen frozen) {
        return frozen == null ? null : new RawValue(new String(frozen.bytes, StandardCharsets.UTF_8));
    }
}
