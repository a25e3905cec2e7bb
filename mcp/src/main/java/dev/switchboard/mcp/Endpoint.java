package dev.switchboard.mcp;

import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Where an MCP server is: a command to start (stdio) or a Streamable HTTP URL. */
sealed interface Endpoint {

    /** Opens a transport to the server; nothing is sent until the client initializes. */
    Opened open();

    /** A transport and how it reports the server's going away. */
    interface Opened extends AutoCloseable {
        McpClientTransport transport();

        /** Calls {@code lost} with a reason once the server is gone. */
        void onLost(Consumer<String> lost);

        @Override
        void close();
    }

    /** A server started as a process and spoken to over its stdin and stdout. */
    record Stdio(List<String> command, Map<String, String> env) implements Endpoint {
        @Override
        public Opened open() {
            ServerParameters params = ServerParameters.builder(command.get(0))
                    .args(command.subList(1, command.size()))
                    .env(env)
                    .build();
            return new WatchedProcess(params);
        }

        @Override
        public String toString() {
            return String.join(" ", command);
        }
    }

    /** A server reached over Streamable HTTP at one URL. */
    record Http(URI url, Map<String, String> headers) implements Endpoint {
        @Override
        public Opened open() {
            String base = url.getScheme() + "://" + url.getRawAuthority();
            String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
            HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base)
                    .endpoint(url.getRawQuery() == null ? path : path + "?" + url.getRawQuery())
                    .addHttpRequestCustomizer((b, method, uri, body, context) -> headers.forEach(b::header))
                    .build();
            return new Opened() {
                @Override
                public McpClientTransport transport() {
                    return transport;
                }

                @Override
                public void onLost(Consumer<String> lost) {
                    // a failed request fails its own call; the connection is judged by that
                }

                @Override
                public void close() {}
            };
        }

        @Override
        public String toString() {
            return url.toString();
        }
    }
}
