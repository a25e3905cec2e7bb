package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * The channel and node names a compact checkpoint header refers to by index: {@code [[channels],
 * [nodes]]}, each sorted, identified by a digest of that JSON. The same graph at the same point
 * produces the same dictionary, so a saver stores each one once however many checkpoints and
 * threads use it; the digest, checked on read, makes a stored dictionary that does not match its
 * id fail instead of renaming channels.
 *
 * @param id the digest that headers name the dictionary by
 * @param json the stored form
 * @param channels the channel names, by index
 * @param nodes the node names, by index
 */
record NameDictionary(String id, String json, List<String> channels, List<String> nodes) {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final StoredFields NAMES = new StoredFields("checkpoint names");

    /** Dictionaries already read, by id: a read checks each id once; stored dictionaries never change. */
    private static final Map<String, NameDictionary> READ = new ConcurrentHashMap<>();

    /** Dictionaries already made, by their names: stored dictionaries never change. */
    private static final Map<Names, NameDictionary> MADE = new ConcurrentHashMap<>();

    private static final int MAX_CACHED = 4096;

    /** The dictionary of one checkpoint's names. */
    static NameDictionary of(Checkpoint checkpoint) {
        TreeSet<String> channels = new TreeSet<>(checkpoint.channels().keySet());
        checkpoint.versionsSeen().values().forEach(v -> channels.addAll(v.keySet()));
        TreeSet<String> nodes = new TreeSet<>(checkpoint.versionsSeen().keySet());
        Names key = new Names(List.copyOf(channels), List.copyOf(nodes));
        NameDictionary made = MADE.get(key);
        if (made != null) {
            return made; // a run's checkpoints carry the same names: its JSON and digest are made once
        }
        made = make(key);
        if (MADE.size() >= MAX_CACHED) {
            MADE.clear();
        }
        MADE.put(key, made);
        return made;
    }

    /** A dictionary's names, sorted: what {@link #MADE} is keyed by. */
    private record Names(List<String> channels, List<String> nodes) {}

    private static NameDictionary make(Names names) {
        ArrayNode root = MAPPER.createArrayNode();
        names.channels().forEach(root.addArray()::add);
        names.nodes().forEach(root.addArray()::add);
        String json = MAPPER.writeValueAsString(root);
        return new NameDictionary(digest(json), json, names.channels(), names.nodes());
    }

    /** Each channel's index. */
    Map<String, Integer> channelIndexes() {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < channels.size(); i++) {
            index.put(channels.get(i), i);
        }
        return index;
    }

    /** Reads a stored dictionary, checking it is the one {@code id} names. */
    static NameDictionary read(String id, String json) {
        NameDictionary cached = READ.get(id);
        if (cached != null && cached.json.equals(json)) {
            return cached;
        }
        if (json == null) {
            throw NAMES.corrupt(id, "is missing: the header refers to names this store does not hold");
        }
        if (!digest(json).equals(id)) {
            throw NAMES.corrupt(id, "does not match its digest");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw NAMES.corrupt(id, "is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isArray() || root.size() != 2) {
            throw NAMES.corrupt(id, "is not a pair of name lists");
        }
        NameDictionary d = new NameDictionary(id, json, names(root.get(0), id), names(root.get(1), id));
        if (READ.size() >= MAX_CACHED) {
            READ.clear();
        }
        READ.put(id, d);
        return d;
    }

    private static List<String> names(JsonNode list, String id) {
        if (!list.isArray()) {
            throw NAMES.corrupt(id, "is not a pair of name lists");
        }
        List<String> out = new ArrayList<>(list.size());
        for (JsonNode n : list) {
            if (!n.isString()) {
                throw NAMES.corrupt(id, "holds a name that is not a string: " + n);
            }
            try {
                out.add(CheckpointKeys.check("name", n.asString()));
            } catch (IllegalArgumentException e) {
                throw NAMES.corrupt(id, "holds an invalid name (" + e.getMessage() + ")");
            }
        }
        return List.copyOf(out);
    }

    /** The first 96 bits of the SHA-256 of the JSON, in URL-safe Base64. */
    static String digest(String json) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(json.getBytes(StandardCharsets.UTF_8)); // per new dictionary only
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new SerdeException("SHA-256 is not available: " + e.getMessage(), e);
        }
    }
}
