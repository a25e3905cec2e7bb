package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the checkpointer holds of each channel of one run's thread and namespace, as the run knows
 * it: the version last stored and, for accumulating channels, the writes since. It turns a
 * checkpoint's channel values into blobs (a channel whose version did not change gets none; an
 * accumulating channel gets a delta while the chain of deltas stays smaller than its snapshot) and
 * restores channels from their stored chains, refusing a chain that is broken. Used by the loop's
 * thread only.
 */
final class StoredChannels {
    /** Deltas are replaced by a snapshot once the chain would outgrow its base, or this. */
    private static final long MIN_CHAIN_BYTES = 1024;

    private final GraphSpec spec;
    private final Codecs codecs;
    private final JsonSerde serde;

    /** What the store holds for each channel as of the last stored checkpoint. */
    private final ChannelVersion[] stored;
    /**
     * {@link #stored} as checkpoint map entries, made once per stored version: most channels keep
     * their version from one checkpoint to the next.
     */
    private final Map.Entry<String, ChannelVersion>[] storedEntries;
    /** Writes of accumulating channels since their stored version, replayable as a delta. */
    private final List<Object>[] deltas;

    private final boolean[] needsSnapshot;
    /**
     * This step's writes to accumulating channels as their pending writes stored them, by identity:
     * a delta of such writes is the same bytes in a JSON array, so each is encoded once. Filled from
     * task threads as tasks finish, emptied by each checkpoint.
     */
    private final Map<Object, byte[]> encodedWrites = new IdentityHashMap<>();

    @SuppressWarnings({"unchecked", "rawtypes"})
    StoredChannels(GraphSpec spec, Codecs codecs, JsonSerde serde) {
        this.spec = spec;
        this.codecs = codecs;
        this.serde = serde;
        int n = spec.channels.length;
        this.stored = new ChannelVersion[n];
        this.storedEntries = new Map.Entry[n];
        this.deltas = new List[n];
        this.needsSnapshot = new boolean[n];
    }

    // ---------------------------------------------------------------- restore

    /**
     * Sets each channel ({@code decode} marks which; {@code null}: all) to its stored value and
     * remembers what is stored, for deltas later, except for the channels {@code unstored} names,
     * whose blobs the store does not hold under their names and versions yet.
     */
    void restore(CheckpointTuple tuple, Channel[] channels, boolean[] decode, Set<String> unstored) {
        DecodeBudget budget = DecodeBudget.of(serde.limits());
        Map<String, Blob> blobs = new HashMap<>();
        for (Blob b : tuple.blobs()) {
            blobs.put(b.channel() + '\u0000' + b.version(), b);
        }
        for (Map.Entry<String, ChannelVersion> e : tuple.checkpoint().channels().entrySet()) {
            Integer c = spec.channelIndex.get(e.getKey());
            if (c == null) {
                continue; // a channel the graph no longer has
            }
            if (decode != null && !decode[c]) {
                continue;
            }
            restoreChannel(c, e.getValue(), channels[c], blobs, budget);
            stored[c] = unstored.contains(e.getKey()) ? null : e.getValue();
            storedEntries[c] = null;
        }
    }

    private void restoreChannel(
            int c, ChannelVersion version, Channel channel, Map<String, Blob> blobs, DecodeBudget budget) {
        List<Blob> chain = chain(channel.name(), version, blobs);
        try {
            if (chain.get(0).kind() == Blob.Kind.SNAPSHOT) {
                channel.restore(codecs.decodeValue(c, chain.get(0).data(), budget));
            }
            for (int i = 1; i < chain.size(); i++) {
                channel.update(codecs.decodeWrites(c, chain.get(i).data(), budget));
            }
        } catch (SerdeException e) {
            throw e;
        } catch (RuntimeException e) {
            throw corruptChain(channel.name(), version, e.toString());
        }
    }

    /**
     * The blobs from the channel's snapshot to its version, oldest first. A chain that is broken,
     * loops, or whose deltas do not add up to the size the checkpoint recorded (a delta skipped or
     * dropped) is refused rather than restored to a value the run never had.
     */
    static List<Blob> chain(String name, ChannelVersion version, Map<String, Blob> blobs) {
        List<Blob> chain = new ArrayList<>();
        long deltaBytes = 0;
        String v = version.version();
        while (true) {
            Blob b = blobs.get(name + '\u0000' + v);
            if (b == null) {
                throw corruptChain(name, version, "its stored value at version " + v + " is missing");
            }
            chain.add(0, b);
            if (b.kind() != Blob.Kind.DELTA) {
                break;
            }
            deltaBytes += b.data().length;
            if (chain.size() > blobs.size()) {
                throw corruptChain(name, version, "its deltas' previous versions form a loop");
            }
            v = b.previous();
        }
        if (!chain.get(0).version().equals(version.base())) {
            throw corruptChain(
                    name,
                    version,
                    "its chain starts at version " + chain.get(0).version() + ", not at the checkpoint's snapshot base "
                            + version.base());
        }
        if (chain.size() > 1 && deltaBytes != version.chainBytes()) {
            throw corruptChain(
                    name,
                    version,
                    "its deltas hold " + deltaBytes + " bytes, but the checkpoint recorded " + version.chainBytes()
                            + " (a delta was skipped, dropped or replaced)");
        }
        return chain;
    }

