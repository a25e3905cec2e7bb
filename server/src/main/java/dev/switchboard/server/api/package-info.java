/**
 * Not API: LangGraph Server's endpoints (assistants, threads, runs, store, Studio's files) on the
 * server's rows and run pipeline, each registered on the {@link dev.switchboard.server.http.Router}.
 * Uses {@code http}, {@code runs}, {@code rows} and {@code wire}. Public only so the server's root
 * package assembles it.
 */
package dev.switchboard.server.api;
