package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Encrypts and authenticates what another saver stores: every channel value and every pending
 * write is sealed with AES-256-GCM, with its whole row as associated data (thread, namespace,
 * channel, version, snapshot base, delta predecessor and kind; or checkpoint, task, write index and
 * channel), and each checkpoint carries a seal (an AES-GCM tag, under the metadata key {@link
 * #SEAL}) over everything stored in the clear: its id, timestamp, channel versions with their bases
 * and sizes, the versions each node has seen, its parent id and its metadata. Ids, versions and
 * metadata stay readable, so the underlying saver can still find and filter checkpoints, but any
 * edit of them, a value moved to another row, a delta pointed past its predecessor, a header
 * replaced by another one, or a plaintext value fails loudly on read as a {@link SerdeException}.
 *
 * <p>What a seal cannot show is a whole checkpoint removed: a store rolled back to an earlier
 * state, or a thread's head pointed at one of its older checkpoints, reads as that earlier,
 * authentic state.
 *
 * <p>Sealed form: the bytes {@code SBE2}, the key id's length and UTF-8 bytes, a 12-byte nonce,
 * then the ciphertext with its 16-byte tag. Values and checkpoints written in the earlier format
 * {@code SBE1}, which authenticated only each value's thread, namespace, channel and version, are
 * refused with an error that says so, rather than read with that weaker guarantee.
 */
public final class EncryptedSaver extends ForwardingCheckpointSaver {
    private static final byte[] MAGIC = {'S', 'B', 'E', '2'};
    private static final byte[] LEGACY_MAGIC = {'S', 'B', 'E', '1'};

    /** The metadata key under which a checkpoint's seal is stored (and removed again on read). */
    public static final String SEAL = ReservedNames.SEAL;

    private static final int NONCE = 12;
    private static final int TAG_BITS = 128;

    private final Keyring keyring;
    private final SecureRandom random = new SecureRandom();

    /**
     * Wraps a saver.
     *
     * @param inner the saver that stores the sealed values
     * @param keyring the keys
     */
    public EncryptedSaver(CheckpointSaver inner, Keyring keyring) {
        super(inner);
        this.keyring = keyring;
    }

    @Override
    public void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        CheckpointKeys.checkPut(threadId, namespace, checkpoint, parentId, expectedHead, newBlobs);
        delegate()
                .put(
                        threadId,
                        namespace,
                        checkpoint,
                        sealMetadata(threadId, namespace, checkpoint, metadata, parentId),
                        parentId,
                        expectedHead,
                        sealBlobs(threadId, namespace, newBlobs));
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        CheckpointKeys.checkWrites(threadId, namespace, checkpointId, writes);
        delegate().putWrites(threadId, namespace, checkpointId, sealWrites(threadId, namespace, checkpointId, writes));
    }

    /** Seals both parts and hands them on together, so an inner saver with transactions keeps one per step. */
    @Override
    public void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        CheckpointKeys.checkPut(threadId, namespace, checkpoint, parentId, expectedHead, newBlobs);
        if (!writes.isEmpty()) {
            CheckpointKeys.checkWrites(threadId, namespace, parentId, writes);
        }
        delegate()
                .putStep(
                        threadId,
                        namespace,
                        writes.isEmpty() ? writes : sealWrites(threadId, namespace, parentId, writes),
                        checkpoint,
                        sealMetadata(threadId, namespace, checkpoint, metadata, parentId),
                        parentId,
                        expectedHead,
                        sealBlobs(threadId, namespace, newBlobs));
    }

    private List<Blob> sealBlobs(String threadId, String namespace, List<Blob> blobs) {
        List<Blob> sealed = new ArrayList<>(blobs.size());
        for (Blob b : blobs) {
            byte[] aad = SealedIdentity.blob(threadId, namespace, b);
            sealed.add(new Blob(b.channel(), b.version(), b.base(), b.previous(), b.kind(), seal(b.data(), aad)));
        }
        return sealed;
    }

    private CheckpointMetadata sealMetadata(
            String threadId, String namespace, Checkpoint checkpoint, CheckpointMetadata metadata, String parentId) {
        if (metadata.extra().containsKey(SEAL)) {
            throw new IllegalArgumentException("the metadata key " + SEAL + " is reserved for the checkpoint's seal");
        }
        byte[] header =
                seal(new byte[0], SealedIdentity.checkpoint(threadId, namespace, checkpoint, parentId, metadata));
        Map<String, Object> extra = new LinkedHashMap<>(metadata.extra());
        extra.put(SEAL, Base64.getEncoder().encodeToString(header));
        return new CheckpointMetadata(metadata.source(), metadata.step(), metadata.parents(), extra);
    }

    private List<PendingWrite> sealWrites(
            String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        List<PendingWrite> sealed = new ArrayList<>(writes.size());
        for (PendingWrite w : writes) {
            byte[] aad = SealedIdentity.write(threadId, namespace, checkpointId, w);
            sealed.add(new PendingWrite(w.taskId(), w.index(), w.channel(), seal(w.value(), aad)));
        }
        return sealed;
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", checkpointId);
        return delegate().getTuple(threadId, namespace, checkpointId).map(this::open);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", options.before());
        return delegate().list(threadId, namespace, options).stream()
                .map(this::open)
                .toList();
    }

    @Override
    public void deleteThread(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        delegate().deleteThread(threadId);
    }

    // The other thread operations pass through (ForwardingCheckpointSaver): thread metadata is
    // stored in the clear, like checkpoint metadata, so the inner saver can filter on it.

    /** Copies through this saver, so every value is opened and sealed again under the new thread's identity. */
    @Override
    public void copyThread(String from, String to) {
        ThreadCopy.copy(this, from, to);
    }

    private CheckpointTuple open(CheckpointTuple t) {
        CheckpointMetadata metadata = openHeader(t);
        List<Blob> blobs = new ArrayList<>(t.blobs().size());
        for (Blob b : t.blobs()) {
            byte[] aad = SealedIdentity.blob(t.threadId(), t.namespace(), b);
            blobs.add(new Blob(b.channel(), b.version(), b.base(), b.previous(), b.kind(), open(b.data(), aad)));
        }
        List<PendingWrite> writes = new ArrayList<>(t.pendingWrites().size());
        for (PendingWrite w : t.pendingWrites()) {
            byte[] aad = SealedIdentity.write(
                    t.threadId(), t.namespace(), t.checkpoint().id(), w);
            writes.add(new PendingWrite(w.taskId(), w.index(), w.channel(), open(w.value(), aad)));
        }
        return new CheckpointTuple(t.threadId(), t.namespace(), t.checkpoint(), metadata, t.parentId(), blobs, writes);
    }

    /** Checks the checkpoint's seal over everything stored in the clear; returns the metadata without it. */
    private CheckpointMetadata openHeader(CheckpointTuple t) {
        Map<String, Object> extra = new LinkedHashMap<>(t.metadata().extra());
        Object seal = extra.remove(SEAL);
        String which = "checkpoint " + t.checkpoint().id() + " of thread '" + t.threadId() + "'";
        if (!(seal instanceof String s)) {
            throw new SerdeException(
                    which + " has no seal over its header: it was written without encryption or by an earlier"
                            + " EncryptedSaver (format SBE1), or its seal was removed; refusing to read it",
                    null);
        }
        CheckpointMetadata metadata = new CheckpointMetadata(
                t.metadata().source(), t.metadata().step(), t.metadata().parents(), extra);
        byte[] sealed;
        try {
            sealed = Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw new SerdeException(which + " has a damaged seal over its header", e);
        }
        byte[] aad = SealedIdentity.checkpoint(t.threadId(), t.namespace(), t.checkpoint(), t.parentId(), metadata);
        try {
            open(sealed, aad);
        } catch (SerdeException e) {
            throw new SerdeException(
                    which + ": " + e.getMessage() + " (its header, metadata or parent id differ from what was sealed)",
                    e);
        }
        return metadata;
    }

    private byte[] seal(byte[] plain, byte[] aad) {
        byte[] keyId = keyring.currentKeyId().getBytes(StandardCharsets.UTF_8);
        byte[] nonce = new byte[NONCE];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, keyring.current(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad);
            byte[] sealed = cipher.doFinal(plain);
            return ByteBuffer.allocate(MAGIC.length + 1 + keyId.length + NONCE + sealed.length)
                    .put(MAGIC)
                    .put((byte) keyId.length)
                    .put(keyId)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new SerdeException("cannot encrypt a checkpoint value: " + e.getMessage(), e);
        }
    }

    private byte[] open(byte[] data, byte[] aad) {
        if (data.length >= MAGIC.length && Arrays.equals(Arrays.copyOf(data, MAGIC.length), LEGACY_MAGIC)) {
            throw new SerdeException(
                    "a stored checkpoint value was sealed in format SBE1 by an earlier EncryptedSaver, which"
                            + " did not authenticate checkpoint headers and delta chains; this saver reads only"
                            + " SBE2 and refuses it (re-create the thread, or copy it with the earlier version)",
                    null);
        }
        if (data.length < MAGIC.length + 1 || !Arrays.equals(Arrays.copyOf(data, MAGIC.length), MAGIC)) {
            throw new SerdeException(
                    "a stored checkpoint value is not encrypted, but this saver requires"
                            + " encryption; refusing to read it",
                    null);
        }
        ByteBuffer in = ByteBuffer.wrap(data, MAGIC.length, data.length - MAGIC.length);
        byte[] keyId = new byte[Byte.toUnsignedInt(in.get())];
        byte[] nonce = new byte[NONCE];
        if (in.remaining() < keyId.length + NONCE + TAG_BITS / 8) {
            throw new SerdeException("a stored checkpoint value is truncated", null);
        }
        in.get(keyId).get(nonce);
        String id = new String(keyId, StandardCharsets.UTF_8);
        SecretKey key = keyring.key(id);
        if (key == null) {
            throw new SerdeException(
                    "a stored checkpoint value was encrypted with key '" + id + "', which is not in the keyring", null);
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad);
            return cipher.doFinal(data, in.position(), in.remaining());
        } catch (GeneralSecurityException e) {
            throw new SerdeException(
                    "a stored checkpoint value failed its integrity check: it was modified,"
                            + " or moved from another row",
                    e);
        }
    }
}
