package dev.switchboard.server.a2a;

import dev.switchboard.server.loopback.Loopback;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A2A tasks as runs on threads, for one caller of one assistant, through the API ({@link
 * Loopback}): a context is a thread, a task is the run its first message started plus the runs
 * that answered its questions (marked {@code a2a_task} in their metadata), and its id is {@code
 * <thread id>:<first run id>}, so a task is found from its id alone. A task's state is its latest
 * run's: pending or running is {@code working}; a success whose thread waits on interrupts is
 * {@code input-required}, with the interrupt values as the status message; any other success is
 * {@code completed}, with the output as its artifact; an error or timeout is {@code failed}; a
 * cancelled run is {@code canceled}.
 */
final class Tasks {
    static final int TASK_NOT_FOUND = -32001;
    static final int NOT_CANCELABLE = -32002;
    static final int UNSUPPORTED = -32004;
    static final int INVALID_PARAMS = -32602;

    /** Runs by creation time, newest first (the API's order, made sure of). */
    private static final Comparator<JsonNode> NEWEST_FIRST = Comparator.comparing(
                    (JsonNode r) -> r.path("created_at").asString(""))
            .reversed();

    private final Loopback api;
    private final Dialect d;
    private final Agent agent;

    Tasks(Loopback api, Dialect dialect, Agent agent) {
        this.api = api;
        this.d = dialect;
        this.agent = agent;
    }

    /** A JSON-RPC error to answer. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Failure(int code, String message) {
            super(message);
            this.code = code;
        }
    }

    /** A task's thread and first run. */
    record Ref(String thread, String firstRun) {
        /** The same task, about to follow one of its runs. */
        Started with(String run) {
            return new Started(this, run);
        }

        static Ref parse(String taskId) {
            int colon = taskId == null ? -1 : taskId.indexOf(':');
            if (colon <= 0) {
                throw new Failure(TASK_NOT_FOUND, "task " + taskId + " not found");
            }
            return new Ref(taskId.substring(0, colon), taskId.substring(colon + 1));
        }

        String id() {
            return thread + ":" + firstRun;
        }
    }

    /** A task and the run a message just started for it. */
    record Started(Ref ref, String run) {}

    Loopback.Answer must(Loopback.Answer a) {
        if (a.status() == 401 || a.status() == 403) {
            throw new Refused(a);
        }
        if (!a.ok()) {
            throw new Failure(a.status() == 404 ? TASK_NOT_FOUND : INVALID_PARAMS, a.detail());
        }
        return a;
    }

    /** The caller may not use the API (401, 403): the A2A request is refused the same way. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Loopback.Answer answer;

        Refused(Loopback.Answer answer) {
            super(answer.detail());
            this.answer = answer;
        }
    }

    /**
     * Starts the run a message asks for: a new task's input, or the answer to a task waiting for
     * input.
     */
    Started start(JsonNode params) {
        JsonNode message = params.path("message");
        if (!message.isObject() || !Dialect.isUser(message.path("role").asString(""))) {
            throw new Failure(INVALID_PARAMS, "params.message must be a message from the user");
        }
        Parts parts = Parts.of(message.path("parts"));
        String taskId = message.path("taskId").asString(null);
        String contextId = message.path("contextId").asString(null);
        ObjectNode run = Json.object().put("assistant_id", agent.id());
        if (taskId != null && !taskId.isEmpty()) {
            Ref ref = Ref.parse(taskId);
            if (contextId != null && !contextId.isEmpty() && !contextId.equals(ref.thread())) {
                throw new Failure(INVALID_PARAMS, "task " + taskId + " is not in context " + contextId);
            }
            String state = view(ref, 0).path("status").path("state").asString("");
            if (!state.equals(d.state("input-required"))) {
                throw new Failure(
                        UNSUPPORTED,
                        "task " + taskId + " is " + state
                                + " and takes no more messages; send a new message in its context (contextId) instead");
            }
            run.putObject("command").set("resume", parts.answer());
            run.putObject("metadata").put("a2a_task", taskId);
            return ref.with(must(api.call("POST", "/threads/" + ref.thread() + "/runs", run))
                    .body()
                    .path("run_id")
                    .asString());
        }
        String thread = thread(contextId);
        run.set("input", agent.input(parts));
        String runId = must(api.call("POST", "/threads/" + thread + "/runs", run))
                .body()
                .path("run_id")
                .asString();
        return new Ref(thread, runId).with(runId);
    }

