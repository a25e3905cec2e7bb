package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Encodes and decodes the stored form of every channel of one graph, each with the type its
 * channel declares: state channels with their record component's type, {@code Send}s with their
 * target node's payload type, the run input with the types of the channels it writes. Nothing is
 * decoded as a type named in the data.
 */
final class Codecs {
    /** The tag bytes of pending writes stored before one wire form (read, never written). */
    private static final byte PLAIN = 'V';

    private static final byte OVERWRITE = 'O';

    private static final ValueType STRING = ValueType.of(String.class);

    private final GraphSpec spec;
    private final JsonSerde serde;
    /** How checkpoints of older versions of the graph's stored schema read as its own. */
    final Upgrades upgrades;

    Codecs(GraphSpec spec, JsonSerde serde) {
        this.spec = spec;
        this.serde = serde;
        this.upgrades = new Upgrades(spec, serde);
    }

    /** The stored form of a channel's {@code checkpoint()} value. */
    byte[] encodeValue(int channel, Object value) {
        try {
            if (channel == spec.startChannel && value instanceof StateUpdate update) {
                byte[] direct = encodeInput(update);
                if (direct != null) {
                    return direct;
                }
            }
            return graphLevel(channel)
                    ? serde.encodeTree(valueToTree(channel, value))
                    : spec.channels[channel].encodeValue(serde, value);
        } catch (SerdeException e) {
            throw rename(channel, e);
        }
    }

    Object decodeValue(int channel, byte[] data, DecodeBudget budget) {
        try {
            return graphLevel(channel)
                    ? treeToValue(channel, serde.decodeTree(data, budget))
                    : nullChecked(channel, spec.channels[channel].decodeValue(serde, data, budget));
        } catch (SerdeException e) {
            throw rename(channel, e);
        }
    }

    /** Whether the channel's writes are stored as plain values: a delta is then their pending writes' bytes in an array. */
    boolean plainWrites(int channel) {
        return plainWriteType(channel) != null;
    }

    /**
     * A delta: the writes of some supersteps, in order (none of them an overwrite). For plain writes
     * {@code known} gives the bytes a write's pending write was stored as, or {@code null}.
     */
    byte[] encodeWrites(int channel, List<Object> writes, Function<Object, byte[]> known) {
        ValueType plain = plainWriteType(channel);
        if (plain != null) {
            byte[][] parts = new byte[writes.size()][];
            for (int i = 0; i < parts.length; i++) {
                byte[] stored = known.apply(writes.get(i));
                parts[i] = stored != null ? stored : serde.encodeChecked(plain, writes.get(i));
            }
            return JsonJoin.array(parts);
        }
        ArrayNode array = serde.nodes().arrayNode();
        for (Object w : writes) {
            array.add(writeToTree(channel, w));
        }
        return serde.encodeTree(array);
    }

    List<Object> decodeWrites(int channel, byte[] data, DecodeBudget budget) {
        try {
            ValueType plain = plainWriteType(channel);
            if (plain != null) {
                List<Object> writes = serde.decodeArray(plain, data, budget);
                writes.forEach(w -> nullChecked(channel, w));
                return writes;
            }
            JsonNode array = serde.decodeTree(data, budget);
            List<Object> out = new ArrayList<>(array.size());
            for (JsonNode n : array) {
                out.add(treeToWrite(channel, n));
            }
            return out;
        } catch (SerdeException e) {
            throw rename(channel, e);
        }
    }

    /**
     * A pending write: the value, or for an {@link Overwrite} LangGraph's wire form {@code
     * {"__overwrite__": value}}, the one form an overwrite has wherever it is stored (pending
     * writes, the run input, cached task writes).
     */
    byte[] encodeWrite(int channel, Object write) {
        if (write instanceof Overwrite<?> o) {
            return serde.encodeTree(overwriteToTree(channel, o));
        }
        ValueType plain = plainWriteType(channel);
        return plain != null ? serde.encodeChecked(plain, write) : serde.encodeTree(writeToTree(channel, write));
    }

