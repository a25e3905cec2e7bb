package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The threads API ({@code client.threads} in the JS SDK). Thread-safe. */
public final class Threads {
    private final Http http;

    Threads(Http http) {
        this.http = http;
    }

    private static String path(String threadId) {
        return "threads/" + Http.segment(Objects.requireNonNull(threadId, "threadId"));
    }

    /**
     * Creates a thread with a new id.
     *
     * @return the thread
     */
    public ThreadInfo create() {
        return create(Map.of());
    }

    /**
     * Creates a thread, as {@code POST /threads}.
     *
     * @param body {@code thread_id}, {@code metadata}, {@code if_exists} ({@code raise} or {@code
     *     do_nothing})
     * @return the thread
     */
    public ThreadInfo create(Map<String, ?> body) {
        return new ThreadInfo(http.post("threads", Http.tree(body)));
    }

    /**
     * One thread.
     *
     * @param threadId its id
     * @return the thread
     * @throws ApiException 404 if there is none (or it is another owner's)
     */
    public ThreadInfo get(String threadId) {
        return new ThreadInfo(http.get(path(threadId)));
    }

    /**
     * Changes a thread's metadata (merged into what it has), as {@code PATCH /threads/{id}}.
     *
     * @param threadId the thread
     * @param metadata the metadata to merge
     * @return the thread after the change
     */
    public ThreadInfo update(String threadId, Map<String, ?> metadata) {
        return new ThreadInfo(http.send("PATCH", path(threadId), Http.object().set("metadata", Http.tree(metadata))));
    }

    /**
     * Deletes a thread with its runs and checkpoints.
     *
     * @param threadId the thread
     */
    public void delete(String threadId) {
        http.send("DELETE", path(threadId), null);
    }

    /**
     * Threads matching a search, as {@code POST /threads/search}.
     *
     * @param search {@code metadata}, {@code values}, {@code status}, {@code limit}, {@code
     *     offset}, {@code sort_by}, {@code sort_order}..., or an empty map
     * @return the threads
     */
    public List<ThreadInfo> search(Map<String, ?> search) {
        List<ThreadInfo> out = new ArrayList<>();
        http.post("threads/search", Http.tree(search)).forEach(t -> out.add(new ThreadInfo(t)));
        return List.copyOf(out);
    }

    /**
     * How many threads match, as {@code POST /threads/count}.
     *
     * @param search {@code metadata}, {@code values}, {@code status}
     * @return the count
     */
    public int count(Map<String, ?> search) {
        return http.post("threads/count", Http.tree(search)).asInt();
    }

    /**
     * Copies a thread with its history into a new thread.
     *
     * @param threadId the thread to copy
     * @return the new thread
     */
    public ThreadInfo copy(String threadId) {
        return new ThreadInfo(http.post(path(threadId) + "/copy", Http.object()));
    }

    /**
     * The thread's latest state.
     *
     * @param threadId the thread
     * @return the state
     */
    public ThreadState state(String threadId) {
        return new ThreadState(http.get(path(threadId) + "/state"));
    }

    /**
     * The thread's state at one checkpoint, with its subgraphs' states if asked.
     *
     * @param threadId the thread
     * @param checkpointId the checkpoint
     * @param subgraphs whether to include the state of paused subgraphs
     * @return the state
     */
    public ThreadState state(String threadId, String checkpointId, boolean subgraphs) {
        return new ThreadState(http.get(
                path(threadId) + "/state/" + Http.segment(checkpointId) + (subgraphs ? "?subgraphs=true" : "")));
    }

    /**
     * Writes values to the thread's state as if a node had (a new checkpoint), as {@code POST
     * /threads/{id}/state}.
     *
     * @param threadId the thread
     * @param values the update
     * @param asNode the node it counts as written by, or {@code null}
     * @return the new checkpoint's config ({@code configurable.checkpoint_id}...)
     */
    public JsonNode updateState(String threadId, Object values, String asNode) {
        ObjectNode body = Http.object().set("values", Http.tree(values));
        if (asNode != null) {
            body.put("as_node", asNode);
        }
        return http.post(path(threadId) + "/state", body);
    }

    /**
     * The thread's checkpoints, newest first, as {@code POST /threads/{id}/history}.
     *
     * @param threadId the thread
     * @param limit at most this many
     * @return the states
     */
    public List<ThreadState> history(String threadId, int limit) {
        return history(threadId, Map.of("limit", limit));
    }

    /**
     * The thread's checkpoints, newest first, filtered as {@code POST /threads/{id}/history}.
     *
     * @param threadId the thread
     * @param query {@code limit}, {@code before}, {@code metadata}, {@code checkpoint}
     * @return the states
     */
    public List<ThreadState> history(String threadId, Map<String, ?> query) {
        List<ThreadState> out = new ArrayList<>();
        http.post(path(threadId) + "/history", Http.tree(query)).forEach(s -> out.add(new ThreadState(s)));
        return List.copyOf(out);
    }

    /**
     * Follows the thread's runs' events as {@code GET /threads/{id}/stream} does, on servers that
     * serve it.
     *
     * @param threadId the thread
     * @return the events; close the stream to stop
     */
    public Stream<StreamEvent> joinStream(String threadId) {
        return http.events("GET", path(threadId) + "/stream", null, Map.of());
    }
}
