package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the fields of one stored JSON document (a checkpoint header or its metadata) strictly:
 * every field must be there with its type, and anything else fails as a {@link SerdeException}
 * that names the document and the field's path, so a corrupt store is reported as such instead of
 * as whatever a JSON library or parser happens to throw.
 */
final class StoredFields {
    private final String document;

    /** Reads fields of the document named {@code document} in messages ({@code "checkpoint header"}). */
    StoredFields(String document) {
        this.document = document;
    }

    JsonNode object(JsonNode parent, String path, String name) {
        JsonNode n = field(parent, path, name);
        if (!n.isObject()) {
            throw corrupt(path, "is not an object: " + n);
        }
        return n;
    }

    String string(JsonNode parent, String path, String name) {
        JsonNode n = field(parent, path, name);
        if (!n.isString()) {
            throw corrupt(path, "is not a string: " + n);
        }
        return n.asString();
    }

    /** A string that is a checkpoint key: one a saver would have refused to store is corrupt. */
    String key(JsonNode parent, String path, String name) {
        String s = string(parent, path, name);
        try {
            return CheckpointKeys.check(path, s);
        } catch (IllegalArgumentException e) {
            throw corrupt(path, "is not a valid key (" + e.getMessage() + ")");
        }
    }

    long integer(JsonNode parent, String path, String name, long min, long max) {
        JsonNode n = field(parent, path, name);
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < min || n.asLong() > max) {
            throw corrupt(path, "is not a whole number from " + min + " to " + max + ": " + n);
        }
        return n.asLong();
    }

    Instant instant(JsonNode parent, String path, String name) {
        String s = string(parent, path, name);
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            throw new SerdeException(prefix(path) + "is not an ISO-8601 instant: \"" + s + "\"", e);
        }
    }

    /** A field that must be there. */
    JsonNode field(JsonNode parent, String path, String name) {
        JsonNode n = parent.get(name);
        if (n == null || n.isNull()) {
            throw corrupt(path, "is missing");
        }
        return n;
    }

    SerdeException corrupt(String path, String problem) {
        return new SerdeException(prefix(path) + problem + "; the store was modified or damaged", null);
    }

    private String prefix(String path) {
        return "stored " + document + ": field '" + path + "' ";
    }
}