    Object decodeWrite(int channel, byte[] data, DecodeBudget budget) {
        try {
            if (data.length > 0 && (data[0] == PLAIN || data[0] == OVERWRITE)) {
                return decodeTaggedWrite(channel, data, budget);
            }
            ValueType plain = plainWriteType(channel);
            if (plain != null && spec.channels[channel].kind() != ChannelSpec.Kind.REDUCER) {
                return nullChecked(channel, serde.decode(plain, data, 0, data.length, budget));
            }
            // Only reducer channels take overwrites.
            return treeToWriteOrOverwrite(channel, serde.decodeTree(data, budget));
        } catch (SerdeException e) {
            throw rename(channel, e);
        }
    }

    /** The form written before one wire form: a tag byte ({@code V} value, {@code O} overwrite), then the value. */
    private Object decodeTaggedWrite(int channel, byte[] data, DecodeBudget budget) {
        ValueType plain = plainWriteType(channel);
        Object value = plain != null
                ? nullChecked(channel, serde.decode(plain, data, 1, data.length - 1, budget))
                : treeToWrite(channel, serde.decodeTree(java.util.Arrays.copyOfRange(data, 1, data.length), budget));
        return data[0] == OVERWRITE ? new Overwrite<>(value) : value;
    }

    private JsonNode overwriteToTree(int channel, Overwrite<?> o) {
        ObjectNode wrapped = serde.nodes().objectNode();
        wrapped.set(Overwrite.WIRE_KEY, writeToTree(channel, o.value()));
        return wrapped;
    }

    private Object treeToWriteOrOverwrite(int channel, JsonNode n) {
        boolean overwrite = n.isObject() && n.size() == 1 && n.has(Overwrite.WIRE_KEY);
        Object value = nullChecked(channel, treeToWrite(channel, overwrite ? n.get(Overwrite.WIRE_KEY) : n));
        return overwrite ? new Overwrite<>(value) : value;
    }

    /**
     * A stored {@code null} where the channel can never hold one (a primitive, a reducer or topic
     * channel, whose writes are checked non-null) is a mismatch, not a value.
     */
    private Object nullChecked(int channel, Object value) {
        if (value == null && !spec.channels[channel].acceptsNull()) {
            ChannelSpec c = spec.channels[channel];
            throw new SerdeException(
                    "stored data is not a valid " + c.type() + ": null, which a " + c.kind() + " channel of " + c.type()
                            + " never holds",
                    null);
        }
        return value;
    }

    /** A failed task's error: the user's own exception (not our wrapper), by simple name and message. */
    byte[] encodeError(Throwable error) {
        StateSnapshot.TaskError e = taskError(error);
        ObjectNode n = serde.nodes().objectNode();
        n.put("message", e.message());
        n.put("name", e.type());
        return serde.encodeTree(n);
    }

    /** An error as a snapshot shows it, as it would be stored. */
    static StateSnapshot.TaskError taskError(Throwable error) {
        if (error instanceof NodeException && error.getCause() != null) {
            error = error.getCause();
        }
        return new StateSnapshot.TaskError(error.getClass().getSimpleName(), String.valueOf(error.getMessage()));
    }

    /** The stored error of a task: its message and the simple name of its type (never loaded). */
    StateSnapshot.TaskError decodeError(byte[] data) {
        JsonNode n = serde.decodeTree(data);
        return new StateSnapshot.TaskError(
                n.path("name").asString(""), n.path("message").asString(""));
    }

