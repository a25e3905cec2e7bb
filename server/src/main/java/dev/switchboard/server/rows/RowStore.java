package dev.switchboard.server.rows;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where the server keeps its own rows (threads and runs) beside the checkpoints, so that a
 * restarted server still knows its threads, their runs and statuses. Each row is one JSON
 * document keyed by its id; {@link #NONE} keeps nothing (the rows then live only in memory).
 */
public interface RowStore extends AutoCloseable {
    /** Keeps nothing: the server's rows live as long as its JVM (a user-given saver, no database). */
    RowStore NONE = new RowStore() {
        @Override
        public void putThread(String id, ObjectNode row) {}

        @Override
        public ObjectNode updateThread(String id, ObjectNode fields, ObjectNode metadata) {
            return null;
        }

        @Override
        public void deleteThread(String id) {}

        @Override
        public List<ObjectNode> runs(String threadId) {
            return List.of();
        }

        @Override
        public void putRun(String id, String threadId, ObjectNode row) {}

        @Override
        public void deleteRun(String id) {}

        @Override
        public List<ObjectNode> threads() {
            return List.of();
        }

        @Override
        public List<ObjectNode> runs() {
            return List.of();
        }

        @Override
        public ObjectNode thread(String id) {
            return null;
        }

        @Override
        public ObjectNode run(String id) {
            return null;
        }

        @Override
        public void close() {}
    };

    /**
     * A secret of the database, the same for every server that shares it: the one stored under
     * {@code name}, else {@code fresh}, stored now (the first server to ask stores its own).
     *
     * @param name the secret's name
     * @param fresh a new secret, used when none is stored
     * @return the secret
     */
    default String secret(String name, String fresh) {
        return fresh; // a store that keeps nothing: the rows, and so the secret, live as long as the JVM
    }

    /**
     * Runs {@code work}, whose row writes then commit together (or none of them, when it throws):
     * one commit instead of one per write. Nested calls join the outer one.
     */
    default void transaction(Runnable work) {
        work.run();
    }

    /** Inserts or replaces a thread's row. */
    void putThread(String id, ObjectNode row);

    /**
     * Changes only what is given of a thread's stored row: the top-level {@code fields} replace
     * theirs, the {@code metadata} keys are merged into its metadata; whatever else the row holds
     * (another JVM's metadata keys, say) stays. Answers the row as it is now, or null when there
     * is no row (or nothing is stored).
     */
    ObjectNode updateThread(String id, ObjectNode fields, ObjectNode metadata);

    /** Deletes a thread's row and the rows of its runs. */
    void deleteThread(String id);

    /** Inserts or replaces a run's row. */
    void putRun(String id, String threadId, ObjectNode row);

    /** Deletes a run's row. */
    void deleteRun(String id);

    /** Every thread row. */
    List<ObjectNode> threads();

    /** Every run row, oldest first. */
    List<ObjectNode> runs();

    /** One thread's run rows, oldest first. */
    List<ObjectNode> runs(String threadId);

    /**
     * The rows of the page of threads {@code q} asks for, in its order. This default reads every
     * row and filters in the JVM; {@link JdbcRowStore} asks PostgreSQL instead.
     */
    default List<ObjectNode> searchThreads(ThreadQuery q) {
        return q.page(threads().stream().map(ThreadRow::restore).toList()).stream()
                .map(ThreadRow::stored)
                .toList();
    }

    /** How many stored threads pass the filters of {@code q}; this default reads every row. */
    default int countThreads(ThreadQuery q) {
        return (int)
                threads().stream().map(ThreadRow::restore).filter(q::matches).count();
    }

    /** One thread's row, or null: another JVM on the same database may have written it. */
    ObjectNode thread(String id);

    /** One run's row, or null. */
    ObjectNode run(String id);

    /**
     * A run's row and its thread's, as {@link #run} and {@link #thread} read them (either may be
     * null), in one read where the store can: a JVM re-reads both when another finished the run.
     *
     * @param runId the run
     * @param threadId its thread
     * @return the run's row and the thread's
     */
    default ObjectNode[] runAndThread(String runId, String threadId) {
        return new ObjectNode[] {run(runId), thread(threadId)};
    }

    @Override
    void close();
}
