/**
 * Not API: the one run pipeline. A {@link dev.switchboard.server.runs.RunQueue} (in this JVM, or
 * the PostgreSQL one shared by several JVMs) decides which run of a thread runs and applies
 * LangGraph's double-texting strategies; the {@link dev.switchboard.server.runs.RunPipeline}
 * executes the runs this JVM claims, each under a {@link dev.switchboard.runtime.RunControl} and
 * its own checkpointer, turns their stream parts into SSE events and records their outcome. Uses
 * {@code rows} and {@code wire}. Public only so the server's other packages reach it.
 */
package dev.switchboard.server.runs;