    /**
     * A finished task's writes, for the node cache: an array of {@code [channel, write]}, an
     * overwrite in its wire form, untracked channels included (a cache hit must write what the
     * node wrote). Entries of three elements, {@code [channel, overwrite, value]}, are the form
     * written before.
     */
    byte[] encodeTaskWrites(Task t) {
        ArrayNode array = serde.nodes().arrayNode();
        for (int i = 0; i < t.writeCount; i++) {
            int c = t.writeChannels[i];
            Object w = t.writtenValue(i);
            ArrayNode entry = array.addArray();
            entry.add(spec.channels[c].name());
            entry.add(w instanceof Overwrite<?> o ? overwriteToTree(c, o) : writeToTree(c, w));
        }
        return serde.encodeTree(array);
    }

    /** Adds cached writes to a task; false (and nothing added) if they name unknown channels. */
    boolean decodeTaskWrites(byte[] data, Task into) {
        JsonNode array = serde.decodeTree(data);
        int[] channels = new int[array.size()];
        Object[] values = new Object[array.size()];
        for (int i = 0; i < array.size(); i++) {
            JsonNode entry = array.get(i);
            Integer c = spec.channelIndex.get(entry.path(0).asString(""));
            if (c == null) {
                return false; // written by another version of the graph: a miss, not an error
            }
            channels[i] = c;
            if (entry.size() == 3) {
                Object value = treeToWrite(c, entry.path(2));
                values[i] = entry.path(1).asBoolean() ? new Overwrite<>(value) : value;
            } else {
                values[i] = treeToWriteOrOverwrite(c, entry.path(1));
            }
        }
        int from = into.writeCount;
        for (int i = 0; i < channels.length; i++) {
            into.add(channels[i], values[i]);
        }
        into.prepareWrites(from, spec.channels);
        return true;
    }

    /** A digest of a node's input in its stored form: the node cache's key. */
    String inputDigest(int node, Object input) {
        byte[] json = serde.encodeTree(canonical(serde.toTree(spec.payloadType[node], input)));
        return Digests.sha256Hex(json);
    }

