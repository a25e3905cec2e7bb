/**
 * LangGraph's thread-centric streaming protocol, transport aside: each thread's channel of
 * protocol events (numbered, kept for replay, filtered per subscription) made from the events of
 * the runs it follows. The endpoints that carry it (SSE, commands, WebSocket) are in {@code api}.
 */
package dev.switchboard.server.protocol;
