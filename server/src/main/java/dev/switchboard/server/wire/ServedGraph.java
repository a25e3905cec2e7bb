package dev.switchboard.server.wire;

import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphSchema;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.WorkflowInput;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.ValueType;
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
 * conversions between request JSON and the graph's typed updates and commands, by the graph's
 * {@link GraphSchema}: requests are decoded with its input (or state) channels, answers written
 * with its state channels; a functional workflow's input and values are one bare value each, as
 * LangGraph's are.
 */
public final class ServedGraph {
    /** The namespace LangGraph derives system assistant ids from: uuid5(graph id, this). */
    private static final UUID ASSISTANT_NAMESPACE = UUID.fromString("6ba7b821-9dad-11d1-80b4-00c04fd430c8");

    private static final String START = "__start__";

    private final String graphId;
    private final String assistantId;
    private final CompiledGraph<Object, StateUpdate, Object> graph;
    private final GraphSchema schema;
    private final ClientForms forms;

    /**
     * A graph served under an id.
     *
     * @param graphId the graph id clients use
     * @param graph the compiled graph
     */
    public ServedGraph(String graphId, CompiledGraph<Object, StateUpdate, Object> graph) {
        this.graphId = graphId;
        this.assistantId = uuid5(ASSISTANT_NAMESPACE, graphId).toString();
        this.graph = graph;
        this.schema = graph.schema();
        this.forms = new ClientForms(schema);
    }

    /**
     * The graph id.
     *
     * @return the id clients use as {@code graph_id}
     */
    public String graphId() {
        return graphId;
    }

    /**
     * The id of the graph's system assistant: uuid5 of the graph id, as LangGraph derives it.
     *
     * @return the assistant id
     */
    public String assistantId() {
        return assistantId;
    }

    /**
     * The compiled graph.
     *
     * @return the graph
     */
    public CompiledGraph<Object, StateUpdate, Object> graph() {
        return graph;
    }

    /**
     * How the graph's values look to clients.
     *
     * @return the client forms
     */
    public ClientForms forms() {
        return forms;
    }

    /**
     * The state channels a client sees, in declaration order.
     *
     * @return the channel names
     */
    public List<String> channels() {
        return schema.channels().stream().map(GraphSchema.Channel::name).toList();
    }

    /**
     * Decodes {@code values} into an update of the state (a state update's {@code values}, a
     * command's {@code update}). A key that is no channel, or a value its channel's type cannot
     * take, is a 422 naming it. A single value for a list channel counts as a one-element list, as
     * LangGraph's append reducers take both.
     *
     * @param values the JSON object
     * @param field the request field it came from, for error messages
     * @return the update
     */
    public StateUpdate update(JsonNode values, String field) {
        Map<String, Object> writes = decode(values, field, schema.channels(), true);
        try {
            return schema.update(writes);
        } catch (IllegalArgumentException e) {
            // a node-private channel: no client writes it
            throw ApiException.issue(422, List.of(field), "custom", e.getMessage());
        }
    }

    /**
     * Checks a run's request against the graph before anything is created: its {@code input}
     * against the input channels, its {@code command.update} against the state's. Values of
     * channels that hold chat messages are left to the run, which fails on a message it cannot
     * read as LangGraph's does (its reducer reads them). A functional workflow's input is one bare
     * value that LangGraph takes unchecked: a run that cannot read it fails naming the type.
     *
     * @param input the request's input, JSON null when none
     * @param command the request's command, or null
     */
    public void validate(JsonNode input, JsonNode command) {
        if (input != null && !input.isNull() && schema.workflowInput().isEmpty()) {
            decode(input, "input", schema.input(), false);
        }
        if (command != null && command.has("update") && !command.get("update").isNull()) {
            decode(command.get("update"), "command", schema.channels(), false);
        }
    }

    /** Decodes values of {@code channels}; {@code messages} false leaves chat message channels unread. */
    private Map<String, Object> decode(
            JsonNode values, String field, List<GraphSchema.Channel> channels, boolean messages) {
        if (!values.isObject()) {
            throw ApiException.issue(
                    422, List.of(field), "invalid_type", "Expected object, received " + ApiException.typeOf(values));
        }
        unknownKeys(values, field, channels);
        Map<String, Object> writes = new LinkedHashMap<>();
        for (GraphSchema.Channel c : channels) {
            JsonNode v = values.get(c.name());
            if (v == null || (!messages && forms.holdsMessages(c.type()))) {
                continue;
            }
            if (!v.isArray() && List.class.isAssignableFrom(c.type().raw())) {
                v = Json.array().add(v);
            }
            try {
                writes.put(c.name(), forms.read(c.type(), v));
            } catch (SerdeException | IllegalArgumentException e) {
                throw mismatch(field, c, values.get(c.name()), messages && forms.holdsMessages(c.type()) ? e : null);
            }
        }
        return writes;
    }

