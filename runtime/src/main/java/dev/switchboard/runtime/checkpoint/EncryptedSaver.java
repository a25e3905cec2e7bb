package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Encrypts what another saver stores: every channel value and every pending write is sealed with
 * AES-256-GCM, with the row's identity (thread, namespace, and channel and version, or checkpoint,
 * task and write index) as associated data. A value moved to another row, or a plaintext value
 * where encryption is required, fails loudly on read. Ids, versions and metadata stay readable, so
 * the underlying saver can still find and filter checkpoints.
 *
 * <p>Sealed form: the bytes {@code SBE1}, the key id's length and UTF-8 bytes, a 12-byte nonce,
 * then the ciphertext with its 16-byte tag.
 */
public final class EncryptedSaver implements CheckpointSaver {
    private static final byte[] MAGIC = {'S', 'B', 'E', '1'};
    private static final int NONCE = 12;
    private static final int TAG_BITS = 128;

    private final CheckpointSaver inner;
    private final Keyring keyring;
    private final SecureRandom random = new SecureRandom();

    /**
     * Wraps a saver.
     *
     * @param inner the saver that stores the sealed values
     * @param keyring the keys
     */
    public EncryptedSaver(CheckpointSaver inner, Keyring keyring) {
        this.inner = inner;
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
        List<Blob> sealed = new ArrayList<>(newBlobs.size());
        for (Blob b : newBlobs) {
            byte[] aad = blobIdentity(threadId, namespace, b.channel(), b.version());
            sealed.add(new Blob(b.channel(), b.version(), b.base(), b.previous(), b.kind(), seal(b.data(), aad)));
        }
        inner.put(threadId, namespace, checkpoint, metadata, parentId, expectedHead, sealed);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        CheckpointKeys.checkWrites(threadId, namespace, checkpointId, writes);
        List<PendingWrite> sealed = new ArrayList<>(writes.size());
        for (PendingWrite w : writes) {
            byte[] aad = writeIdentity(threadId, namespace, checkpointId, w);
            sealed.add(new PendingWrite(w.taskId(), w.index(), w.channel(), seal(w.value(), aad)));
        }
        inner.putWrites(threadId, namespace, checkpointId, sealed);
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", checkpointId);
        return inner.getTuple(threadId, namespace, checkpointId).map(this::open);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", options.before());
        return inner.list(threadId, namespace, options).stream().map(this::open).toList();
    }

    @Override
    public void deleteThread(String threadId) {
        CheckpointKeys.check("thread id", threadId);
        inner.deleteThread(threadId);
    }

    private CheckpointTuple open(CheckpointTuple t) {
        List<Blob> blobs = new ArrayList<>(t.blobs().size());
        for (Blob b : t.blobs()) {
            byte[] aad = blobIdentity(t.threadId(), t.namespace(), b.channel(), b.version());
            blobs.add(new Blob(b.channel(), b.version(), b.base(), b.previous(), b.kind(), open(b.data(), aad)));
        }
        List<PendingWrite> writes = new ArrayList<>(t.pendingWrites().size());
        for (PendingWrite w : t.pendingWrites()) {
            byte[] aad =
                    writeIdentity(t.threadId(), t.namespace(), t.checkpoint().id(), w);
            writes.add(new PendingWrite(w.taskId(), w.index(), w.channel(), open(w.value(), aad)));
        }
        return new CheckpointTuple(
                t.threadId(), t.namespace(), t.checkpoint(), t.metadata(), t.parentId(), blobs, writes);
    }

    private static byte[] blobIdentity(String thread, String ns, String channel, String version) {
        return identity("blob", thread, ns, channel, version);
    }

    private static byte[] writeIdentity(String thread, String ns, String checkpointId, PendingWrite w) {
        return identity("write", thread, ns, checkpointId, w.taskId(), Integer.toString(w.index()), w.channel());
    }

    /** Length-prefixed parts, so that no two different identities encode alike. */
    private static byte[] identity(String... parts) {
        ByteBuffer buffer = ByteBuffer.allocate(
                Arrays.stream(parts).mapToInt(p -> 4 + utf8(p).length).sum());
        for (String p : parts) {
            byte[] b = utf8(p);
            buffer.putInt(b.length).put(b);
        }
        return buffer.array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] seal(byte[] plain, byte[] aad) {
        byte[] keyId = utf8(keyring.currentKeyId());
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
        if (data.length < MAGIC.length + 1 || !Arrays.equals(Arrays.copyOf(data, MAGIC.length), MAGIC)) {
            throw new SerdeException(
                    "a stored checkpoint value is not encrypted, but this saver requires"
                            + " encryption; refusing to read it",
                    null);
        }
        ByteBuffer in = ByteBuffer.wrap(data, MAGIC.length, data.length - MAGIC.length);
        byte[] keyId = new byte[Byte.toUnsignedInt(in.get())];
        byte[] nonce = new byte[NONCE];
        if (in.remaining() < keyId.length + NONCE) {
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
