/**
 * A Java client for LangGraph's HTTP API ({@link dev.switchboard.client.LangGraphClient}) and
 * {@link dev.switchboard.client.RemoteGraph}, which runs a graph deployed on any server of that
 * API, standalone or as a node of a local graph.
 *
 * <p>All parameters and return values are non-null unless documented otherwise.
 */
package dev.switchboard.client;
