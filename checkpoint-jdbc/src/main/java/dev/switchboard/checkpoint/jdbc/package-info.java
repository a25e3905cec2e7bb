/**
 * A persistent {@link dev.switchboard.runtime.checkpoint.CheckpointSaver} on JDBC: one
 * implementation, {@link JdbcSaver}, with a SQLite dialect (a single file, the embedded default;
 * see {@link SqliteSaver}) and a PostgreSQL dialect (many JVMs sharing threads; see {@link
 * PostgresSaver}).
 *
 * <p>The saver creates and migrates its own tables, all prefixed {@code switchboard_}, and records
 * their version in {@code switchboard_schema}. Each checkpoint is committed in one transaction that
 * moves the thread's head by compare-and-set, so concurrent runs on one thread never fork its
 * history. Wrap a saver in an {@link dev.switchboard.runtime.checkpoint.EncryptedSaver} to encrypt
 * channel values and pending writes at rest.
 */
package dev.switchboard.checkpoint.jdbc;
