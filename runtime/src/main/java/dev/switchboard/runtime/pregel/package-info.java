/**
 * The Pregel loop: supersteps with channel versions, trigger channels, barriers, {@code Send}
 * push tasks and deterministic write order, exactly as LangGraph runs a compiled
 * {@code StateGraph}. {@link dev.switchboard.runtime.pregel.PregelGraph} is the base of every
 * generated graph; it resolves the graph definition generated code declares (in
 * {@code dev.switchboard.runtime.spi}) to the index tables the loop reads.
 *
 * <p>The engine follows LangGraph's seams, in layers that only use those below them (a test keeps
 * it so):
 *
 * <ol>
 *   <li>Tasks and channels, LangGraph's {@code _algo.py}: {@code Task} (what a node's task wrote
 *       and how it ended), {@code ChannelState} (channels; which tasks a superstep runs and how
 *       their writes reach the channels) and {@code ChannelVersions} (versions and versions seen);
 *       {@code StepRecord} (a durable step's recorded outcome, which a task keeps).
 *   <li>What a run stores and streams: {@code Persistence} (when checkpoints and pending writes are
 *       stored), {@code StoredChannels} (channel values as snapshot and delta blobs), {@code
 *       TaskRecords} (a task as pending writes), {@code Codecs}, {@code Cursor}, {@code
 *       StoredState}, {@code Resumes} (a run's resume values) and {@code RunEvents}.
 *   <li>The run, LangGraph's {@code _loop.py} and {@code _runner.py}: {@code PregelLoop} (the
 *       superstep lifecycle), {@code TaskRunner} (runs a step's tasks, each as an {@code
 *       Execution} with its input, context and attempts), {@code NodeAttempts} (retries, timeouts,
 *       error handlers, the cache), {@code TaskWrites}, {@code TaskContext}, {@code Steps} (durable
 *       steps: replay a record, or run and record), {@code Subgraphs};
 *       and the state API ({@code Snapshots}), which runs routes and opens subgraphs. These use
 *       each other, since a graph's task runs graphs.
 * </ol>
 */
package dev.switchboard.runtime.pregel;
