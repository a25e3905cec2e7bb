/**
 * Long-term memory shared across threads, LangGraph's {@code BaseStore}: JSON items under
 * {@link dev.switchboard.runtime.store.Namespace namespaces} and keys, filtered and paged search,
 * optional semantic search through an {@link dev.switchboard.runtime.store.Embedder}, and per-item
 * time to live. {@link dev.switchboard.runtime.store.InMemoryStore} lives here; SQLite and
 * PostgreSQL stores are in the JDBC module. Nodes reach the graph's store with {@code ctx.store()}.
 */
package dev.switchboard.runtime.store;
