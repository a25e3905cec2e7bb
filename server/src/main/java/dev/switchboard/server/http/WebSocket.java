package dev.switchboard.server.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The server side of one WebSocket connection after its handshake (RFC 6455), strict about what a
 * client may send: every client frame masked, no reserved bits (no extension is negotiated), known
 * opcodes only, control frames whole and at most 125 bytes, fragments in order, text valid UTF-8,
 * a message at most {@code maxMessageBytes}. A frame that breaks a rule closes the connection with
 * its close code (1002 protocol error, 1007 bad UTF-8, 1009 too big) and the server goes on
 * serving others. Pings are answered; a connection silent for one read timeout is pinged, and
 * closed (1001) when it stays silent for another. Server frames are unmasked, a message in one
 * frame; sends may come from any thread.
 */
public final class WebSocket {
    /** What a connection's messages go to. */
    public interface Listener {
        /**
         * A whole message (a text message, or a binary one holding UTF-8 text).
         *
         * @param socket the connection
         * @param message the text
         * @throws IOException when answering fails
         */
        void text(WebSocket socket, String message) throws IOException;

        /** The connection ended, however it ended; called once. */
        void closed();
    }

    /** Normal closure. */
    public static final int NORMAL = 1000;
    /** The endpoint goes away (idle, server stopping). */
    public static final int GOING_AWAY = 1001;
    /** The peer broke the protocol. */
    public static final int PROTOCOL_ERROR = 1002;
    /** A message that is not valid UTF-8. */
    public static final int INVALID_DATA = 1007;
    /** A message breaking the endpoint's policy (e.g. a client too slow to read). */
    public static final int POLICY = 1008;
    /** A message larger than the endpoint takes. */
    public static final int TOO_BIG = 1009;
    /** The endpoint failed. */
    public static final int INTERNAL = 1011;

    /** The most bytes of a payload allocated before they arrive. */
    private static final int CHUNK = 64 * 1024;

    private static final int CONTINUATION = 0x0, TEXT = 0x1, BINARY = 0x2, CLOSE = 0x8, PING = 0x9, PONG = 0xA;

    private final InputStream in;
    private final OutputStream out;
    private final int maxMessageBytes;
    private boolean closeSent;

