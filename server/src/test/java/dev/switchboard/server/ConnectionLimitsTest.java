package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connections cost bounded threads and time, over real sockets to a server JVM of its own (8
 * request threads, a 2 s read timeout): 200 half-sent requests add at most the pool's threads and
 * are closed once their time is up (or refused at once with 503 when the pool is full), the server answers throughout and after, and a stream (SSE)
 * lasts past the read timeout as long as its run does.
 */
class ConnectionLimitsTest {
    @TempDir
    Path dir;

    @Test
    void halfSentRequestsCostBoundedThreadsAndAreClosedInTime() throws Exception {
        try (ServerJvm server = ServerJvm.start(dir.resolve("server.log"), List.of("-Xmx256m"), "8", "2")) {
            int port = server.port;
            int before = server.threads();
            Assumptions.assumeTrue(before > 0, "counting a JVM's threads needs /proc");
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 200; i++) {
                    Socket s = new Socket("127.0.0.1", port);
                    s.setSoTimeout(10_000);
                    String half = i % 2 == 0
                            ? "POST /threads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                    + "Content-Length: 100\r\n\r\n{\"metadata\":"
                            : "GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n";
                    s.getOutputStream().write(half.getBytes(StandardCharsets.UTF_8));
                    stalled.add(s);
                }
                Thread.sleep(500);
                int during = server.threads();
                assertTrue(during - before <= 12, "threads grew from " + before + " to " + during);
                long start = System.currentTimeMillis();
                for (Socket s : stalled) {
                    int answer = readOrTimeout(s.getInputStream());
                    // closed, or refused with 503 by the overflow pool that does not read bodies
                    assertTrue(answer == -1 || answer == 503 || answer == 400, "a stalled request got " + answer);
                }
                long took = System.currentTimeMillis() - start;
                assertTrue(took < 8_000, "the stalled requests were closed after " + took + " ms");
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
            assertEquals(200, RawHttp.send(port, "GET", "/ok", null).status());
        }
    }

    @Test
    void aStreamLastsPastTheReadTimeout() throws Exception {
        try (ServerJvm server = ServerJvm.start(dir.resolve("server.log"), List.of("-Xmx256m"), "8", "1")) {
            int port = server.port;
            String tid = RawHttp.send(port, "POST", "/threads", "{}", "Content-Type: application/json")
                    .body()
                    .replaceAll(".*\"thread_id\":\"([^\"]+)\".*", "$1");
            long start = System.currentTimeMillis();
            RawHttp.Reply stream = RawHttp.send(
                    port,
                    "POST",
                    "/threads/" + tid + "/runs/stream",
                    "{\"assistant_id\":\"slow\",\"input\":{\"trail\":[\"A\"]},\"stream_mode\":\"updates\"}",
                    "Content-Type: application/json");
            long took = System.currentTimeMillis() - start;
            assertEquals(200, stream.status());
            assertTrue(took > 3_000, "the slow run streams for 3.6 s, took " + took);
            assertTrue(stream.body().contains("\"s3\""), "every step arrived: " + stream.body());
        }
    }

    /**
     * The status the server answered, -1 once it closed without answering, or -2 when it kept the
     * socket open.
     */
    private static int readOrTimeout(InputStream in) throws Exception {
        try {
            byte[] head = in.readNBytes(12); // "HTTP/1.1 503"
            if (head.length == 0) {
                return -1;
            }
            String line = new String(head, StandardCharsets.US_ASCII);
            return line.startsWith("HTTP/1.1 ") && head.length == 12 ? Integer.parseInt(line.substring(9)) : 0;
        } catch (SocketTimeoutException e) {
            return -2;
        } catch (java.io.IOException reset) {
            return -1; // closed by the server with a reset
        }
    }
}
