package dev.switchboard.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for what {@code java.net.http} will not send: any {@code Host},
 * {@code Origin} or content type, half-sent requests. One request per connection.
 */
final class RawHttp {
    /** An answer: status, headers (lower-case names), body. */
    record Reply(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {}

    /**
     * Sends one request and reads the answer to its end.
     *
     * @param port the server's port
     * @param method the method
     * @param path the path
     * @param headers extra headers, each {@code "Name: value"}
     * @param body the body, or null
     */
    static Reply send(int port, String method, String path, String body, String... headers) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
            boolean host = false;
            for (String h : headers) {
                host |= h.toLowerCase(Locale.ROOT).startsWith("host:");
                req.append(h).append("\r\n");
            }
            if (!host) {
                req.append("Host: 127.0.0.1:").append(port).append("\r\n");
            }
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null) {
                req.append("Content-Length: ").append(bytes.length).append("\r\n");
            }
            req.append("Connection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.UTF_8));
            out.write(bytes);
            out.flush();
            return read(s.getInputStream(), method.equals("HEAD"));
        }
    }

    private static Reply read(InputStream in, boolean head) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        String text = all.toString(StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end < 0 ? text.length() : end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.merge(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim(),
                        (a, b) -> a + ", " + b);
            }
        }
        String body = end < 0 || head ? "" : text.substring(end + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = unchunk(body);
        }
        return new Reply(status, headers, body);
    }

    private static String unchunk(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int eol = s.indexOf("\r\n", i);
            if (eol < 0) {
                break;
            }
            int size = Integer.parseInt(s.substring(i, eol).trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(s, eol + 2, eol + 2 + size);
            i = eol + 2 + size + 2;
        }
        return out.toString();
    }
}