    /**
     * A connection over the streams of an upgraded socket; its read timeout is the idle time after
     * which the server pings.
     *
     * @param in what the client sends, after its handshake
     * @param out what the server sends, after the 101 answer
     * @param maxMessageBytes the largest message taken
     */
    public WebSocket(InputStream in, OutputStream out, int maxMessageBytes) {
        this.in = in;
        this.out = out;
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Refused input: the connection closes with {@link #code}. */
    private static final class Violation extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        Violation(int code, String reason) {
            super(reason, null, false, false);
            this.code = code;
        }
    }

    /**
     * Reads messages until the connection ends, handing each to the listener on this thread.
     *
     * @param listener where the messages go
     */
    public void serve(Listener listener) {
        try {
            read(listener);
        } catch (Violation v) {
            close(v.code, v.getMessage());
        } catch (IOException gone) {
            close(GOING_AWAY, "connection lost"); // a write may still reach a half-closed peer
        } catch (RuntimeException e) {
            close(INTERNAL, "internal error");
            throw e;
        } finally {
            listener.closed();
        }
    }

    private void read(Listener listener) throws IOException, Violation {
        byte[] message = null; // the fragments so far of a message, or null between messages
        int length = 0;
        boolean pinged = false;
        byte[] header = new byte[2];
        while (true) {
            int first;
            try {
                first = in.read();
            } catch (SocketTimeoutException idle) {
                if (pinged) {
                    throw new Violation(GOING_AWAY, "idle");
                }
                pinged = true;
                frame(PING, new byte[0]);
                continue;
            }
            if (first < 0) {
                throw new EOFException("the client closed the connection");
            }
            pinged = false;
            header[0] = (byte) first;
            readFully(header, 1); // the rest of a frame must follow its first byte
            boolean fin = (header[0] & 0x80) != 0;
            if ((header[0] & 0x70) != 0) {
                throw new Violation(PROTOCOL_ERROR, "reserved bits set: no extension was negotiated");
            }
            int opcode = header[0] & 0x0F;
            if ((header[1] & 0x80) == 0) {
                throw new Violation(PROTOCOL_ERROR, "client frames must be masked");
            }
            long size = payloadLength(header[1] & 0x7F);
            boolean control = opcode >= CLOSE;
            if (control && (!fin || size > 125)) {
                throw new Violation(PROTOCOL_ERROR, "control frames are whole and at most 125 bytes");
            }
            switch (opcode) {
                case CONTINUATION -> {
                    if (message == null) {
                        throw new Violation(PROTOCOL_ERROR, "a continuation frame without a message");
                    }
                }
                case TEXT, BINARY -> {
                    if (message != null) {
                        throw new Violation(PROTOCOL_ERROR, "a new message before the last one ended");
                    }
                }
                case CLOSE, PING, PONG -> {}
                default -> throw new Violation(PROTOCOL_ERROR, "unknown opcode " + opcode);
            }
            if (!control && size + length > maxMessageBytes) {
                throw new Violation(TOO_BIG, "a message is at most " + maxMessageBytes + " bytes");
            }
            byte[] mask = new byte[4];
            readFully(mask, 0);
            byte[] payload = payload((int) size);
            for (int i = 0; i < payload.length; i++) {
                payload[i] ^= mask[i & 3];
            }
            if (control) {
                if (opcode == CLOSE) {
                    closing(payload);
                    return;
                }
                if (opcode == PING) {
                    frame(PONG, payload);
                }
                continue;
            }
            if (message == null) {
                message = payload;
                length = payload.length;
            } else {
                if (length + payload.length > message.length) {
                    message = Arrays.copyOf(message, Math.max(length + payload.length, message.length * 2));
                }
                System.arraycopy(payload, 0, message, length, payload.length);
                length += payload.length;
            }
            if (fin) {
                String text = utf8(message, length);
                message = null;
                length = 0;
                listener.text(this, text);
            }
        }
    }

    /** The payload length of a frame; the extended lengths must be minimal (RFC 6455, 5.2). */
    private long payloadLength(int seven) throws IOException, Violation {
        if (seven < 126) {
            return seven;
        }
        byte[] b = new byte[seven == 126 ? 2 : 8];
        readFully(b, 0);
        long n = 0;
        for (byte x : b) {
            n = (n << 8) | (x & 0xFF);
        }
        if ((seven == 126 && n < 126) || (seven == 127 && (n < 0 || n < 65_536))) {
            throw new Violation(PROTOCOL_ERROR, "a payload length not in its shortest form");
        }
        if (n > maxMessageBytes) {
            throw new Violation(TOO_BIG, "a message is at most " + maxMessageBytes + " bytes");
        }
        return n;
    }

    /** The client closes: its code is checked, and echoed (RFC 6455, 5.5.1 and 7.4). */
    private void closing(byte[] payload) throws Violation {
        if (payload.length == 0) {
            close(NORMAL, "");
            return;
        }
        if (payload.length == 1) {
            throw new Violation(PROTOCOL_ERROR, "a close frame's code is two bytes");
        }
        int code = ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
        boolean valid =
                (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
        if (!valid) {
            throw new Violation(PROTOCOL_ERROR, "close code " + code + " may not be sent");
        }
        utf8(Arrays.copyOfRange(payload, 2, payload.length), payload.length - 2);
        close(code, "");
    }

    private static String utf8(byte[] bytes, int length) throws Violation {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new Violation(INVALID_DATA, "text must be valid UTF-8");
        }
    }

    /**
     * A payload of {@code size} bytes, read in chunks so that memory follows the bytes that
     * arrive, not the length a frame announces (a client announcing the largest message and
     * sending nothing costs a chunk).
     */
    private byte[] payload(int size) throws IOException {
        if (size <= CHUNK) {
            byte[] b = new byte[size];
            readFully(b, 0);
            return b;
        }
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream(CHUNK);
        byte[] chunk = new byte[CHUNK];
        for (int left = size; left > 0; ) {
            int n = in.read(chunk, 0, Math.min(chunk.length, left));
            if (n < 0) {
                throw new EOFException("the client closed the connection");
            }
            all.write(chunk, 0, n);
            left -= n;
        }
        return all.toByteArray();
    }

    /** Reads {@code b} whole from {@code from} on; the end of the stream there is an error. */
    private void readFully(byte[] b, int from) throws IOException {
        for (int at = from; at < b.length; ) {
            int n = in.read(b, at, b.length - at);
            if (n < 0) {
                throw new EOFException("the client closed the connection");
            }
            at += n;
        }
    }

    /**
     * Sends a text message.
     *
     * @param text the message
     * @throws IOException when the connection is gone or closing
     */
    public void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Sends a text message already encoded.
     *
     * @param utf8 the message's UTF-8 bytes
     * @throws IOException when the connection is gone or closing
     */
    public void send(byte[] utf8) throws IOException {
        frame(TEXT, utf8);
    }

    /**
     * Sends a close frame (once) and ends the output; the reading side ends when the client
     * answers or leaves.
     *
     * @param code the close code
     * @param reason a short reason (at most 123 bytes are sent)
     */
    public void close(int code, String reason) {
        byte[] r = reason.getBytes(StandardCharsets.UTF_8);
        byte[] payload = new byte[2 + Math.min(r.length, 123)];
        payload[0] = (byte) (code >> 8);
        payload[1] = (byte) code;
        System.arraycopy(r, 0, payload, 2, payload.length - 2);
        try {
            frame(CLOSE, payload);
        } catch (IOException gone) {
            // the client has gone already
        }
    }

    private synchronized void frame(int opcode, byte[] payload) throws IOException {
        if (closeSent) {
            throw new IOException("the WebSocket is closed");
        }
        closeSent = opcode == CLOSE;
        int n = payload.length;
        byte[] head;
        if (n < 126) {
            head = new byte[] {(byte) (0x80 | opcode), (byte) n};
        } else if (n < 65_536) {
            head = new byte[] {(byte) (0x80 | opcode), 126, (byte) (n >> 8), (byte) n};
        } else {
            head = new byte[10];
            head[0] = (byte) (0x80 | opcode);
            head[1] = 127;
            for (int i = 0; i < 8; i++) {
                head[9 - i] = (byte) ((long) n >> (8 * i));
            }
        }
        out.write(head);
        out.write(payload);
        out.flush();
    }
}
