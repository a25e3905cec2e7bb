package dev.switchboard.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bytes an owner-scoped answer is rewritten in: {@code thread_id} members mapped wherever they
 * are, the id the request named replaced in text and headers, a stream at each flush, a WebSocket's
 * frames with their lengths unchanged, and nothing else touched (a value under another key, an id
 * inside a string's escaped JSON).
 */
class IdRewriterTest {
    private static final String STORED = "11111111-1111-4111-8111-111111111111";
    private static final String ASKED = "22222222-2222-4222-8222-222222222222";
    private static final String OTHER = "33333333-3333-4333-8333-333333333333";
    private static final String OTHER_ASKED = "44444444-4444-4444-8444-444444444444";

    private static IdRewriter rewriter() {
        return new IdRewriter(id -> id.equals(STORED) ? ASKED : id.equals(OTHER) ? OTHER_ASKED : id)
                .literal(STORED, ASKED);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void aBodysThreadIdsAndTheNamedIdAreTheCallers() {
        String body = "{\"thread_id\":\"" + OTHER + "\",\"x\":{\"thread_id\":\"" + STORED + "\"},\"run\":\"" + OTHER
                + "\",\"text\":\"{\\\"thread_id\\\":\\\"" + OTHER + "\\\"} é Thread with ID " + STORED + "\"}";
        ApiResponse r = rewriter()
                .rewrite(ApiResponse.of(
                        404,
                        List.of(Map.entry("Content-Location", "/threads/" + STORED + "/runs/r")),
                        body.getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                "{\"thread_id\":\"" + OTHER_ASKED + "\",\"x\":{\"thread_id\":\"" + ASKED + "\"},\"run\":\"" + OTHER
                        + "\",\"text\":\"{\\\"thread_id\\\":\\\"" + OTHER + "\\\"} é Thread with ID " + ASKED + "\"}",
                text(r.body()));
        assertEquals("/threads/" + ASKED + "/runs/r", r.header("Content-Location"));
        assertEquals(404, r.status());
    }

    @Test
    void aStreamIsRewrittenAtEachFlush() throws Exception {
        ApiResponse r = rewriter().rewrite(ApiResponse.streamed(200, List.of(), out -> {
            out.write(("event: metadata\ndata: {\"run_id\":\"r\",\"thread_id\":\"" + STORED + "\"}\n\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.flush();
            out.write(("data: " + STORED + "\n\n").getBytes(StandardCharsets.UTF_8));
        }));
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        r.stream().writeTo(sent);
        assertEquals(
                "event: metadata\ndata: {\"run_id\":\"r\",\"thread_id\":\"" + ASKED + "\"}\n\ndata: " + ASKED + "\n\n",
                sent.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWebSocketsFramesKeepTheirLengths() throws Exception {
        byte[] payload = ("{\"thread_id\":\"" + STORED + "\"}").getBytes(StandardCharsets.UTF_8);
        ApiResponse r = rewriter().rewrite(ApiResponse.upgraded(List.of(), (in, out) -> {
            out.write(0x81); // a final text frame
            out.write(payload.length);
            out.write(payload);
            out.flush();
        }));
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        r.upgrade().serve(new ByteArrayInputStream(new byte[0]), sent);
        byte[] frame = sent.toByteArray();
        assertEquals(payload.length, frame[1]);
        assertEquals(
                "{\"thread_id\":\"" + ASKED + "\"}", new String(frame, 2, frame.length - 2, StandardCharsets.UTF_8));
    }
}