    private static SerdeException corruptChain(String name, ChannelVersion version, String problem) {
        return new SerdeException(
                "the stored value of channel '" + name + "' at version " + version.version() + " cannot be read: "
                        + problem + "; the store is incomplete or was modified",
                null);
    }

    // ---------------------------------------------------------------- tracking

    /** Records the writes an accumulating channel received, so the next checkpoint can store a delta. */
    void track(int channel, List<?> values) {
        if (needsSnapshot[channel]) {
            return;
        }
        for (Object v : values) {
            if (v instanceof Overwrite<?>) {
                needsSnapshot[channel] = true;
                deltas[channel] = null;
                return;
            }
        }
        if (deltas[channel] == null) {
            deltas[channel] = new ArrayList<>(values.size());
        }
        deltas[channel].addAll(values);
    }

    /** Remembers a write's stored bytes, to reuse in the channel's next delta. */
    void remember(int channel, Object write, byte[] bytes) {
        if (spec.channels[channel].storesDeltas() && !(write instanceof Overwrite<?>) && codecs.plainWrites(channel)) {
            synchronized (encodedWrites) {
                encodedWrites.put(write, bytes);
            }
        }
    }

    private byte[] encodedWrite(Object write) {
        synchronized (encodedWrites) {
            return encodedWrites.get(write);
        }
    }

    /** How many writes of an accumulating channel wait to be stored as its delta; -1 for none. */
    int deltaSize(int c) {
        return deltas[c] == null ? -1 : deltas[c].size();
    }

    // ---------------------------------------------------------------- blobs

    /**
     * The checkpoint as stored, and blobs for the channels whose version changed since the last one;
     * afterwards those versions are the stored ones.
     *
     * @param values each channel's {@code checkpoint()} value at the checkpoint's time
     * @param deltaSizes each channel's {@link #deltaSize} at that time
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Checkpoint checkpoint(
            String id,
            Instant timestamp,
            String[] versions,
            Map<String, Map<String, String>> seen,
            Object[] values,
            int[] deltaSizes,
            List<Blob> blobs) {
        int count = 0;
        for (int c = 0; c < versions.length; c++) {
            if (versions[c] != null) {
                storeVersion(c, versions[c], values[c], deltaSizes[c], blobs);
                count++;
            }
        }
        synchronized (encodedWrites) {
            encodedWrites.clear();
        }
        Map.Entry<String, ChannelVersion>[] entries = new Map.Entry[count];
        count = 0;
        for (int c = 0; c < versions.length; c++) {
            if (versions[c] != null) {
                entries[count++] = storedEntries[c];
            }
        }
        return new Checkpoint(
                Checkpoint.FORMAT_VERSION, id, timestamp, Map.ofEntries(entries), seen, spec.schemaVersion);
    }

    /** Adds a blob for the channel if its version is not the stored one, and makes it the stored one. */
    private void storeVersion(int c, String version, Object value, int deltaSize, List<Blob> blobs) {
        ChannelVersion before = stored[c];
        if (before == null || !before.version().equals(version)) {
            List<Object> writes = deltaSize < 0 ? null : deltas[c].subList(0, deltaSize);
            Blob blob = blob(c, version, before, value, writes);
            blobs.add(blob);
            boolean delta = blob.kind() == Blob.Kind.DELTA;
            stored[c] = new ChannelVersion(
                    version,
                    blob.base(),
                    delta ? before.baseBytes() : blob.data().length,
                    delta ? before.chainBytes() + blob.data().length : 0);
            storedEntries[c] = null;
            deltas[c] = null;
            needsSnapshot[c] = false;
        }
        if (storedEntries[c] == null) {
            storedEntries[c] = Map.entry(spec.channels[c].name(), stored[c]);
        }
    }

    private Blob blob(int c, String version, ChannelVersion before, Object value, List<Object> delta) {
        String name = spec.channels[c].name();
        if (value == Channel.MISSING) {
            return new Blob(name, version, version, "", Blob.Kind.EMPTY, new byte[0]);
        }
        boolean canDelta = spec.channels[c].storesDeltas()
                && delta != null
                && !needsSnapshot[c]
                && before != null
                && before.baseBytes() > 0;
        if (canDelta) {
            byte[] data = codecs.encodeWrites(c, delta, this::encodedWrite);
            if (before.chainBytes() + data.length <= Math.max(before.baseBytes(), MIN_CHAIN_BYTES)) {
                return new Blob(name, version, before.base(), before.version(), Blob.Kind.DELTA, data);
            }
        }
        return new Blob(name, version, version, "", Blob.Kind.SNAPSHOT, codecs.encodeValue(c, value));
    }
}
