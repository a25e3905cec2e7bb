package dev.switchboard.runtime.serde;

import java.util.List;

/**
 * Writes the commonest channel values (strings, integers, booleans, null, and lists of them)
 * straight to JSON bytes, exactly as Jackson would: creating a Jackson generator costs more than
 * writing a short value, and a checkpointed superstep writes several such values. Anything else,
 * and any string with a surrogate, is left to Jackson.
 */
final class PlainJson {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** Longer lists are rare in a single write and are left to Jackson's buffers. */
    private static final int MAX_ELEMENTS = 64;

    private PlainJson() {}

    /** The JSON of {@code value}, or null if it is not one of the plain kinds. */
    static byte[] tryEncode(Object value) {
        Out out = new Out();
        return write(value, out, true) ? out.toBytes() : null;
    }

    private static boolean write(Object value, Out out, boolean top) {
        if (value == null) {
            out.ascii("null");
        } else if (value instanceof String s) {
            return string(s, out);
        } else if (value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte) {
            out.ascii(value.toString());
        } else if (value instanceof Boolean b) {
            out.ascii(b ? "true" : "false");
        } else if (top && value instanceof List<?> list && list.size() <= MAX_ELEMENTS) {
            out.put((byte) '[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.put((byte) ',');
                }
                if (!write(list.get(i), out, false)) {
                    return false;
                }
            }
            out.put((byte) ']');
        } else {
            return false;
        }
        return true;
    }

    private static boolean string(String s, Out out) {
        out.put((byte) '"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                if (c < 0x20 || c == '"' || c == '\\') {
                    escape(c, out);
                } else {
                    out.put((byte) c);
                }
            } else if (c < 0x800) {
                out.put((byte) (0xC0 | (c >> 6)));
                out.put((byte) (0x80 | (c & 0x3F)));
            } else if (Character.isSurrogate(c)) {
                return false;
            } else {
                out.put((byte) (0xE0 | (c >> 12)));
                out.put((byte) (0x80 | ((c >> 6) & 0x3F)));
                out.put((byte) (0x80 | (c & 0x3F)));
            }
        }
        out.put((byte) '"');
        return true;
    }

    private static void escape(char c, Out out) {
        out.put((byte) '\\');
        switch (c) {
            case '"' -> out.put((byte) '"');
            case '\\' -> out.put((byte) '\\');
            case '\n' -> out.put((byte) 'n');
            case '\r' -> out.put((byte) 'r');
            case '\t' -> out.put((byte) 't');
            case '\b' -> out.put((byte) 'b');
            case '\f' -> out.put((byte) 'f');
            default -> {
                out.ascii("u00");
                out.put(HEX[c >> 4]);
                out.put(HEX[c & 0xF]);
            }
        }
    }

    /** A growable byte buffer without the synchronization of ByteArrayOutputStream. */
    private static final class Out {
        private byte[] bytes = new byte[32];
        private int size;

        void put(byte b) {
            if (size == bytes.length) {
                bytes = java.util.Arrays.copyOf(bytes, size * 2);
            }
            bytes[size++] = b;
        }

        void ascii(String s) {
            for (int i = 0; i < s.length(); i++) {
                put((byte) s.charAt(i));
            }
        }

        byte[] toBytes() {
            return java.util.Arrays.copyOf(bytes, size);
        }
    }
}
