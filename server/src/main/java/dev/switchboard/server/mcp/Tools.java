package dev.switchboard.server.mcp;

import dev.switchboard.server.loopback.Loopback;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The assistants as MCP tools, for one caller: listed from the API, called as runs on new threads. */
final class Tools {
    /** The {@code _meta} key of a paused call's result: its thread, assistant and interrupts. */
    static final String PAUSE = "dev.switchboard/pause";

    private final Loopback api;
    private final Function<String, String> graphDescriptions;

    Tools(Loopback api, Function<String, String> graphDescriptions) {
        this.api = api;
        this.graphDescriptions = graphDescriptions;
    }

    /** The caller may not use the API at all (401, 403): the MCP request is refused the same way. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Loopback.Answer answer;

        Refused(Loopback.Answer answer) {
            super(answer.detail());
            this.answer = answer;
        }
    }

    private Loopback.Answer must(Loopback.Answer a) {
        if (a.status() == 401 || a.status() == 403) {
            throw new Refused(a);
        }
        if (!a.ok()) {
            throw new Rpc.Failure(-32603, a.detail());
        }
        return a;
    }

    /** A tool name MCP accepts ({@code [A-Za-z0-9_.-]}, at most 128) for an assistant name. */
    static String toolName(String assistantName) {
        String n = assistantName.replaceAll("[^A-Za-z0-9_.-]", "_");
        return n.length() > 128 ? n.substring(0, 128) : n;
    }

    private List<JsonNode> assistants() {
        List<JsonNode> out = new ArrayList<>();
        // By name, so a client sees the tools in one order whatever order the assistants were made in.
        must(api.call(
                        "POST",
                        "/assistants/search",
                        Json.object().put("limit", 1000).put("sort_by", "name").put("sort_order", "asc")))
                .body()
                .forEach(out::add);
        return out;
    }

    ArrayNode list() {
        ArrayNode tools = Json.array();
        for (JsonNode a : assistants()) {
            tools.add(tool(a));
        }
        return tools;
    }

    private ObjectNode tool(JsonNode assistant) {
        String id = assistant.path("assistant_id").asString();
        JsonNode schemas =
                must(api.call("GET", "/assistants/" + id + "/schemas", null)).body();
        ObjectNode t = Json.object().put("name", toolName(assistant.path("name").asString(id)));
        String description = description(assistant, graphDescriptions);
        t.put(
                "description",
                description.isEmpty()
                        ? "Runs the graph '" + assistant.path("graph_id").asString()
                                + "' with these inputs and answers its output."
                        : description);
        t.set("inputSchema", objectSchema(schemas.get("input_schema")));
        JsonNode output = schemas.get("output_schema");
        if (output != null && "object".equals(output.path("type").asString(""))) {
            t.set("outputSchema", output);
        }
        return t;
    }

    /**
     * An assistant's own description, else its graph's ({@code @Graph(description)} or the graph
     * class's javadoc, generated), else empty. The assistants API keeps LangGraph's null for a
     * graph's default assistant, so the graph's comes from the server's registry.
     */
    static String description(JsonNode assistant, Function<String, String> graphDescriptions) {
        String own = assistant.path("description").asString("");
        if (!own.isEmpty()) {
            return own;
        }
        String graph = graphDescriptions.apply(assistant.path("graph_id").asString(""));
        return graph == null ? "" : graph;
    }

    /** MCP asks for an object schema; a graph's input schema is one (its input record). */
    private static JsonNode objectSchema(JsonNode schema) {
        return schema != null && "object".equals(schema.path("type").asString(""))
                ? schema
                : Json.object().put("type", "object");
    }

    /** Told each step of a called graph's run as it finishes (MCP progress). */
    @FunctionalInterface
    interface Steps {
        /**
         * A step finished.
         *
         * @param node the node that ran
         * @throws IOException when the caller went away
         */
        void finished(String node) throws IOException;
    }

    /** Calls a tool: runs its graph on a new thread and waits for the run's output. */
    JsonNode call(JsonNode params) {
        return call(params, null);
    }

