package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.ProtocolGraphs;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a hostile or broken client sends a WebSocket, written byte by byte on a raw socket: each
 * broken frame closes its connection with RFC 6455's code (1002 unmasked, unknown opcode, a stray
 * continuation, a fragmented ping; 1009 a message past the limit, announced or fragmented; 1007
 * text that is not UTF-8), a ping is answered with its payload, broken handshakes are answered as
 * HTTP errors (400, 426 naming version 13, 431 for a huge head), a server without WebSockets
 * answers 501, a connection past the limit gets 503, and after all of it the server still serves HTTP and WebSockets.
 */
class WebSocketFramesTest {
    private static final int MAX = 64 * 1024;
    private static SwitchboardServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ProtocolGraphs.server()
                .port(0)
                .webSockets(true)
                .maxBodyBytes(MAX)
                .build()
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** A raw connection after a handshake, or the status it was refused with. */
    record Conn(Socket socket, DataInputStream in, OutputStream out, int status) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    static Conn handshake(int port, String headers) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(20_000);
        String head = "GET /threads/" + UUID.randomUUID() + "/stream/events HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\n" + headers + "\r\n";
        s.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
        DataInputStream in = new DataInputStream(s.getInputStream());
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) != '\n') {
            line.append((char) b);
        }
        int status = Integer.parseInt(line.toString().split(" ")[1]);
        // the rest of the head
        int matched = 0;
        while (matched < 2) {
            b = in.read();
            matched = b == '\n' ? matched + 1 : (b == '\r' ? matched : 0);
        }
        return new Conn(s, in, s.getOutputStream(), status);
    }

    static final String UPGRADE = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

    static Conn open() throws IOException {
        Conn c = handshake(server.port(), UPGRADE);
        assertEquals(101, c.status());
        return c;
    }

    /** A frame as a client writes it: masked unless said otherwise. */
    static byte[] frame(int first, byte[] payload, boolean masked) {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.write(first);
        int m = masked ? 0x80 : 0;
        if (payload.length < 126) {
            f.write(m | payload.length);
        } else {
            f.write(m | 126);
            f.write(payload.length >> 8);
            f.write(payload.length);
        }
        byte[] mask = {1, 2, 3, 4};
        if (masked) {
            f.writeBytes(mask);
        }
        for (int i = 0; i < payload.length; i++) {
            f.write(masked ? payload[i] ^ mask[i & 3] : payload[i]);
        }
        return f.toByteArray();
    }

    /** Reads server frames until a close; its code. */
    static int closeCode(Conn c) throws IOException {
        while (true) {
            int first = c.in().readUnsignedByte();
            int len = c.in().readUnsignedByte();
            assertEquals(0, len & 0x80, "server frames are unmasked");
            len &= 0x7F;
            if (len == 126) {
                len = c.in().readUnsignedShort();
            }
            byte[] payload = c.in().readNBytes(len);
            if ((first & 0x0F) == 0x8) {
                return ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
            }
        }
    }

    static int closedWith(byte[]... frames) throws IOException {
        try (Conn c = open()) {
            for (byte[] f : frames) {
                c.out().write(f);
            }
            c.out().flush();
            return closeCode(c);
        }
    }

    @Test
    void brokenFramesCloseWithTheirCodesAndTheServerGoesOn() throws Exception {
        byte[] hello = "{}".getBytes(StandardCharsets.UTF_8);
        assertEquals(1002, closedWith(frame(0x81, hello, false)), "unmasked");
        assertEquals(1002, closedWith(frame(0x83, hello, true)), "unknown opcode");
        assertEquals(1002, closedWith(frame(0xC1, hello, true)), "a reserved bit");
        assertEquals(1002, closedWith(frame(0x80, hello, true)), "a continuation without a message");
        assertEquals(1002, closedWith(frame(0x09, new byte[0], true)), "a fragmented ping");
        assertEquals(1002, closedWith(frame(0x01, hello, true), frame(0x81, hello, true)), "a message inside one");
        assertEquals(1007, closedWith(frame(0x81, new byte[] {(byte) 0xC3, 0x28}, true)), "not UTF-8");
        // announced larger than the limit: refused from its header, before any payload arrives
        byte[] huge = {(byte) 0x81, (byte) 0xFF, 0, 0, 0, 0, 0x7F, 0, 0, 0};
        assertEquals(1009, closedWith(huge), "too big");
        byte[] half = new byte[MAX / 2 + 1];
        assertEquals(1009, closedWith(frame(0x01, half, true), frame(0x80, half, true)), "too big in fragments");
        assertEquals(1002, closedWith(frame(0x88, new byte[] {3}, true)), "a one-byte close code");

        // a ping is answered with its payload, and a command in fragments is whole
        try (Conn c = open()) {
            c.out().write(frame(0x89, "abc".getBytes(StandardCharsets.UTF_8), true));
            assertEquals(0x8A, c.in().readUnsignedByte());
            assertArrayEquals("abc".getBytes(StandardCharsets.UTF_8), c.in().readNBytes(c.in().readUnsignedByte()));
            c.out().write(frame(0x01, "{\"id\":3,\"method\":".getBytes(StandardCharsets.UTF_8), true));
            c.out().write(frame(0x80, "\"agent.getTree\"}".getBytes(StandardCharsets.UTF_8), true));
            assertEquals(0x81, c.in().readUnsignedByte());
            int len = c.in().readUnsignedByte();
            len = len == 126 ? c.in().readUnsignedShort() : len;
            String answer = new String(c.in().readNBytes(len), StandardCharsets.UTF_8);
            assertTrue(answer.contains("\"id\":3"), answer);
            c.out().write(frame(0x88, new byte[] {0x03, (byte) 0xE8}, true));
            assertEquals(1000, closeCode(c));
        }
    }

    @Test
    void connectionsPastTheLimitAre503() throws Exception {
        try (SwitchboardServer small = ProtocolGraphs.server()
                        .port(0)
                        .webSockets(true)
                        .requestThreads(2)
                        .build()
                        .start();
                Conn one = handshake(small.port(), UPGRADE);
                Conn two = handshake(small.port(), UPGRADE)) {
            assertEquals(101, one.status());
            assertEquals(101, two.status());
            try (Conn three = handshake(small.port(), UPGRADE)) {
                assertEquals(503, three.status());
            }
        }
    }

    @Test
    void brokenHandshakesAreHttpErrors() throws Exception {
        try (Conn c = handshake(server.port(), UPGRADE.replace("Version: 13", "Version: 8"))) {
            assertEquals(426, c.status());
        }
        try (Conn c = handshake(server.port(), UPGRADE.replace("dGhlIHNhbXBsZSBub25jZQ==", "short"))) {
            assertEquals(400, c.status());
        }
        try (Conn c = handshake(server.port(), UPGRADE + "X-Pad: " + "x".repeat(20_000) + "\r\n")) {
            assertEquals(431, c.status());
        }
        try (Conn c = handshake(
                server.port(),
                UPGRADE.replace("Upgrade: websocket", "Upgrade: websocket\r\nOrigin: https://evil.example"))) {
            assertEquals(403, c.status());
        }
        try (SwitchboardServer plain = ProtocolGraphs.server().port(0).build().start();
                Conn c = handshake(plain.port(), UPGRADE)) {
            assertEquals(501, c.status());
        }
        // the server still answers: HTTP through the relay, and a new WebSocket
        try (Conn c = handshake(server.port(), "")) {
            assertEquals(400, c.status()); // a plain GET of the stream path: it takes a handshake
        }
        assertEquals(1000, closedWith(frame(0x88, new byte[] {0x03, (byte) 0xE8}, true)));
    }
}
