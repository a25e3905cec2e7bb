package dev.switchboard.runtime.store;

import java.util.Map;
import java.util.Objects;

/**
 * One operation of a {@link Store#batch(java.util.List) batch}: LangGraph's {@code GetOp}, {@code
 * PutOp}, {@code SearchOp} and {@code ListNamespacesOp}. Arguments are validated when an operation
 * is created, so a batch with a bad operation fails before anything is read or written.
 */
public sealed interface StoreOp {
    /** Keys longer than this are rejected: keys are primary-key columns in the SQL stores. */
    int MAX_KEY_LENGTH = 1024;

    /**
     * Reads one item.
     *
     * @param namespace its namespace (at least one label)
     * @param key its key
     * @param refreshTtl whether to extend its TTL, or {@code null} for the store's {@link
     *     TtlConfig#refreshOnRead()}
     */
    record Get(Namespace namespace, String key, Boolean refreshTtl) implements StoreOp {
        /**
         * Validates the arguments.
         *
         * @param namespace the namespace
         * @param key the key
         * @param refreshTtl the refresh ttl
         */
        public Get {
            Objects.requireNonNull(namespace, "namespace").checkItemNamespace(false);
            checkKey(key);
        }
    }

    /**
     * Inserts or replaces one item, or deletes it when {@code value} is {@code null}.
     *
     * @param namespace its namespace (at least one label, not under {@code "langgraph"})
     * @param key its key
     * @param value a {@code Map} or a record that serializes to a JSON object, or {@code null} to
     *     delete
     * @param options TTL and fields to embed
     */
    record Put(Namespace namespace, String key, Object value, PutOptions options) implements StoreOp {
        /**
         * Validates the arguments.
         *
         * @param namespace the namespace
         * @param key the key
         * @param value the value
         * @param options the options
         */
        public Put {
            Objects.requireNonNull(namespace, "namespace").checkItemNamespace(value != null);
            checkKey(key);
            Objects.requireNonNull(options, "options");
        }
    }

    /**
     * Searches the items under a namespace prefix: filtered, optionally ranked by a query, paged.
     * Without a query, items come in the order their namespace first got an item, then in the order
     * their keys were first put (a re-put keeps the place, a delete and put moves to the end). With a
     * query and an {@link IndexConfig}, items with a vector come first by descending score (ties in
     * that order), then the others without a score. Without an index the query is ignored.
     *
     * @param prefix the namespace prefix ({@link Namespace#ROOT} for all)
     * @param filter conditions on the values
     * @param query the text to rank by, or {@code null}
     * @param limit at most this many items (default 10)
     * @param offset skip this many first
     * @param refreshTtl whether to extend the TTL of the items returned, or {@code null} for the
     *     store's default
     */
    record Search(Namespace prefix, Filter filter, String query, int limit, int offset, Boolean refreshTtl)
            implements StoreOp {
        /** The default page size, LangGraph's. */
        public static final int DEFAULT_LIMIT = 10;

        /**
         * Validates the arguments.
         *
         * @param prefix the prefix
         * @param filter the filter
         * @param query the query
         * @param limit the limit
         * @param offset the offset
         * @param refreshTtl the refresh ttl
         */
        public Search {
            Objects.requireNonNull(prefix, "prefix");
            Objects.requireNonNull(filter, "filter");
            checkPage(limit, offset);
        }

        /**
         * This search with a filter map (see {@link Filter}).
         *
         * @param filter field to value or to operators
         * @return the new search
         */
        public Search filter(Map<String, ?> filter) {
            return new Search(prefix, Filter.parse(filter), query, limit, offset, refreshTtl);
        }

        /**
         * This search ranked by a query.
         *
         * @param query the text
         * @return the new search
         */
        public Search query(String query) {
            return new Search(prefix, filter, Objects.requireNonNull(query, "query"), limit, offset, refreshTtl);
        }

        /**
         * This search with a page size.
         *
         * @param limit at least 0
         * @return the new search
         */
        public Search limit(int limit) {
            return new Search(prefix, filter, query, limit, offset, refreshTtl);
        }

        /**
         * This search skipping the first items.
         *
         * @param offset at least 0
         * @return the new search
         */
        public Search offset(int offset) {
            return new Search(prefix, filter, query, limit, offset, refreshTtl);
        }

        /**
         * This search, extending (or not) the TTL of the items it returns.
         *
         * @param refresh whether to
         * @return the new search
         */
        public Search refreshTtl(boolean refresh) {
            return new Search(prefix, filter, query, limit, offset, refresh);
        }
    }

