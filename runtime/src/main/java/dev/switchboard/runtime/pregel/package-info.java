/**
 * The Pregel loop: supersteps with channel versions, trigger channels, barriers, {@code Send}
 * push tasks and deterministic write order, exactly as LangGraph runs a compiled
 * {@code StateGraph}. {@link dev.switchboard.runtime.pregel.PregelGraph} is the base of every
 * generated graph; it resolves the graph definition generated code declares (in
 * {@code dev.switchboard.runtime.internal}) to the index tables the loop reads.
 */
package dev.switchboard.runtime.pregel;
