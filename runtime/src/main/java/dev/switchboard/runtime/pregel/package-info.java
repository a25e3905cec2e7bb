/**
 * The Pregel loop: supersteps with channel versions, trigger channels, barriers, {@code Send}
 * push tasks and deterministic write order, exactly as LangGraph runs a compiled
 * {@code StateGraph}. {@link dev.switchboard.runtime.pregel.PregelGraph} is the base of every
 * generated graph; it resolves the graph definition generated code declares (in
 * {@code dev.switchboard.runtime.internal}) to the index tables the loop reads.
 *
 * <p>The engine follows LangGraph's seams: {@code ChannelState} holds channels and versions and
 * does what {@code _algo.py} does (prepare a superstep's tasks, apply their writes); {@code
 * PregelLoop} is the superstep lifecycle ({@code _loop.py}); {@code TaskRunner}, {@code
 * NodeAttempts} and {@code TaskWrites} run a step's tasks, with retries, timeouts, error handlers
 * and the cache, and turn results into writes; {@code Resumes} and {@code RunEvents} hold a run's
 * resume values and what it streams; {@code StoredState} and {@code Snapshots} are the state API,
 * which reads checkpoints without a loop; {@code Listeners} tells a run's listeners.
 */
package dev.switchboard.runtime.pregel;
