/**
 * Channels: the per-key stores the Pregel loop reads and writes, with LangGraph's exact semantics
 * for each kind. Nodes never see channels directly; generated code maps state record components to
 * channels by index. Only {@link dev.switchboard.runtime.channel.ChannelSpec} (a channel's
 * definition, which creates it), {@link dev.switchboard.runtime.channel.Channel} (what the loop
 * reads and writes) and the stored forms a checkpoint holds are public; the implementations are
 * package-private, so each kind is reached through its spec.
 */
package dev.switchboard.runtime.channel;
