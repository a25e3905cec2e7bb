/**
 * Not API: the server's HTTP API called in-process for one caller ({@link
 * dev.switchboard.server.loopback.Loopback}), so the protocol endpoints (MCP, A2A) run what a
 * client's API calls would run, with the caller's credentials. Uses {@code http} and {@code wire}.
 */
package dev.switchboard.server.loopback;
