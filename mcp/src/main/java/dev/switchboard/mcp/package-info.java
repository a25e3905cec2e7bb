/**
 * MCP client tools: the tools of any Model Context Protocol server, over stdio or Streamable HTTP,
 * as a {@link dev.switchboard.langchain4j.ToolSet} for {@code ToolNode}, {@code ModelNode} and
 * {@code ReactAgent} (see {@link dev.switchboard.mcp.McpToolSet}). Built on the official MCP Java
 * SDK.
 *
 * <p>All parameters and return values are non-null unless documented otherwise.
 */
package dev.switchboard.mcp;