    /** zod's {@code unrecognized_keys}: keys that are no channel the request may write. */
    private static void unknownKeys(JsonNode values, String field, List<GraphSchema.Channel> channels) {
        List<String> unknown = new ArrayList<>();
        for (String key : values.propertyNames()) {
            if (channels.stream().noneMatch(c -> c.name().equals(key))) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            ApiException e = ApiException.issue(
                    422,
                    List.of(field),
                    "unrecognized_keys",
                    "Unrecognized key(s) in object: "
                            + String.join(
                                    ", ",
                                    unknown.stream().map(k -> "'" + k + "'").toList())
                            + "; the channels it may write are "
                            + channels.stream().map(GraphSchema.Channel::name).toList());
            e.issue().set("keys", Json.tree(unknown));
            throw e;
        }
    }

    /**
     * A value its channel cannot take: zod's {@code invalid_type} when the JSON types differ, else
     * a {@code custom} issue naming the channel's type; never the decoder's words (they speak of
     * stored data). A chat message the run reads fails the run with its reason instead.
     */
    private static ApiException mismatch(String field, GraphSchema.Channel c, JsonNode v, Exception message) {
        if (message != null) {
            return ApiException.status(422, message.getMessage());
        }
        String expected = jsonType(c.type().raw());
        String got = ApiException.typeOf(v);
        List<String> path = List.of(field, c.name());
        if (expected != null && !expected.equals(got)) {
            ApiException e =
                    ApiException.issue(422, path, "invalid_type", "Expected " + expected + ", received " + got);
            e.issue().put("expected", expected).put("received", got);
            return e;
        }
        return ApiException.issue(
                422, path, "custom", "'" + c.name() + "' cannot hold this value: it is a " + c.type());
    }

    /** The JSON type a Java type is written as, or null when it could be several. */
    private static String jsonType(Class<?> raw) {
        if (raw == String.class || raw == char.class || raw == Character.class || raw.isEnum()) {
            return "string";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "boolean";
        }
        if ((raw.isPrimitive() && raw != void.class) || Number.class.isAssignableFrom(raw)) {
            return "number";
        }
        if (raw.isArray() || java.util.Collection.class.isAssignableFrom(raw)) {
            return "array";
        }
        if (Map.class.isAssignableFrom(raw) || raw.isRecord()) {
            return "object";
        }
        return null;
    }

    /**
     * A run's {@code input}, decoded with the graph's input channels. One that cannot be read fails
     * the run as LangGraph's does, whose {@code __start__} task reads the input after the input
     * checkpoint is written: the thread first gets a checkpoint with nothing written and the
     * graph's first step pending (so its state shows where the run stopped), then the run fails
     * with the reason.
     *
     * @param input the JSON object
     * @param config the run's config
     * @return the update
     */
    public StateUpdate input(JsonNode input, RunConfig config) {
        if (schema.workflowInput().isPresent()) {
            return workflowInput(input, schema.workflowInput().get());
        }
        try {
            return schema.inputUpdate(decode(input, "input", schema.input(), true));
        } catch (ApiException e) {
            try {
                graph.updateState(config, schema.update(Map.of()), START);
            } catch (RuntimeException notRecorded) {
                e.addSuppressed(notRecorded);
            }
            throw e;
        }
    }

    /** A functional workflow's input: one value of its entrypoint's input type, as LangGraph takes it. */
    private StateUpdate workflowInput(JsonNode input, ValueType type) {
        try {
            return WorkflowInput.of(forms.read(type, input));
        } catch (SerdeException | NullPointerException e) {
            throw ApiException.status(
                    422, "cannot read the input of workflow '" + graphId + "' as a " + type + ": " + e.getMessage());
        }
    }

