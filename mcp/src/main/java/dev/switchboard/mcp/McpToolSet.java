package dev.switchboard.mcp;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.ToolErrorException;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.langchain4j.UnknownToolException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools of one MCP server as a {@link ToolSet}, for {@code ToolNode}, {@code ModelNode} and
 * {@code ReactAgent} like generated {@code @Tools}. The server is started as a process spoken to
 * over stdio, or reached over Streamable HTTP:
 *
 * <pre>{@code
 * try (McpToolSet everything = McpToolSet.stdio("npx", "-y", "@modelcontextprotocol/server-everything").build()) {
 *     ReactAgentGraph agent = ReactAgent.create(model, everything, "You are helpful.").graph().build();
 * }
 * McpToolSet remote = McpToolSet.streamableHttp(URI.create("https://tools.example/mcp"))
 *         .header("Authorization", "Bearer " + token)
 *         .build();
 * }</pre>
 *
 * <p>{@link #specifications()} are the server's tools with their JSON Schemas (see the schema
 * notes on {@code ToolSchemas}: nothing the model needs is dropped), kept current when the server
 * announces that its tool list changed. {@link #execute} calls the tool and answers its text
 * content (structured content as JSON when no text came with it). A result the server marks
 * {@code isError}, and a JSON-RPC error it answers (an unknown tool, invalid arguments), throw
 * {@link ToolErrorException} with the server's text, which {@code ToolNode} gives the model as an
 * error result. A call the server does not answer within {@link Builder#timeout} throws {@link
 * McpException}; so does a call during which the server exits or its connection breaks (at once,
 * not at the timeout), and the next call then starts or connects to the server again. Tool results
 * are side effects like any tool's: in a {@code ToolNode} they are journaled with the other calls.
 *
 * <p>Thread-safe; calls may run in parallel. {@link #close()} ends the session (and stops a stdio
 * server's process).
 */
public final class McpToolSet implements ToolSet, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(McpToolSet.class.getName());
    private static final JsonMapper ARGUMENTS = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final String name;
    private final Endpoint endpoint;
    private final Duration timeout;
    private final Duration startTimeout;
    private final Set<String> include;
    private final String prefix;
    private final Consumer<List<ToolSpecification>> onToolsChanged;
    private final McpSchema.Implementation clientInfo;
    private volatile Tools tools = new Tools(List.of(), List.of(), Map.of());
    private Connection connection;
    private boolean closed;

    /** The current tools: specifications for the model, and each one's name on the server. */
    private record Tools(
            List<McpSchema.Tool> listed, List<ToolSpecification> specifications, Map<String, String> serverNames) {}

    private McpToolSet(Builder b) {
        this.name = b.name != null ? b.name : b.endpoint.toString();
        this.endpoint = b.endpoint;
        this.timeout = b.timeout;
        this.startTimeout = b.startTimeout;
        this.include = Set.copyOf(b.include);
        this.prefix = b.prefix;
        this.onToolsChanged = b.onToolsChanged;
        String version = McpToolSet.class.getPackage().getImplementationVersion();
        this.clientInfo =
                new McpSchema.Implementation("switchboard", null, version == null ? "dev" : version, null, null, null);
    }

    /**
     * A server started as a process, spoken to over its stdin and stdout.
     *
     * @param command the program, e.g. {@code "npx"}
     * @param args its arguments, e.g. {@code "-y", "@modelcontextprotocol/server-everything"}
     * @return a builder; {@link Builder#build()} starts the process
     */
    public static Builder stdio(String command, String... args) {
        List<String> line = new ArrayList<>();
        line.add(Objects.requireNonNull(command, "command"));
        line.addAll(List.of(args));
        return new Builder(line, null);
    }

    /**
     * A server reached over Streamable HTTP.
     *
     * @param url its MCP endpoint, e.g. {@code http://localhost:3001/mcp}
     * @return a builder; {@link Builder#build()} connects
     */
    public static Builder streamableHttp(URI url) {
        Objects.requireNonNull(url, "url");
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException("an MCP Streamable HTTP URL is http or https, not " + url);
        }
        return new Builder(null, url);
    }

    /**
     * The server's name in messages: the builder's {@link Builder#name}, else its command or URL.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The offered tools as the server describes them: titles, annotations ({@code readOnlyHint}...),
     * input and output schemas, in the order of {@link #specifications()}.
     *
     * @return the tools
     */
    public List<McpSchema.Tool> tools() {
        return tools.listed();
    }

    @Override
    public List<ToolSpecification> specifications() {
        return tools.specifications();
    }

    @Override
    public String execute(ToolExecutionRequest request) {
        String tool = tools.serverNames().get(request.name());
        if (tool == null) {
            throw new UnknownToolException(request.name());
        }
        McpSchema.CallToolResult result = call(tool, arguments(request));
        String text = ResultText.of(result);
        if (Boolean.TRUE.equals(result.isError())) {
            throw new ToolErrorException(text.isEmpty() ? "tool '" + request.name() + "' failed" : text);
        }
        return text;
    }

    /**
     * Calls a tool by its name on the server, for code that wants the whole result (every content
     * block, structured content, the error flag) rather than the model's text.
     *
     * @param tool the tool's name on the server (without {@link Builder#prefix})
     * @param arguments its arguments
     * @return the server's result, {@code isError} ones included
     * @throws ToolErrorException if the server answers with a JSON-RPC error
     * @throws McpException if the server cannot be reached, goes away or does not answer in time
     */
    public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(arguments, "arguments");
        try {
            return connection().call(tool, arguments);
        } catch (McpError e) {
            throw new ToolErrorException(e.getMessage() == null ? "MCP error " + e.getJsonRpcError() : e.getMessage());
        }
    }

    private static Map<String, Object> arguments(ToolExecutionRequest request) {
        String json = request.arguments();
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        JsonNode node;
        try {
            node = ARGUMENTS.readTree(json);
        } catch (JacksonException e) {
            throw new ToolArgumentsException(
                    "the arguments of '" + request.name() + "' are not JSON: " + e.getOriginalMessage(), e);
        }
        if (!node.isObject()) {
            throw new ToolArgumentsException(
                    "the arguments of '" + request.name() + "' must be a JSON object, not " + node, null);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = ARGUMENTS.treeToValue(node, LinkedHashMap.class);
        return map;
    }

    /** The live session, started again if the last one was lost. */
    private synchronized Connection connection() {
        if (closed) {
            throw new IllegalStateException("MCP tool set '" + name + "' is closed");
        }
        if (connection != null && connection.alive()) {
            return connection;
        }
        if (connection != null) {
            LOG.log(System.Logger.Level.INFO, "MCP server ''{0}'' was lost; connecting again", name);
            connection.close();
            connection = null;
        }
        try {
            connection = Connection.open(
                    name, endpoint, timeout, startTimeout, clientInfo, this::toolsChanged, this::listed);
        } catch (McpException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new McpException("could not start MCP server '" + name + "': " + e.getMessage(), e);
        }
        return connection;
    }

    private void listed(McpSchema.ListToolsResult listed) {
        setTools(listed.tools());
    }

    private void toolsChanged(List<McpSchema.Tool> listed) {
        setTools(listed);
        onToolsChanged.accept(tools.specifications());
    }

    private void setTools(List<McpSchema.Tool> listed) {
        List<McpSchema.Tool> offered = new ArrayList<>();
        List<ToolSpecification> specifications = new ArrayList<>();
        Map<String, String> serverNames = new LinkedHashMap<>();
        for (McpSchema.Tool t : listed) {
            if (include.isEmpty() || include.contains(t.name())) {
                offered.add(t);
                specifications.add(ToolSchemas.specification(t, prefix + t.name()));
                serverNames.put(prefix + t.name(), t.name());
            }
        }
        tools = new Tools(List.copyOf(offered), List.copyOf(specifications), Map.copyOf(serverNames));
    }

    /** Ends the session and stops a stdio server's process; later calls throw. */
    @Override
    public synchronized void close() {
        closed = true;
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    /** Configures an {@link McpToolSet}: timeouts, which tools, their names, headers or environment. */
    public static final class Builder {
        private final List<String> command;
        private final URI url;
        private final Map<String, String> env = new LinkedHashMap<>();
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final Set<String> include = new LinkedHashSet<>();
        private Endpoint endpoint;
        private String name;
        private Duration timeout = Duration.ofSeconds(60);
        private Duration startTimeout = Duration.ofSeconds(30);
        private String prefix = "";
        private Consumer<List<ToolSpecification>> onToolsChanged = tools -> {};

        private Builder(List<String> command, URI url) {
            this.command = command;
            this.url = url;
        }

        /**
         * The server's name in messages and logs (default: its command line or URL).
         *
         * @param name the name
         * @return this builder
         */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * How long a tool call may take before it fails with {@link McpException} (default 60 s).
         *
         * @param timeout the timeout, positive
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            this.timeout = positive(timeout, "timeout");
            return this;
        }

        /**
         * How long starting or connecting to the server, initializing and listing its tools may take
         * (default 30 s).
         *
         * @param timeout the timeout, positive
         * @return this builder
         */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = positive(timeout, "timeout");
            return this;
        }

        /**
         * Offers only the named tools (names on the server); by default every tool.
         *
         * @param tools the names
         * @return this builder
         */
        public Builder include(String... tools) {
            include.addAll(List.of(tools));
            return this;
        }

        /**
         * Puts a prefix before every tool name the model sees, so tools of several servers (or of
         * a server and a {@code @Tools} class) cannot clash; calls take it off again.
         *
         * @param prefix e.g. {@code "everything_"}
         * @return this builder
         */
        public Builder prefix(String prefix) {
            this.prefix = Objects.requireNonNull(prefix, "prefix");
            return this;
        }

        /**
         * An environment variable for a stdio server's process, on top of this JVM's environment.
         *
         * @param name the variable
         * @param value its value
         * @return this builder
         * @throws IllegalStateException for a Streamable HTTP server
         */
        public Builder env(String name, String value) {
            if (command == null) {
                throw new IllegalStateException("env applies to a stdio server; this one is reached at " + url);
            }
            env.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * A header sent with every request to a Streamable HTTP server, e.g. {@code Authorization}.
         *
         * @param name the header
         * @param value its value
         * @return this builder
         * @throws IllegalStateException for a stdio server
         */
        public Builder header(String name, String value) {
            if (url == null) {
                throw new IllegalStateException("headers apply to a Streamable HTTP server; this one is started as "
                        + String.join(" ", command));
            }
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Called with the new specifications each time the server announces that its tools changed
         * ({@code notifications/tools/list_changed}), after {@link #specifications()} has them.
         *
         * @param listener the listener
         * @return this builder
         */
        public Builder onToolsChanged(Consumer<List<ToolSpecification>> listener) {
            this.onToolsChanged = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Starts or connects to the server, initializes the MCP session and lists its tools.
         *
         * @return the tool set; close it to end the session
         * @throws McpException if the server cannot be started or reached, or does not list its
         *     tools within the start timeout
         */
        public McpToolSet build() {
            endpoint = command != null
                    ? new Endpoint.Stdio(List.copyOf(command), Map.copyOf(env))
                    : new Endpoint.Http(url, Map.copyOf(headers));
            McpToolSet set = new McpToolSet(this);
            set.connection();
            return set;
        }

        private static Duration positive(Duration d, String what) {
            Objects.requireNonNull(d, what);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(what + " must be positive, not " + d);
            }
            return d;
        }
    }
}