    private String thread(String contextId) {
        ObjectNode body = Json.object();
        body.putObject("metadata").put("source", "a2a");
        if (contextId != null && !contextId.isEmpty()) {
            body.put("thread_id", contextId).put("if_exists", "do_nothing");
        }
        return must(api.call("POST", "/threads", body)).body().path("thread_id").asString();
    }

    /** Waits for the run a message started to end. */
    void await(Started started) {
        must(api.call("GET", "/threads/" + started.ref().thread() + "/runs/" + started.run() + "/join", null));
    }

    /** The runs of a task, newest first. */
    private List<JsonNode> runs(Ref ref) {
        List<JsonNode> out = new ArrayList<>();
        must(api.call("GET", "/threads/" + ref.thread() + "/runs?limit=1000", null))
                .body()
                .forEach(r -> {
                    if (r.path("run_id").asString().equals(ref.firstRun())
                            || ref.id()
                                    .equals(r.path("metadata").path("a2a_task").asString(""))) {
                        out.add(r);
                    }
                });
        if (out.isEmpty()) {
            throw new Failure(TASK_NOT_FOUND, "task " + ref.id() + " not found");
        }
        out.sort(NEWEST_FIRST);
        return out;
    }

    JsonNode latestRun(Ref ref) {
        return runs(ref).get(0);
    }

    /** The task as A2A describes it, with at most {@code historyLength} messages of history. */
    ObjectNode view(Ref ref, int historyLength) {
        List<JsonNode> runs = runs(ref);
        JsonNode latest = runs.get(0);
        List<JsonNode> all = new ArrayList<>();
        must(api.call("GET", "/threads/" + ref.thread() + "/runs?limit=1000", null))
                .body()
                .forEach(all::add);
        all.sort(NEWEST_FIRST);
        String newestOnThread = all.get(0).path("run_id").asString("");
        JsonNode state = must(api.call("GET", "/threads/" + ref.thread() + "/state", null))
                .body();
        ObjectNode task = d.kind("task").put("id", ref.id()).put("contextId", ref.thread());
        ObjectNode status = task.putObject("status");
        status.put("timestamp", latest.path("updated_at").asString(""));
        String runStatus = latest.path("status").asString("");
        List<JsonNode> interrupts = interrupts(state);
        switch (runStatus) {
            case "pending", "running" -> status.put("state", d.state("working"));
            case "error", "timeout" -> {
                status.put("state", d.state("failed"));
                status.set("message", message(ref, List.of(d.text(failure(ref, latest)))));
            }
            case "interrupted" -> status.put("state", d.state("canceled"));
            default -> {
                boolean current = latest.path("run_id").asString().equals(newestOnThread);
                if (current && !interrupts.isEmpty()) {
                    status.put("state", d.state("input-required"));
                    status.set("message", message(ref, questions(interrupts)));
                } else if (!interrupts.isEmpty()
                        || !current && state.path("next").size() > 0) {
                    status.put("state", d.state("canceled"));
                    status.set("message", message(ref, List.of(d.text("a newer task in this context took its place"))));
                } else {
                    status.put("state", d.state("completed"));
                    task.putArray("artifacts").add(artifact(ref, state.path("values")));
                }
            }
        }
        task.set("history", history(ref, state.path("values"), historyLength));
        return task;
    }