    /**
     * Calls a tool, telling {@code steps} (when not null) each step of the run as it finishes: the
     * run is then streamed ({@code updates}) and its output read by joining it once it ended.
     */
    JsonNode call(JsonNode params, Steps steps) {
        String name = params.path("name").asString("");
        JsonNode arguments = params.path("arguments").isObject() ? params.get("arguments") : Json.object();
        JsonNode assistant = assistants().stream()
                .filter(a -> toolName(
                                a.path("name").asString(a.path("assistant_id").asString()))
                        .equals(name))
                .findFirst()
                .orElseThrow(() -> new Rpc.Failure(Rpc.INVALID_PARAMS, "unknown tool: " + name));
        ObjectNode thread = Json.object();
        thread.putObject("metadata").put("source", "mcp").put("tool", name);
        String threadId = must(api.call("POST", "/threads", thread))
                .body()
                .path("thread_id")
                .asString();
        ObjectNode run =
                Json.object().put("assistant_id", assistant.path("assistant_id").asString());
        run.set("input", arguments);
        Loopback.Answer out = steps == null
                ? api.call("POST", "/threads/" + threadId + "/runs/wait", run)
                : streamed(threadId, run, steps);
        if (out.status() == 401 || out.status() == 403) {
            throw new Refused(out);
        }
        if (!out.ok()) {
            // invalid arguments (422) and the like: a tool error the model can correct
            return error("The input was refused: " + refusal(out));
        }
        JsonNode output = out.body() == null ? Json.object() : out.body();
        if (output.has("__error__")) {
            JsonNode e = output.get("__error__");
            return error("The run failed: " + e.path("error").asString("Error") + ": "
                    + e.path("message").asString(""));
        }
        if (output.has("__interrupt__")) {
            ObjectNode paused = error("The run paused for human input on thread " + threadId + ", asking: "
                    + output.get("__interrupt__") + ". It cannot be answered over MCP; resume it with POST /threads/"
                    + threadId + "/runs and {\"assistant_id\": \""
                    + assistant.path("assistant_id").asString()
                    + "\", \"command\": {\"resume\": <answer>}}.");
            // the same for programs, which should not parse the text: the thread and what it asks
            ObjectNode pause = paused.putObject("_meta").putObject(PAUSE);
            pause.put("thread_id", threadId)
                    .put("assistant_id", assistant.path("assistant_id").asString());
            pause.set("interrupts", output.get("__interrupt__"));
            return paused;
        }
        ObjectNode structured = output(output, assistant.path("assistant_id").asString());
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", Json.text(structured));
        result.set("structuredContent", structured);
        result.put("isError", false);
        return result;
    }

    private Loopback.Answer streamed(String threadId, ObjectNode run, Steps steps) {
        run.putArray("stream_mode").add("updates");
        String[] runId = {null};
        Loopback.Answer streamed = api.events("POST", "/threads/" + threadId + "/runs/stream", run, (event, data) -> {
            if (event.equals("metadata") && data != null) {
                runId[0] = data.path("run_id").asString(null);
            } else if (event.equals("updates") && data != null) {
                for (String node : data.propertyNames()) {
                    if (!node.startsWith("__")) { // __interrupt__ is a pause, told by the result
                        steps.finished(node);
                    }
                }
            }
        });
        if (!streamed.ok() || runId[0] == null) {
            return streamed; // refused before it ran (invalid arguments): the same answer as waiting
        }
        return api.call("GET", "/threads/" + threadId + "/runs/" + runId[0] + "/join", null);
    }

    /**
     * The run's output as the tool's output schema has it: the output record's channels, without
     * null values (the schema types every value that is present).
     */
    private ObjectNode output(JsonNode values, String assistantId) {
        JsonNode keys = must(api.call("GET", "/assistants/" + assistantId + "/schemas", null))
                .body()
                .path("output_schema")
                .path("properties");
        ObjectNode out = Json.object();
        values.properties().forEach(e -> {
            if (!e.getValue().isNull() && (keys.isMissingNode() || keys.has(e.getKey()))) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    /** A refused input's reasons, one per issue ({@code topic: Expected string, received number}). */
    private static String refusal(Loopback.Answer out) {
        JsonNode issues = out.body() == null ? null : out.body().path("error").path("issues");
        if (issues == null || !issues.isArray() || issues.isEmpty()) {
            return out.detail();
        }
        List<String> reasons = new ArrayList<>();
        for (JsonNode i : issues) {
            List<String> path = new ArrayList<>();
            i.path("path").forEach(p -> path.add(p.asString()));
            if (!path.isEmpty() && path.get(0).equals("input")) {
                path.remove(0); // the tool's arguments are the run's input
            }
            reasons.add((path.isEmpty() ? "" : String.join(".", path) + ": ")
                    + i.path("message").asString());
        }
        return String.join("; ", reasons);
    }

    private static ObjectNode error(String text) {
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        result.put("isError", true);
        return result;
    }
}
