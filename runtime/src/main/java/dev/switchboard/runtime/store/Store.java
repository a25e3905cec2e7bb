package dev.switchboard.runtime.store;

import java.util.List;
import java.util.Optional;

/**
 * Long-term memory shared across threads and runs: LangGraph's {@code BaseStore}. Items are JSON
 * objects under a {@link Namespace} and a key; they can be read, written, deleted, searched with
 * filters (and ranked by meaning when the store has an {@link IndexConfig}), and expire after a
 * time to live ({@link TtlConfig}). Every method is a {@link #batch} of one operation. A graph gets a
 * store with {@code builder.store(store)} and its nodes reach it with {@code ctx.store()}.
 * Implementations are thread-safe; close them to stop their sweeper and release connections.
 */
public interface Store extends AutoCloseable {
    /**
     * Runs operations together. Reads (gets, searches, listings) see the store as it was before the
     * batch; the writes then apply together, the last write of a key winning. Texts to embed are
     * embedded once per distinct text.
     *
     * @param ops the operations
     * @return one result per operation: an {@code Optional<Item>} for a get, {@code null} for a put,
     *     a {@code List<Item>} for a search, a {@code List<Namespace>} for a listing
     */
    List<Object> batch(List<? extends StoreOp> ops);

    /**
     * Deletes the items whose time to live has passed.
     *
     * @return how many were deleted
     */
    int sweepExpired();

    /** Stops the periodic sweeper, if one runs; expired items are still invisible to reads. */
    void stopSweeper();

    /** Stops the sweeper and releases resources. */
    @Override
    void close();

    /**
     * Reads one item.
     *
     * @param namespace its namespace
     * @param key its key
     * @return the item, or empty if there is none (or it expired)
     */
    @SuppressWarnings("unchecked")
    default Optional<Item> get(Namespace namespace, String key) {
        return (Optional<Item>) batch(List.of(StoreOp.get(namespace, key))).get(0);
    }

    /**
     * Reads one item's value as a type.
     *
     * @param namespace its namespace
     * @param key its key
     * @param type the record or other type it was written from
     * @param <T> the type
     * @return the value, or empty if there is no item
     */
    default <T> Optional<T> get(Namespace namespace, String key, Class<T> type) {
        return get(namespace, key).map(i -> i.value(type));
    }

    /**
     * Inserts or replaces an item (its creation time is kept), with the store's default TTL and
     * index fields.
     *
     * @param namespace its namespace
     * @param key its key
     * @param value a {@code Map} or record that serializes to a JSON object; {@code null} deletes
     */
    default void put(Namespace namespace, String key, Object value) {
        batch(List.of(StoreOp.put(namespace, key, value)));
    }

    /**
     * Inserts or replaces an item with options.
     *
     * @param namespace its namespace
     * @param key its key
     * @param value a {@code Map} or record; {@code null} deletes
     * @param options TTL and fields to embed
     */
    default void put(Namespace namespace, String key, Object value, PutOptions options) {
        batch(List.of(new StoreOp.Put(namespace, key, value, options)));
    }

    /**
     * Deletes an item; deleting a missing item does nothing.
     *
     * @param namespace its namespace
     * @param key its key
     */
    default void delete(Namespace namespace, String key) {
        batch(List.of(StoreOp.delete(namespace, key)));
    }

    /**
     * The first {@value StoreOp.Search#DEFAULT_LIMIT} items under a prefix.
     *
     * @param prefix the namespace prefix
     * @return the items
     */
    default List<Item> search(Namespace prefix) {
        return search(StoreOp.search(prefix));
    }

    /**
     * Searches, as described by the operation: start from {@code StoreOp.search(prefix)} and add a
     * filter, a query, a limit or an offset.
     *
     * @param search the search
     * @return the items
     */
    @SuppressWarnings("unchecked")
    default List<Item> search(StoreOp.Search search) {
        return (List<Item>) batch(List.of(search)).get(0);
    }

    /**
     * The first {@value StoreOp.ListNamespaces#DEFAULT_LIMIT} namespaces that hold items.
     *
     * @return the namespaces, sorted
     */
    default List<Namespace> listNamespaces() {
        return listNamespaces(StoreOp.listNamespaces());
    }

    /**
     * Lists namespaces, as described by the operation.
     *
     * @param list the listing
     * @return the namespaces, sorted
     */
    @SuppressWarnings("unchecked")
    default List<Namespace> listNamespaces(StoreOp.ListNamespaces list) {
        return (List<Namespace>) batch(List.of(list)).get(0);
    }
}
