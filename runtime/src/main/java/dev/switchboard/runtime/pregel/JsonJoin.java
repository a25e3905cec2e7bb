package dev.switchboard.runtime.pregel;

/**
 * Joins JSON values already encoded into an array or an object, copying each once: a delta is its
 * writes' stored bytes in an array, an input its writes' bytes under their channels' names.
 */
final class JsonJoin {
    private JsonJoin() {}

    /** {@code [a,b,c]} of the encoded values. */
    static byte[] array(byte[][] values) {
        return join('[', null, values, ']');
    }

    /** {@code {k1:v1,k2:v2}} of encoded keys (JSON strings) and values. */
    static byte[] object(byte[][] keys, byte[][] values) {
        return join('{', keys, values, '}');
    }

    private static byte[] join(char open, byte[][] keys, byte[][] values, char close) {
        int size = 1 + Math.max(1, values.length);
        for (int i = 0; i < values.length; i++) {
            size += values[i].length + (keys == null ? 0 : keys[i].length + 1);
        }
        byte[] out = new byte[size];
        out[0] = (byte) open;
        int at = 1;
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out[at++] = ',';
            }
            if (keys != null) {
                System.arraycopy(keys[i], 0, out, at, keys[i].length);
                at += keys[i].length;
                out[at++] = ':';
            }
            System.arraycopy(values[i], 0, out, at, values[i].length);
            at += values[i].length;
        }
        out[at] = (byte) close;
        return out;
    }
}
