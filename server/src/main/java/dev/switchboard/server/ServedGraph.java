package dev.switchboard.server;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.internal.ComponentSpec;
import dev.switchboard.runtime.internal.StateSchema;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A registered graph as the API sees it: its graph id, the id of its system assistant, and the
 * conversions between request JSON and the graph's typed updates and commands.
 */
final class ServedGraph {
    /** The namespace LangGraph derives system assistant ids from: uuid5(graph id, this). */
    private static final UUID ASSISTANT_NAMESPACE = UUID.fromString("6ba7b821-9dad-11d1-80b4-00c04fd430c8");

    private static final String START = "__start__";

    final String graphId;
    final String assistantId;
    final CompiledGraph<Object, StateUpdate, Object> graph;
    final StateSchema<?> schema;
    final ClientForms forms;

    ServedGraph(String graphId, CompiledGraph<Object, StateUpdate, Object> graph, StateSchema<?> schema) {
        this.graphId = graphId;
        this.assistantId = uuid5(ASSISTANT_NAMESPACE, graphId).toString();
        this.graph = graph;
        this.schema = schema;
        this.forms = new ClientForms(schema);
    }

    /** The state channels a client sees, in declaration order (managed values are computed, not state). */
    List<String> channels() {
        List<String> out = new ArrayList<>();
        for (ComponentSpec c : schema.components()) {
            if (c.channel() != null) {
                out.add(c.name());
            }
        }
        return out;
    }

    /**
     * Decodes {@code values} into an update. Keys that are not channels of the state are ignored, as
     * LangGraph drops input keys outside the input schema; a value of the wrong type is a 400. A
     * single value for a list channel counts as a one-element list, as LangGraph's append reducers
     * take both.
     */
    StateUpdate update(JsonNode values, String field) {
        if (!values.isObject()) {
            throw ApiException.invalid(field, field + " must be a JSON object keyed by state channel");
        }
        Map<Integer, Object> writes = new LinkedHashMap<>();
        List<ComponentSpec> components = schema.components();
        for (int i = 0; i < components.size(); i++) {
            ComponentSpec c = components.get(i);
            JsonNode v = values.get(c.name());
            if (c.channel() == null || v == null) {
                continue;
            }
            if (!v.isArray() && List.class.isAssignableFrom(c.channel().type().raw())) {
                v = Json.array().add(v);
            }
            try {
                writes.put(i, forms.read(c.channel().type(), v));
            } catch (SerdeException e) {
                throw ApiException.status(
                        422, "cannot read '" + c.name() + "' of graph '" + graphId + "': " + e.getMessage());
            }
        }
        return new JsonUpdate(schema, writes);
    }

    /**
     * A run's {@code input}. One that cannot be read fails the run as LangGraph's does, whose
     * {@code __start__} task reads the input after the input checkpoint is written: the thread
     * first gets a checkpoint with nothing written and the graph's first step pending (so its
     * state shows where the run stopped), then the run fails with the reason.
     */
    StateUpdate input(JsonNode input, RunConfig config) {
        try {
            return update(input, "input");
        } catch (ApiException e) {
            try {
                graph.updateState(config, new JsonUpdate(schema, Map.of()), START);
            } catch (RuntimeException notRecorded) {
                e.addSuppressed(notRecorded);
            }
            throw e;
        }
    }

    /** A {@code command} body: {@code resume} (a value, or a map by interrupt id), {@code goto}, {@code update}. */
    Command<StateUpdate> command(JsonNode body) {
        Command<StateUpdate> cmd = null;
        JsonNode resume = body.get("resume");
        if (resume != null) {
            cmd = resumeByIds(resume) ? Command.resumeAll(plainMap(resume)) : Command.resume(Json.plain(resume));
        }
        JsonNode update = body.get("update");
        if (update != null && !update.isNull()) {
            StateUpdate u = update(update, "command.update");
            cmd = cmd == null ? Command.update(u) : cmd.withUpdate(u);
        }
        String[] gotos = gotos(body.get("goto"));
        if (gotos.length > 0) {
            cmd = cmd == null ? Command.goTo(gotos) : cmd.andGoTo(gotos);
        }
        if (cmd == null) {
            throw ApiException.invalid("command", "a command needs resume, update or goto");
        }
        return cmd;
    }