    /**
     * A run's {@code context} as the graph takes it ({@code RunConfig.withContext}): read as the
     * type the graph declares with {@code @Graph(context = ...)} (a JSON object that does not fit
     * it is a 422), else the object as a {@code Map} for nodes that read {@code ctx.context(Map.class)};
     * an empty context of a graph that declares none is no context.
     *
     * @param context the JSON context
     * @return the context object, or null for none
     */
    public Object context(JsonNode context) {
        var type = schema.context();
        if (type.isPresent()) {
            try {
                return forms.read(type.get(), context == null || context.isNull() ? Json.object() : context);
            } catch (SerdeException | IllegalArgumentException e) {
                throw ApiException.status(
                        422, "cannot read the run context of graph '" + graphId + "': " + e.getMessage());
            }
        }
        if (context == null || context.isNull() || (context.isObject() && context.isEmpty())) {
            return null;
        }
        return Json.plain(context);
    }

    /**
     * A {@code command} body: {@code resume} (a value, or a map by interrupt id), {@code goto},
     * {@code update}.
     *
     * @param body the command JSON
     * @return the command
     */
    public Command<StateUpdate> command(JsonNode body) {
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

    /**
     * The state channels of {@code channels} as JSON in their client form, in declaration order.
     *
     * @param channels channel name to value, as a snapshot or stream part holds them
     * @return the JSON object
     */
    public JsonNode values(Map<String, Object> channels) {
        if (schema.workflowInput().isPresent()) {
            return returned(channels);
        }
        ObjectNode out = Json.object();
        for (GraphSchema.Channel c : schema.channels()) {
            if (channels.containsKey(c.name())) {
                out.set(c.name(), forms.write(c.type(), channels.get(c.name())));
            }
        }
        return out;
    }

    /**
     * A workflow's values, bare as LangGraph shows them: its state's {@code __end__} (the
     * entrypoint's return value), or a task's or the entrypoint's update's {@code __return__};
     * JSON {@code null} before the first run returned.
     */
    private JsonNode returned(Map<String, Object> channels) {
        if (channels.containsKey(ReservedNames.END)) {
            return forms.write(schema.output().get(0).type(), channels.get(ReservedNames.END));
        }
        if (channels.containsKey(ReservedNames.RETURN)) {
            return forms.write(channels.get(ReservedNames.RETURN));
        }
        return Json.MAPPER.nullNode();
    }

    /**
     * The channels that hold chat messages (LangGraph's {@code messages} stream mode reports them).
     *
     * @return the channel names
     */
    public List<String> messageChannels() {
        List<String> out = new ArrayList<>();
        for (GraphSchema.Channel c : schema.channels()) {
            if (forms.holdsMessages(c.type())) {
                out.add(c.name());
            }
        }
        return out;
    }

    /**
     * The JSON Schema of the whole state, LangGraph's {@code state_schema}: every channel a client
     * sees, in declaration order, each with the schema the input or output schema gives it (the
     * processor's), else the JSON type its Java type is written as.
     *
     * @param input the input's JSON Schema
     * @param output the output's JSON Schema
     * @return the state's JSON Schema
     */
    public ObjectNode stateJsonSchema(JsonNode input, JsonNode output) {
        ObjectNode out = Json.object();
        out.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        out.put("title", graphId + "State");
        out.put("type", "object");
        ObjectNode props = out.putObject("properties");
        for (GraphSchema.Channel c : schema.channels()) {
            JsonNode known = output.path("properties").get(c.name());
            if (known == null) {
                known = input.path("properties").get(c.name());
            }
            if (known != null) {
                props.set(c.name(), known.deepCopy());
            } else {
                String type = jsonType(c.type().raw());
                props.set(c.name(), type == null ? Json.object() : Json.object().put("type", type));
            }
        }
        describeMessages(out);
        return out;
    }

    /**
     * Gives the message channels of a JSON Schema the shape of LangGraph message JSON (the
     * processor sees only an opaque codec type there), so that a client can tell a chat graph by
     * its schema and build a message; the items are titled {@code Message}.
     *
     * @param jsonSchema a JSON Schema of the graph's input or output, changed in place
     */
    public void describeMessages(JsonNode jsonSchema) {
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

    /**
     * A name-based UUID (version 5, SHA-1), as LangGraph derives assistant ids.
     *
     * @param namespace the namespace
     * @param name the name
     * @return the UUID
     */
    public static UUID uuid5(UUID namespace, String name) {
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
