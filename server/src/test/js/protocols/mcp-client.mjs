// Drives a server's /mcp endpoint with the official MCP TypeScript SDK's client over Streamable
// HTTP and prints one JSON line of what it saw: the tools, a call, a call with bad arguments, a call
// that pauses, a run that fails, an unknown tool. Usage: node mcp-client.mjs <url> [bearer token]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token] = process.argv.slice(2);
const headers = token ? { Authorization: `Bearer ${token}` } : {};
const client = new Client({ name: "switchboard-test", version: "1.0.0" });
const out = {};
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  out.server = client.getServerVersion();
  out.protocol = client.transport?.protocolVersion ?? null;
  out.tools = (await client.listTools()).tools;
  out.call = await client.callTool({ name: "notes", arguments: { topic: "tea", ask: false } });
  out.progress = [];
  out.progressed = await client.callTool({ name: "notes", arguments: { topic: "moths", ask: false } }, undefined,
    { onprogress: (p) => out.progress.push(p) });
  out.chat = await client.callTool({ name: "chat", arguments: { messages: [{ role: "user", content: "hi there" }] } });
  out.bad = await client.callTool({ name: "notes", arguments: { topic: 42 } });
  out.paused = await client.callTool({ name: "notes", arguments: { topic: "cats", ask: true } });
  out.failed = await client.callTool({ name: "notes", arguments: { topic: "ink" } });
  try {
    await client.callTool({ name: "nobody", arguments: {} });
  } catch (e) {
    out.unknown = { code: e.code, message: e.message };
  }
  await client.ping();
  out.pinged = true;
} catch (e) {
  out.error = { code: e.code ?? null, message: String(e.message ?? e) };
} finally {
  await client.close().catch(() => {});
}
console.log(JSON.stringify(out));
