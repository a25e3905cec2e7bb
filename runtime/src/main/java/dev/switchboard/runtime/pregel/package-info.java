/**
 * The Pregel loop: supersteps with channel versions, trigger channels, barriers, {@code Send}
 * push tasks and deterministic write order, exactly as LangGraph runs a compiled
 * {@code StateGraph}. {@link dev.switchboard.runtime.pregel.GraphSpec} is the compiled graph
 * definition generated code builds; {@link dev.switchboard.runtime.pregel.PregelGraph} is the base
 * of every generated graph.
 */
package dev.switchboard.runtime.pregel;
