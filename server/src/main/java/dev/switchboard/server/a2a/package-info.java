/**
 * Not API: the server's A2A endpoints ({@code /a2a/{assistant_id}} and the agent cards), each
 * assistant an agent whose tasks are runs on threads. Uses {@code loopback}, {@code http} and
 * {@code wire}; public only so the server's root package assembles it.
 */
package dev.switchboard.server.a2a;
