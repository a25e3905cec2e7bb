// A chat page on @langchain/react's useStream, as a team would write one: it names the API and the
// assistant (and, after a reload, the thread, and optionally the transport) in its address, sends what the box holds as the run's
// input, and shows the messages, the tool calls, the pending interrupt, the generative UI cards of
// values.ui and the values. For the test it also keeps what it rendered on `window.__seen` (every
// text an AI message showed, in order) and `window.__stream`.
import React, { useState } from "react";
import { createRoot } from "react-dom/client";
import { useChannel, useStream } from "@langchain/react";

const query = new URLSearchParams(location.search);
const seen = (window.__seen = { aiTexts: [], loading: [], errors: [] });

function text(message) {
  const c = message.content;
  if (typeof c === "string") return c;
  return Array.isArray(c) ? c.map((b) => (typeof b === "string" ? b : b.text ?? "")).join("") : "";
}

function kind(message) {
  return typeof message.getType === "function" ? message.getType() : message.type;
}

function Chat() {
  const [draft, setDraft] = useState(query.get("input") ?? "");
  const stream = useStream({
    apiUrl: query.get("api") ?? location.origin,
    assistantId: query.get("assistant"),
    threadId: query.get("thread") ?? undefined,
    // "websocket" for the SDK's WebSocket transport (commands and events on one socket); SSE else
    transport: query.get("transport") ?? undefined,
    onThreadId: (id) => {
      const next = new URL(location.href);
      next.searchParams.set("thread", id);
      history.replaceState(null, "", next);
    },
  });
  // generative UI as it streams: the custom events a node's pushUi sent, whatever their name
  const custom = useChannel(stream, ["custom"]);
  for (const m of stream.messages) {
    const t = text(m);
    if (kind(m) === "ai" && t && seen.aiTexts[seen.aiTexts.length - 1] !== t) seen.aiTexts.push(t);
  }
  if (seen.loading[seen.loading.length - 1] !== stream.isLoading) seen.loading.push(stream.isLoading);
  if (stream.error && !seen.errors.includes(String(stream.error))) seen.errors.push(String(stream.error));
  window.__stream = {
    threadId: stream.threadId,
    isLoading: stream.isLoading,
    values: stream.values,
    interrupts: stream.interrupts.map((i) => ({ id: i.id, value: i.value })),
    toolCalls: stream.toolCalls.map((c) => ({ id: c.callId, name: c.name, status: c.status, output: c.output ?? null })),
    messages: stream.messages.map((m) => ({ type: kind(m), text: text(m), toolCalls: (m.tool_calls ?? []).map((c) => c.name) })),
    custom: custom.map((e) => e.params.data),
  };
  return (
    <main>
      <p id="status">{stream.isLoading ? "running" : "idle"}</p>
      <ol id="messages">
        {stream.messages.map((m, i) => (
          <li key={m.id ?? i} className={`message ${kind(m)}`}>
            {text(m)}
            {(m.tool_calls ?? []).map((c) => (
              <span key={c.id} className="tool-call">{`${c.name}(${JSON.stringify(c.args)})`}</span>
            ))}
          </li>
        ))}
      </ol>
      <ul id="tools">
        {stream.toolCalls.map((c) => (
          <li key={c.callId} className={`tool ${c.status}`}>{`${c.name}: ${c.status}`}</li>
        ))}
      </ul>
      {stream.interrupt && (
        <form id="interrupt" onSubmit={(e) => { e.preventDefault(); void stream.respond(e.target.answer.value); }}>
          <span id="question">{JSON.stringify(stream.interrupt.value)}</span>
          <input name="answer" id="answer" defaultValue="yes" />
          <button id="respond">Answer</button>
        </form>
      )}
      <div id="ui">
        {(stream.values?.ui ?? []).map((u) => (
          <div key={u.id} className={`ui ${u.name}`}>{`${u.name}: ${JSON.stringify(u.props)}`}</div>
        ))}
      </div>
      <pre id="values">{JSON.stringify(stream.values)}</pre>
      <form onSubmit={(e) => { e.preventDefault(); void stream.submit(JSON.parse(draft)); }}>
        <textarea id="input" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button id="send" disabled={stream.isLoading}>Send</button>
      </form>
    </main>
  );
}

createRoot(document.getElementById("root")).render(<Chat />);
