/**
 * Channels: the per-key stores the Pregel loop reads and writes, with LangGraph's exact semantics
 * for each kind. Nodes never see channels directly; generated code maps state record components to
 * channels by index.
 */
package dev.switchboard.runtime.channel;