    private String failure(Ref ref, JsonNode run) {
        JsonNode out = api.call(
                        "GET",
                        "/threads/" + ref.thread() + "/runs/"
                                + run.path("run_id").asString() + "/join",
                        null)
                .body();
        JsonNode e = out == null ? Json.object() : out.path("__error__");
        return e.path("error").asString("Error") + ": " + e.path("message").asString("the run failed");
    }

    private static List<JsonNode> interrupts(JsonNode state) {
        List<JsonNode> out = new ArrayList<>();
        state.path("tasks").forEach(t -> t.path("interrupts").forEach(out::add));
        return out;
    }

    /** The status message parts of a pause: each interrupt value as text, and as data when not a string. */
    private List<JsonNode> questions(List<JsonNode> interrupts) {
        List<JsonNode> parts = new ArrayList<>();
        for (JsonNode i : interrupts) {
            JsonNode value = i.path("value");
            parts.add(d.text(value.isString() ? value.asString() : Json.text(value)));
            if (!value.isString()) {
                parts.add(d.data(value));
            }
        }
        return parts;
    }

    private ObjectNode message(Ref ref, List<JsonNode> parts) {
        ObjectNode m = d.kind("message")
                .put("messageId", UUID.randomUUID().toString())
                .put("role", d.agentRole())
                .put("taskId", ref.id())
                .put("contextId", ref.thread());
        m.putArray("parts").addAll(parts);
        return m;
    }

    /** The output: the last AI message's text, and the other output values as data. */
    private ObjectNode artifact(Ref ref, JsonNode values) {
        ObjectNode a = Json.object().put("artifactId", ref.firstRun()).put("name", "result");
        ArrayNode parts = a.putArray("parts");
        String answer = lastAiText(values.path("messages"));
        if (answer != null) {
            parts.add(d.text(answer));
        }
        ObjectNode data = agent.output(values);
        if (!data.isEmpty() || parts.isEmpty()) {
            parts.add(d.data(data));
        }
        return a;
    }

