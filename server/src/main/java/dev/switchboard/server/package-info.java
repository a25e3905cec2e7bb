/**
 * An HTTP server speaking LangGraph Server's API (assistants, threads, runs, SSE streaming) for
 * Switchboard graphs, so LangGraph's own clients ({@code @langchain/langgraph-sdk}, {@code
 * langgraph-sdk}, Studio) drive them. Start with {@link dev.switchboard.server.SwitchboardServer}.
 * Everything is non-null unless documented otherwise.
 */
package dev.switchboard.server;
