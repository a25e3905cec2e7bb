/**
 * Not API: the server's own rows, threads and runs as LangGraph Server keeps them beside the
 * checkpoints, held in memory and written through to a {@link dev.switchboard.server.rows.RowStore}
 * (SQLite or PostgreSQL), and the thread search over them. Uses {@code wire} only. Public only so
 * the server's other packages reach it.
 */
package dev.switchboard.server.rows;
