package dev.switchboard.processor.schema;

import dev.switchboard.processor.schema.StoredSchema.ChannelDef;
import dev.switchboard.processor.schema.StoredSchema.ClassDef;
import dev.switchboard.processor.schema.StoredSchema.CodecDef;
import dev.switchboard.processor.schema.StoredSchema.EnumDef;
import dev.switchboard.processor.schema.StoredSchema.FieldDef;
import dev.switchboard.processor.schema.StoredSchema.NodeDef;
import dev.switchboard.processor.schema.StoredSchema.RecordDef;
import dev.switchboard.processor.schema.StoredSchema.SealedDef;
import dev.switchboard.processor.schema.StoredSchema.TypeDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link StoredSchema} as the JSON of a schema file, and back. Optional members are left out
 * when they have their default (no reducer, not nullable, no rename), so that a file says only what
 * matters; a reader takes the same defaults.
 */
final class SchemaJson {
    private SchemaJson() {}

    static String write(StoredSchema s) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", StoredSchema.FORMAT);
        root.put("graph", s.graph());
        root.put("version", s.version());
        Map<String, Object> channels = new LinkedHashMap<>();
        s.channels().forEach((name, c) -> channels.put(name, channel(c)));
        root.put("channels", channels);
        Map<String, Object> nodes = new LinkedHashMap<>();
        s.nodes().forEach((name, n) -> {
            Map<String, Object> node = new LinkedHashMap<>();
            putIf(node, "payload", n.payload());
            putIf(node, "renamedFrom", n.renamedFrom());
            nodes.put(name, node);
        });
        root.put("nodes", nodes);
        Map<String, Object> types = new LinkedHashMap<>();
        new TreeMap<>(s.types()).forEach((name, t) -> types.put(name, type(t)));
        root.put("types", types);
        return Json.write(root);
    }

    private static Map<String, Object> channel(ChannelDef c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", c.kind());
        putIf(out, "reducer", c.reducer());
        out.put("type", c.type());
        if (c.nullable()) {
            out.put("nullable", true);
        }
        putIf(out, "codec", c.codec());
        if (c.privateState()) {
            out.put("private", true);
        }
        putIf(out, "renamedFrom", c.renamedFrom());
        return out;
    }

    private static Map<String, Object> type(TypeDef t) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (t instanceof RecordDef r) {
            Map<String, Object> components = new LinkedHashMap<>();
            r.components().forEach((name, f) -> {
                Map<String, Object> field = new LinkedHashMap<>();
                field.put("type", f.type());
                if (f.nullable()) {
                    field.put("nullable", true);
                }
                if (!f.aliases().isEmpty()) {
                    field.put("aliases", f.aliases());
                }
                components.put(name, field);
            });
            out.put("record", components);
        } else if (t instanceof SealedDef sd) {
            out.put("sealed", new LinkedHashMap<String, Object>(sd.tags()));
        } else if (t instanceof EnumDef e) {
            out.put("enum", e.constants());
        } else if (t instanceof CodecDef c) {
            out.put("codec", c.codec());
        } else {
            out.put("class", true);
        }
        return out;
    }

    private static void putIf(Map<String, Object> out, String key, String value) {
        if (value != null) {
            out.put(key, value);
        }
    }

    // ---------------------------------------------------------------- reading

    /** Reads a schema file; a file this processor cannot read is a {@link Json.MalformedException}. */
    static StoredSchema read(String text) throws Json.MalformedException {
        Map<String, Object> root = object(Json.parse(text), "the file");
        long format = number(root, "format");
        if (format != StoredSchema.FORMAT) {
            throw new Json.MalformedException("its format is " + format + ", and this processor reads format "
                    + StoredSchema.FORMAT + "; use the Switchboard version that wrote it, or a newer one");
        }
        Map<String, ChannelDef> channels = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e :
                object(root.get("channels"), "channels").entrySet()) {
            Map<String, Object> c = object(e.getValue(), "channel " + e.getKey());
            channels.put(
                    e.getKey(),
                    new ChannelDef(
                            string(c, "kind", true),
                            string(c, "reducer", false),
                            string(c, "type", true),
                            Boolean.TRUE.equals(c.get("nullable")),
                            string(c, "codec", false),
                            Boolean.TRUE.equals(c.get("private")),
                            string(c, "renamedFrom", false)));
        }
        Map<String, NodeDef> nodes = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : object(root.get("nodes"), "nodes").entrySet()) {
            Map<String, Object> n = object(e.getValue(), "node " + e.getKey());
            nodes.put(e.getKey(), new NodeDef(string(n, "payload", false), string(n, "renamedFrom", false)));
        }
        Map<String, TypeDef> types = new TreeMap<>();
        for (Map.Entry<String, Object> e : object(root.get("types"), "types").entrySet()) {
            types.put(e.getKey(), typeDef(e.getKey(), object(e.getValue(), "type " + e.getKey())));
        }
        return new StoredSchema((int) number(root, "version"), string(root, "graph", true), channels, nodes, types);
    }

    private static TypeDef typeDef(String name, Map<String, Object> t) throws Json.MalformedException {
        if (t.get("record") != null) {
            Map<String, FieldDef> fields = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e :
                    object(t.get("record"), "record " + name).entrySet()) {
                Map<String, Object> f = object(e.getValue(), "component " + e.getKey() + " of " + name);
                fields.put(
                        e.getKey(),
                        new FieldDef(
                                string(f, "type", true),
                                Boolean.TRUE.equals(f.get("nullable")),
                                strings(f.get("aliases"), "aliases of " + e.getKey())));
            }
            return new RecordDef(fields);
        }
        if (t.get("sealed") != null) {
            Map<String, String> tags = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e :
                    object(t.get("sealed"), "sealed " + name).entrySet()) {
                if (!(e.getValue() instanceof String s)) {
                    throw new Json.MalformedException("tag " + e.getKey() + " of " + name + " is not a string");
                }
                tags.put(e.getKey(), s);
            }
            return new SealedDef(tags);
        }
        if (t.get("enum") != null) {
            return new EnumDef(strings(t.get("enum"), "enum " + name));
        }
        if (t.get("codec") != null) {
            return new CodecDef(string(t, "codec", true));
        }
        if (Boolean.TRUE.equals(t.get("class"))) {
            return new ClassDef();
        }
        throw new Json.MalformedException("type " + name + " is none of record, sealed, enum, codec, class");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object v, String what) throws Json.MalformedException {
        if (!(v instanceof Map<?, ?>)) {
            throw new Json.MalformedException(what + " is not a JSON object");
        }
        return (Map<String, Object>) v;
    }

    private static String string(Map<String, Object> o, String key, boolean required) throws Json.MalformedException {
        Object v = o.get(key);
        if (v == null && !required) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new Json.MalformedException("\"" + key + "\" is " + (v == null ? "missing" : "not a string"));
        }
        return s;
    }

    private static long number(Map<String, Object> o, String key) throws Json.MalformedException {
        if (!(o.get(key) instanceof Long n)) {
            throw new Json.MalformedException("\"" + key + "\" is not a number");
        }
        return n;
    }

    private static List<String> strings(Object v, String what) throws Json.MalformedException {
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list)) {
            throw new Json.MalformedException(what + " is not an array");
        }
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String s)) {
                throw new Json.MalformedException(what + " holds a non-string");
            }
            out.add(s);
        }
        return List.copyOf(out);
    }
}