    /** Object properties sorted by name, recursively: equal maps in any order digest the same. */
    private JsonNode canonical(JsonNode n) {
        if (n.isObject()) {
            TreeMap<String, JsonNode> sorted = new TreeMap<>();
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                sorted.put(e.getKey(), canonical(e.getValue()));
            }
            ObjectNode o = serde.nodes().objectNode();
            sorted.forEach(o::set);
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = serde.nodes().arrayNode();
            for (JsonNode e : n) {
                a.add(canonical(e));
            }
            return a;
        }
        return n;
    }

    private SerdeException rename(int channel, SerdeException e) {
        return new SerdeException("channel '" + spec.channels[channel].name() + "': " + e.getMessage(), e);
    }

    // ---------------------------------------------------------------- values

    /**
     * The run input and the sends, whose stored forms depend on the graph (the types of the
     * channels the input writes, each send target's payload type), not on a channel kind; every
     * other channel's spec owns its stored form.
     */
    private boolean graphLevel(int channel) {
        // A workflow's input is one value of its entrypoint's input type, stored as that type.
        return (channel == spec.startChannel && !spec.workflow) || channel == spec.tasksChannel;
    }

    /** The type of one write, or {@code null} for the sends, whose type depends on their target. */
    private ValueType plainWriteType(int channel) {
        return channel == spec.tasksChannel ? null : spec.channels[channel].writeType();
    }

    /** The input or the pending sends (see {@link #graphLevel}). */
    private JsonNode valueToTree(int channel, Object value) {
        if (channel == spec.startChannel) {
            return inputToTree(value);
        }
        ArrayNode array = serde.nodes().arrayNode();
        for (Object send : (List<?>) value) {
            array.add(sendToTree((Send<?>) send));
        }
        return array;
    }

    private Object treeToValue(int channel, JsonNode node) {
        if (channel == spec.startChannel) {
            return treeToInput(node);
        }
        List<Object> sends = new ArrayList<>();
        for (JsonNode n : node) {
            sends.add(treeToSend(n));
        }
        return List.copyOf(sends);
    }

    private JsonNode writeToTree(int channel, Object write) {
        if (channel == spec.tasksChannel) {
            return sendToTree((Send<?>) write);
        }
        return serde.toTree(spec.channels[channel].writeType(), write);
    }

    private Object treeToWrite(int channel, JsonNode node) {
        if (channel == spec.tasksChannel) {
            return treeToSend(node);
        }
        return serde.fromTree(spec.channels[channel].writeType(), node);
    }

    // ---------------------------------------------------------------- sends and input

    private JsonNode sendToTree(Send<?> send) {
        int node = spec.node(send.node());
        ObjectNode n = serde.nodes().objectNode();
        n.put("node", send.node());
        n.set("payload", serde.toTree(spec.payloadType[node], send.payload()));
        return n;
    }

    private Send<?> treeToSend(JsonNode n) {
        String name = n.path("node").asString();
        Integer node = spec.nodeIndex.get(name);
        if (node == null || node == 0) {
            throw new SerdeException(UnknownNode.message("stored Send targets", name, spec.nodes()), null);
        }
        return new Send<>(name, serde.fromTree(spec.payloadType[node], n.path("payload")));
    }

    /**
     * An input of plain writes, each to another channel, written straight to its stored form: the
     * object {@link #inputToTree} would build, without building it. {@code null} for an input with
     * an overwrite or two writes to one channel, which take the tree's way.
     */
    private byte[] encodeInput(StateUpdate update) {
        Task collector = Task.input();
        for (GeneratedUpdate u : GeneratedUpdate.parts(update)) {
            collector.mapping(spec.slots[spec.schemaIndex(u.schema())]);
            u.writeTo(collector);
        }
        byte[][] names = new byte[collector.writeCount][];
        byte[][] values = new byte[collector.writeCount][];
        for (int i = 0; i < collector.writeCount; i++) {
            int c = collector.writeChannels[i];
            ValueType plain = plainWriteType(c);
            if (plain == null || collector.writeValues[i] instanceof Overwrite<?> || writtenBefore(collector, i)) {
                return null;
            }
            names[i] = serde.encode(STRING, spec.channels[c].name());
            values[i] = serde.encodeChecked(plain, collector.writeValues[i]);
        }
        return JsonJoin.object(names, values);
    }

    private static boolean writtenBefore(Task t, int i) {
        for (int j = 0; j < i; j++) {
            if (t.writeChannels[j] == t.writeChannels[i]) {
                return true;
            }
        }
        return false;
    }

    private JsonNode inputToTree(Object value) {
        ObjectNode n = serde.nodes().objectNode();
        if (value instanceof StoredInput stored) {
            for (int i = 0; i < stored.channels().length; i++) {
                putWrite(n, stored.channels()[i], stored.values()[i]);
            }
            return n;
        }
        Task collector = Task.input();
        for (GeneratedUpdate u : GeneratedUpdate.parts((StateUpdate) value)) {
            int schema = spec.schemaIndex(u.schema());
            collector.mapping(spec.slots[schema]);
            u.writeTo(collector);
        }
        for (int i = 0; i < collector.writeCount; i++) {
            putWrite(n, collector.writeChannels[i], collector.writeValues[i]);
        }
        return n;
    }

    private void putWrite(ObjectNode n, int channel, Object value) {
        String name = spec.channels[channel].name();
        if (value instanceof Overwrite<?> o) {
            n.set(name, overwriteToTree(channel, o));
        } else {
            n.set(name, writeToTree(channel, value));
        }
    }

    private StoredInput treeToInput(JsonNode n) {
        List<Integer> channels = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> fields = n.properties().iterator();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            Integer channel = spec.channelIndex.get(f.getKey());
            if (channel == null || !spec.isStreamChannel[channel]) {
                continue;
            }
            channels.add(channel);
            values.add(treeToWriteOrOverwrite(channel, f.getValue()));
        }
        return new StoredInput(channels.stream().mapToInt(Integer::intValue).toArray(), values.toArray());
    }

    static String utf8(byte[] data) {
        return new String(data, StandardCharsets.UTF_8);
    }
}
