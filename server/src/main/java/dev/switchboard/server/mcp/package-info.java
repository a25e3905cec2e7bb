/**
 * Not API: the server's {@code /mcp} endpoint (MCP over Streamable HTTP, without sessions), each
 * assistant a tool. Uses {@code loopback}, {@code http} and {@code wire}; public only so the server's
 * root package assembles it.
 */
package dev.switchboard.server.mcp;
