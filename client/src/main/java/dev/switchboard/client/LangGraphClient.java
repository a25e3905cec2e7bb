package dev.switchboard.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A client for LangGraph's HTTP API, as {@code @langchain/langgraph-sdk}'s {@code Client} is, on
 * {@code java.net.http}: {@link #assistants()}, {@link #threads()}, {@link #runs()} (waited,
 * background and streamed runs, joins, cancels) and {@link #store()}. It talks to any server of
 * that API: a Switchboard server, LangGraph's own ({@code langgraph dev}, Agent Server) or a
 * LangSmith deployment.
 *
 * <pre>{@code
 * LangGraphClient client = LangGraphClient.builder(URI.create("http://127.0.0.1:2024")).build();
 * String thread = client.threads().create().threadId();
 * try (Stream<StreamEvent> events = client.runs().stream(thread, "support",
 *         RunInput.of(Map.of("messages", List.of("I want a refund"))).streamMode("updates"))) {
 *     events.forEach(e -> System.out.println(e.event() + " " + e.data()));
 * }
 * }</pre>
 *
 * <p>Request and answer bodies are Jackson 3 trees; inputs may be any value Jackson converts
 * (maps, lists, records). Decimal numbers are read as {@code BigDecimal}s, so no digit is lost.
 * An error answer throws {@link ApiException} with the server's status and detail. Thread-safe.
 */
public final class LangGraphClient {
    private final Http http;
    private final Assistants assistants;
    private final Threads threads;
    private final Runs runs;
    private final StoreClient store;

    private LangGraphClient(Builder b) {
        URI base = b.url.toString().endsWith("/") ? b.url : URI.create(b.url + "/");
        this.http =
                new Http(b.http != null ? b.http : HttpClient.newHttpClient(), base, Map.copyOf(b.headers), b.timeout);
        this.assistants = new Assistants(http);
        this.threads = new Threads(http);
        this.runs = new Runs(http);
        this.store = new StoreClient(http);
    }

    /**
     * A builder for a server at {@code url}.
     *
     * @param url the API's root, e.g. {@code http://127.0.0.1:2024}
     * @return the builder
     */
    public static Builder builder(URI url) {
        return new Builder(Objects.requireNonNull(url, "url"));
    }

    /**
     * Assistants: find them, read their graphs and schemas.
     *
     * @return the assistants API
     */
    public Assistants assistants() {
        return assistants;
    }

    /**
     * Threads: create, read, search, copy, delete; state, history and state updates.
     *
     * @return the threads API
     */
    public Threads threads() {
        return threads;
    }

    /**
     * Runs: waited, background and streamed; list, read, join, cancel, delete.
     *
     * @return the runs API
     */
    public Runs runs() {
        return runs;
    }

    /**
     * The long-term memory store: items by namespace and key, search, namespaces.
     *
     * @return the store API
     */
    public StoreClient store() {
        return store;
    }

    /** Configures a {@link LangGraphClient}. */
    public static final class Builder {
        private final URI url;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Duration timeout = Duration.ofMinutes(5);
        private HttpClient http;

        private Builder(URI url) {
            this.url = url;
        }

        /**
         * The API key of a LangSmith deployment, sent as {@code x-api-key} as the SDK does.
         *
         * @param key the key
         * @return this builder
         */
        public Builder apiKey(String key) {
            return header("x-api-key", key);
        }

        /**
         * A bearer token, sent as {@code Authorization: Bearer <token>} (a Switchboard server's
         * authenticator reads it).
         *
         * @param token the token
         * @return this builder
         */
        public Builder bearer(String token) {
            return header("Authorization", "Bearer " + Objects.requireNonNull(token, "token"));
        }

        /**
         * A header sent with every request.
         *
         * @param name the header
         * @param value its value
         * @return this builder
         */
        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * How long a request other than a stream may take (default 5 minutes, enough for a waited
         * run); streams are not timed.
         *
         * @param timeout the timeout
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            this.timeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * The HTTP client to use (proxy, TLS, executor); a new default one otherwise.
         *
         * @param client the client
         * @return this builder
         */
        public Builder httpClient(HttpClient client) {
            this.http = Objects.requireNonNull(client, "client");
            return this;
        }

        /**
         * Builds the client; nothing is sent until a call.
         *
         * @return the client
         */
        public LangGraphClient build() {
            return new LangGraphClient(this);
        }
    }
}
