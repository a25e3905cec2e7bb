package dev.switchboard.server.http;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Rewrites the ids of an answer from how they are stored to how its caller names them (see {@code
 * auth.ThreadIds}): every JSON member {@code "thread_id":"<uuid>"} (thread, run and cron objects,
 * checkpoint configs and metadata, stream events, WebSocket messages) gets its id mapped, and each
 * stored id the request named is replaced by the caller's spelling wherever else it appears (an
 * error's text, a {@code Content-Location}). Ids and the marker are ASCII, which UTF-8 never
 * encodes inside another character, and each id keeps its length, so the bytes are rewritten in
 * place: a body, a streamed body at each flush (a stream writes whole events before it flushes),
 * a WebSocket's frames (their lengths unchanged) and the headers.
 */
public final class IdRewriter {
    private static final byte[] MARKER = "\"thread_id\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int ID = 36;

    private final UnaryOperator<String> field;
    private final Map<String, String> literal = new LinkedHashMap<>();

    /**
     * A rewriter.
     *
     * @param field maps the id of a {@code thread_id} member (36 characters in, 36 out)
     */
    public IdRewriter(UnaryOperator<String> field) {
        this.field = field;
    }

    /**
     * Replaces a stored id by the caller's spelling wherever it appears.
     *
     * @param stored the stored id
     * @param asked the id as the caller named it (the same length)
     * @return this rewriter
     */
    public IdRewriter literal(String stored, String asked) {
        if (stored.length() == ID && asked.length() == ID && !stored.equals(asked)) {
            literal.put(stored, asked);
        }
        return this;
    }

    /**
     * Rewrites bytes in place.
     *
     * @param b the bytes
     * @param from the first
     * @param to past the last
     */
    void rewrite(byte[] b, int from, int to) {
        for (int i = indexOf(b, MARKER, from, to); i >= 0; i = indexOf(b, MARKER, i + 1, to)) {
            int at = i + MARKER.length;
            if (at + ID < to && b[at + ID] == '"') {
                String mapped = field.apply(new String(b, at, ID, StandardCharsets.US_ASCII));
                if (mapped != null && mapped.length() == ID) {
                    System.arraycopy(mapped.getBytes(StandardCharsets.US_ASCII), 0, b, at, ID);
                }
            }
        }
        for (Map.Entry<String, String> e : literal.entrySet()) {
            byte[] stored = e.getKey().getBytes(StandardCharsets.US_ASCII);
            byte[] asked = e.getValue().getBytes(StandardCharsets.US_ASCII);
            for (int i = indexOf(b, stored, from, to); i >= 0; i = indexOf(b, stored, i + ID, to)) {
                System.arraycopy(asked, 0, b, i, ID);
            }
        }
    }

    /**
     * A body rewritten.
     *
     * @param body the bytes (not changed)
     * @return a rewritten copy
     */
    byte[] rewrite(byte[] body) {
        byte[] copy = body.clone();
        rewrite(copy, 0, copy.length);
        return copy;
    }

    /** A header's value rewritten (only the ids the request named: headers carry no JSON). */
    String rewrite(String header) {
        String out = header;
        for (Map.Entry<String, String> e : literal.entrySet()) {
            out = out.replace(e.getKey(), e.getValue());
        }
        return out;
    }

    /**
     * An answer rewritten: its headers, and its body, stream or upgraded connection.
     *
     * @param r the answer
     * @return the rewritten answer
     */
    ApiResponse rewrite(ApiResponse r) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (Map.Entry<String, String> h : r.headers()) {
            headers.add(Map.entry(h.getKey(), rewrite(h.getValue())));
        }
        if (r.upgrade() != null) {
            ApiResponse.Upgrade inner = r.upgrade();
            return ApiResponse.upgraded(headers, (in, out) -> inner.serve(in, wrap(out)));
        }
        if (r.streamed()) {
            ApiResponse.Stream inner = r.stream();
            return ApiResponse.streamed(r.status(), headers, out -> {
                OutputStream w = wrap(out);
                inner.writeTo(w);
                w.flush();
            });
        }
        return ApiResponse.of(r.status(), headers, rewrite(r.body()));
    }

    /** Holds what is written until a flush, then writes it rewritten. */
    private OutputStream wrap(OutputStream out) {
        return new FilterOutputStream(out) {
            private final ByteArrayOutputStream held = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                held.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                held.write(b, off, len);
            }

            @Override
            public void flush() throws IOException {
                byte[] b = held.toByteArray();
                held.reset();
                rewrite(b, 0, b.length);
                out.write(b);
                out.flush();
            }

            @Override
            public void close() throws IOException {
                flush();
                out.close();
            }
        };
    }

    private static int indexOf(byte[] b, byte[] what, int from, int to) {
        outer:
        for (int i = from; i <= to - what.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (b[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