    /**
     * Lists the namespaces that hold items, sorted (see {@link Namespace#compareTo}), after
     * truncating them to {@code maxDepth} labels and removing duplicates. Prefix and suffix match
     * whole labels; {@code "*"} in them matches any one label.
     *
     * @param prefix namespaces must start with it ({@link Namespace#ROOT} for any)
     * @param suffix namespaces must end with it ({@link Namespace#ROOT} for any)
     * @param maxDepth truncate to this many labels (at least 1), or {@code null} not to
     * @param limit at most this many (default 100)
     * @param offset skip this many first
     */
    record ListNamespaces(Namespace prefix, Namespace suffix, Integer maxDepth, int limit, int offset)
            implements StoreOp {
        /** The default page size, LangGraph's. */
        public static final int DEFAULT_LIMIT = 100;

        /**
         * Validates the arguments.
         *
         * @param prefix the prefix
         * @param suffix the suffix
         * @param maxDepth the max depth
         * @param limit the limit
         * @param offset the offset
         */
        public ListNamespaces {
            Objects.requireNonNull(prefix, "prefix");
            Objects.requireNonNull(suffix, "suffix");
            if (maxDepth != null && maxDepth < 1) {
                throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
            }
            checkPage(limit, offset);
        }

        /**
         * With a prefix.
         *
         * @param prefix the prefix; {@code "*"} matches any label
         * @return the new operation
         */
        public ListNamespaces prefix(Namespace prefix) {
            return new ListNamespaces(prefix, suffix, maxDepth, limit, offset);
        }

        /**
         * With a suffix.
         *
         * @param suffix the suffix; {@code "*"} matches any label
         * @return the new operation
         */
        public ListNamespaces suffix(Namespace suffix) {
            return new ListNamespaces(prefix, suffix, maxDepth, limit, offset);
        }

        /**
         * Truncating namespaces.
         *
         * @param maxDepth at least 1
         * @return the new operation
         */
        public ListNamespaces maxDepth(int maxDepth) {
            return new ListNamespaces(prefix, suffix, maxDepth, limit, offset);
        }

        /**
         * With a page size.
         *
         * @param limit at least 0
         * @return the new operation
         */
        public ListNamespaces limit(int limit) {
            return new ListNamespaces(prefix, suffix, maxDepth, limit, offset);
        }

        /**
         * Skipping the first namespaces.
         *
         * @param offset at least 0
         * @return the new operation
         */
        public ListNamespaces offset(int offset) {
            return new ListNamespaces(prefix, suffix, maxDepth, limit, offset);
        }
    }

    /**
     * A get of one item.
     *
     * @param namespace its namespace
     * @param key its key
     * @return the operation
     */
    static Get get(Namespace namespace, String key) {
        return new Get(namespace, key, null);
    }

    /**
     * A put of one item with the store's defaults.
     *
     * @param namespace its namespace
     * @param key its key
     * @param value a map or record, or {@code null} to delete
     * @return the operation
     */
    static Put put(Namespace namespace, String key, Object value) {
        return new Put(namespace, key, value, PutOptions.DEFAULTS);
    }

    /**
     * A delete of one item (a put of {@code null}).
     *
     * @param namespace its namespace
     * @param key its key
     * @return the operation
     */
    static Put delete(Namespace namespace, String key) {
        return new Put(namespace, key, null, PutOptions.DEFAULTS);
    }

    /**
     * A search under a prefix, unfiltered, first page of {@value Search#DEFAULT_LIMIT}.
     *
     * @param prefix the prefix
     * @return the operation
     */
    static Search search(Namespace prefix) {
        return new Search(prefix, Filter.NONE, null, Search.DEFAULT_LIMIT, 0, null);
    }

    /**
     * A listing of all namespaces, first page of {@value ListNamespaces#DEFAULT_LIMIT}.
     *
     * @return the operation
     */
    static ListNamespaces listNamespaces() {
        return new ListNamespaces(Namespace.ROOT, Namespace.ROOT, null, ListNamespaces.DEFAULT_LIMIT, 0);
    }

    private static void checkKey(String key) {
        Objects.requireNonNull(key, "key");
        if (key.length() > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException(
                    "key is " + key.length() + " characters long; keys are limited to " + MAX_KEY_LENGTH);
        }
    }

    private static void checkPage(int limit, int offset) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative, was " + limit);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative, was " + offset);
        }
    }
}