    private static boolean resumeByIds(JsonNode resume) {
        if (!resume.isObject() || resume.isEmpty()) {
            return false;
        }
        for (String key : resume.propertyNames()) {
            if (!key.matches("[0-9a-f]{32}")) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, Object> plainMap(JsonNode node) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            out.put(e.getKey(), Json.plain(e.getValue()));
        }
        return out;
    }

    private static String[] gotos(JsonNode node) {
        if (node == null || node.isNull()) {
            return new String[0];
        }
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(n.isObject() ? Json.text(n, "node") : n.asString()));
        } else {
            out.add(node.isObject() ? Json.text(node, "node") : node.asString());
        }
        return out.toArray(String[]::new);
    }

    /** The state channels of {@code channels} as JSON in their client form, in declaration order. */
    ObjectNode values(Map<String, Object> channels) {
        ObjectNode out = Json.object();
        for (ComponentSpec c : schema.components()) {
            if (c.channel() != null && channels.containsKey(c.name())) {
                out.set(c.name(), forms.write(c.channel().type(), channels.get(c.name())));
            }
        }
        return out;
    }

    /** The channels that hold chat messages (LangGraph's {@code messages} stream mode reports them). */
    List<String> messageChannels() {
        List<String> out = new ArrayList<>();
        for (ComponentSpec c : schema.components()) {
            if (c.channel() != null && forms.holdsMessages(c.channel().type())) {
                out.add(c.name());
            }
        }
        return out;
    }

    /**
     * Gives the message channels of a JSON Schema the shape of LangGraph message JSON (the
     * processor sees only an opaque codec type there), so that a client can tell a chat graph by
     * its schema and build a message; the items are titled {@code Message}.
     */
    void describeMessages(JsonNode jsonSchema) {
        JsonNode props = jsonSchema.get("properties");
        if (!(props instanceof ObjectNode properties)) {
            return;
        }
        for (String name : messageChannels()) {
            JsonNode p = properties.get(name);
            if (p instanceof ObjectNode prop && "array".equals(Json.text(prop, "type"))) {
                prop.set("items", messageSchema());
            } else if (p != null) {
                properties.set(name, messageSchema());
            }
        }
    }

    private static ObjectNode messageSchema() {
        ObjectNode m = Json.object().put("title", "Message").put("type", "object");
        m.put("description", "LangGraph message JSON; {role, content} dicts are accepted too");
        ObjectNode props = m.putObject("properties");
        props.putObject("type").set("enum", Json.tree(List.of("human", "ai", "system", "tool", "remove")));
        props.putObject("content");
        props.putObject("id").put("type", "string");
        props.putObject("name").put("type", "string");
        props.putObject("tool_calls").put("type", "array");
        props.putObject("tool_call_id").put("type", "string");
        return m;
    }

    static UUID uuid5(UUID namespace, String name) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(toBytes(namespace));
            byte[] h = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
            h[6] = (byte) ((h[6] & 0x0f) | 0x50);
            h[8] = (byte) ((h[8] & 0x3f) | 0x80);
            long msb = 0;
            long lsb = 0;
            for (int i = 0; i < 8; i++) {
                msb = (msb << 8) | (h[i] & 0xff);
                lsb = (lsb << 8) | (h[i + 8] & 0xff);
            }
            return new UUID(msb, lsb);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every JDK", e);
        }
    }

    private static byte[] toBytes(UUID u) {
        byte[] out = new byte[16];
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) (u.getMostSignificantBits() >>> (56 - 8 * i));
            out[i + 8] = (byte) (u.getLeastSignificantBits() >>> (56 - 8 * i));
        }
        return out;
    }
}