    /** The answer in a conversation: the last AI message's text, or the last of plain string messages. */
    private static String lastAiText(JsonNode messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            JsonNode m = messages.get(i);
            if (m.isString()) {
                return m.asString();
            }
            if ("ai".equals(m.path("type").asString(""))) {
                return Parts.text(m.path("content"));
            }
        }
        return null;
    }

    /** The context's conversation (for a graph with messages), newest last. */
    private ArrayNode history(Ref ref, JsonNode values, int limit) {
        ArrayNode out = Json.array();
        JsonNode messages = values.path("messages");
        int from = limit > 0 ? Math.max(0, messages.size() - limit) : 0;
        for (int i = from; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            String type = m.path("type").asString("");
            if (!type.equals("human") && !type.equals("ai")) {
                continue;
            }
            ObjectNode h = d.kind("message")
                    .put("messageId", m.path("id").asString(UUID.randomUUID().toString()))
                    .put("role", type.equals("human") ? d.userRole() : d.agentRole())
                    .put("contextId", ref.thread());
            h.putArray("parts").add(d.text(Parts.text(m.path("content"))));
            out.add(h);
        }
        return out;
    }

    /** Cancels a task whose run is still going; a task that ended or waits for input cannot be. */
    ObjectNode cancel(Ref ref) {
        JsonNode latest = latestRun(ref);
        String status = latest.path("status").asString("");
        if (!status.equals("pending") && !status.equals("running")) {
            throw new Failure(
                    NOT_CANCELABLE,
                    "task " + ref.id() + " is not running (its run is " + status + "), so it cannot be canceled");
        }
        must(api.call(
                "POST",
                "/threads/" + ref.thread() + "/runs/" + latest.path("run_id").asString()
                        + "/cancel?wait=true&action=interrupt",
                null));
        return view(ref, 0);
    }

    /**
     * Follows the task's latest run until it ends, telling {@code events} each change as A2A stream
     * events: the task, {@code working}, a {@code working} status with each message the agent says
     * while it runs (see {@link Progress}), then the artifact and the final status.
     */
    void follow(Started started, EventSink events) throws IOException {
        Ref ref = started.ref();
        ObjectNode submitted = view(ref, 0);
        submitted.set("status", status("submitted"));
        submitted.remove("artifacts");
        events.send("task", submitted);
        ObjectNode working = d.kind("status-update").put("taskId", ref.id()).put("contextId", ref.thread());
        working.set("status", status("working"));
        if (d == Dialect.V0_3) {
            working.put("final", false);
        }
        events.send("status-update", working);
        followRun(started, events);
    }

    /**
     * The run a task's stream follows again ({@code SubscribeToTask}, {@code tasks/resubscribe}):
     * its latest, while it still runs; a task that ended or waits for input has nothing to follow.
     */
    Started running(Ref ref) {
        JsonNode latest = latestRun(ref);
        String status = latest.path("status").asString("");
        if (!status.equals("pending") && !status.equals("running")) {
            throw new Failure(
                    UNSUPPORTED,
                    "task " + ref.id() + " is not running (its run is " + status
                            + "), so there is no stream to follow; read it with " + d.getTask());
        }
        return ref.with(latest.path("run_id").asString());
    }

    /** Follows a running task again: the task as it is now, then as {@link #follow} goes on. */
    void resubscribe(Started started, EventSink events) throws IOException {
        events.send("task", view(started.ref(), 0));
        followRun(started, events);
    }

    private void followRun(Started started, EventSink events) throws IOException {
        Ref ref = started.ref();
        Progress progress = new Progress();
        api.events("GET", "/threads/" + ref.thread() + "/runs/" + started.run() + "/stream", null, (event, data) -> {
            for (String said : progress.said(event, data)) {
                ObjectNode update =
                        d.kind("status-update").put("taskId", ref.id()).put("contextId", ref.thread());
                ObjectNode status = update.putObject("status").put("state", d.state("working"));
                status.set("message", message(ref, List.of(d.text(said))));
                if (d == Dialect.V0_3) {
                    update.put("final", false);
                }
                events.send("status-update", update);
            }
        });
        ObjectNode done = view(ref, 0);
        JsonNode artifacts = done.path("artifacts");
        for (JsonNode a : artifacts) {
            ObjectNode update =
                    d.kind("artifact-update").put("taskId", ref.id()).put("contextId", ref.thread());
            update.set("artifact", a);
            update.put("lastChunk", true);
            events.send("artifact-update", update);
        }
        ObjectNode end = d.kind("status-update").put("taskId", ref.id()).put("contextId", ref.thread());
        end.set("status", done.path("status"));
        if (d == Dialect.V0_3) {
            end.put("final", true);
        }
        events.send("status-update", end);
    }

    /**
     * What the agent says while its run goes on, read from the run's {@code values} events: the
     * text of each AI message (or plain string message) that appears after the first event, which
     * holds the conversation the run started from. A graph without messages says nothing until its
     * artifact.
     */
    private final class Progress {
        private int known = -1;

        List<String> said(String event, JsonNode values) {
            if (!"values".equals(event) || values == null || !agent.givesMessages()) {
                return List.of();
            }
            JsonNode messages = values.path("messages");
            List<String> out = new ArrayList<>();
            if (known >= 0) {
                for (int i = known; i < messages.size(); i++) {
                    JsonNode m = messages.get(i);
                    String text = m.isString()
                            ? m.asString()
                            : "ai".equals(m.path("type").asString("")) ? Parts.text(m.path("content")) : null;
                    if (text != null && !text.isBlank()) {
                        out.add(text);
                    }
                }
            }
            known = messages.size();
            return out;
        }
    }

    private ObjectNode status(String state) {
        return Json.object().put("state", d.state(state));
    }

    /** Where streamed events go. */
    @FunctionalInterface
    interface EventSink {
        void send(String kind, ObjectNode event) throws IOException;
    }
}
