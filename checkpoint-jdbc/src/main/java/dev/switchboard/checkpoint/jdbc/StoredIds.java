package dev.switchboard.checkpoint.jdbc;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How checkpoint and task ids are stored: a lowercase UUID in its 36-character form (what the
 * runtime makes) as its 16 bytes, any other id as a zero byte and its UTF-8 bytes (padded with a
 * trailing zero byte where that would also make 16). Each id is stored in a row and in an index, so
 * the 20 bytes saved are about a tenth of a long conversation's file. Ids never hold NUL (the saver
 * API refuses it), so the zero bytes cannot be part of one.
 */
final class StoredIds {
    private static final int UUID_BYTES = 16;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);

    private StoredIds() {}

    /** The stored form of an id. */
    static byte[] bytes(String id) {
        byte[] uuid = uuid(id);
        if (uuid != null) {
            return uuid;
        }
        byte[] text = id.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[text.length + 1 == UUID_BYTES ? UUID_BYTES + 1 : text.length + 1];
        System.arraycopy(text, 0, out, 1, text.length);
        return out;
    }

    /** The id a stored form holds, or {@code null} for {@code null}. */
    static String text(byte[] stored) {
        if (stored == null) {
            return null;
        }
        if (stored.length == UUID_BYTES) {
            // Latin-1 bytes: the string takes them as they are, with no check for wider characters.
            byte[] out = new byte[36];
            int c = 0;
            for (int i = 0; i < UUID_BYTES; i++) {
                if (i == 4 || i == 6 || i == 8 || i == 10) {
                    out[c++] = '-';
                }
                out[c++] = HEX[(stored[i] >> 4) & 0xF];
                out[c++] = HEX[stored[i] & 0xF];
            }
            return new String(out, StandardCharsets.ISO_8859_1);
        }
        if (stored.length < 2 || stored[0] != 0) {
            throw new CheckpointStoreException(
                    "a stored id (" + stored.length + " bytes) is neither a UUID nor a text id; the store was modified",
                    null);
        }
        int end = stored.length;
        while (end > 1 && stored[end - 1] == 0) {
            end--;
        }
        return new String(Arrays.copyOfRange(stored, 1, end), StandardCharsets.UTF_8);
    }

    /** The 16 bytes of a lowercase UUID in canonical form, else {@code null}. */
    private static byte[] uuid(String id) {
        if (id.length() != 36) {
            return null;
        }
        byte[] out = new byte[UUID_BYTES];
        int b = 0;
        for (int i = 0; i < 36; ) {
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (id.charAt(i) != '-') {
                    return null;
                }
                i++;
                continue;
            }
            int high = hex(id.charAt(i));
            int low = hex(id.charAt(i + 1));
            if (high < 0 || low < 0) {
                return null;
            }
            out[b++] = (byte) (high << 4 | low);
            i += 2;
        }
        return out;
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    }

    /**
     * Ids read in a row of a long read: a history names each checkpoint twice (its own id, then as
     * its child's parent) and each task once per write, one right after the other, so the last few
     * ids read are remembered and a stored form equal to one of them gives back the same string.
     * For one reader at a time.
     */
    static final class Texts {
        private static final int KEPT = 4;
        private final byte[][] stored = new byte[KEPT][];
        private final String[] texts = new String[KEPT];
        private int next;

        /** The id a stored form holds, as {@link StoredIds#text}. */
        String text(byte[] form) {
            if (form == null) {
                return null;
            }
            for (int i = 0; i < KEPT; i++) {
                if (Arrays.equals(stored[i], form)) {
                    return texts[i];
                }
            }
            String text = StoredIds.text(form);
            stored[next] = form;
            texts[next] = text;
            next = (next + 1) % KEPT;
            return text;
        }
    }
}
