/**
 * Not API: the server's JSON, LangGraph Server's wire shapes (state snapshots, checkpoints,
 * interrupts, errors), request bodies parsed and validated, the statuses and strategies as enums,
 * and the conversion between a graph's typed values and their client form. The lowest layer of
 * the server: it uses the runtime only. Public only so the server's other packages reach it.
 */
package dev.switchboard.server.wire;
