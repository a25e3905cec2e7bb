// Records facts of LangGraph's thread-centric streaming protocol from a server, with plain fetch
// (Node 20, no packages): for each scenario, a thread's SSE event stream (POST
// /threads/{id}/stream/events) around the commands (POST /threads/{id}/commands) that drive it,
// normalized so that ids, timestamps and run ids do not count. Written against LangGraph.js's server
// (@langchain/langgraph-api 1.5.1, graphs.ts here); ProtocolFactsTest compares Switchboard's.
//   node facts.mjs URL [scenario,...]   -> prints one JSON document {scenario: facts}
const [url, only] = process.argv.slice(2);
const ALL = ["values", "updates", "messages", "tools", "custom", "lifecycle", "input", "checkpoints", "tasks"];

const SCENARIOS = {
  chat: { graph: "chat", input: { messages: [{ type: "human", content: "hi" }] } },
  approval: { graph: "approval", input: { trail: ["x"] }, respond: "yes" },
  nested: { graph: "nested", input: { trail: ["x"] } },
  agent: { graph: "agent", input: { messages: [{ type: "human", content: "Paris" }] } },
  tool_error: { graph: "agent", input: { messages: [{ type: "human", content: "Atlantis" }] } },
  genui: { graph: "genui", input: { messages: [{ type: "human", content: "hi" }] } },
};

const terminal = (e) => e.method === "lifecycle" && e.params.namespace.length === 0
  && ["completed", "failed", "interrupted"].includes(e.params.data.event);

function stream(tid, body, until) {
  const ac = new AbortController();
  const out = { status: 0, contentType: null, events: [], ids: [] };
  const done = (async () => {
    try {
      const res = await fetch(`${url}/threads/${tid}/stream/events`, {
        method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(body), signal: ac.signal,
      });
      out.status = res.status;
      out.contentType = (res.headers.get("content-type") ?? "").split(";")[0];
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      let buf = "";
      while (true) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const fields = {};
          for (const line of frame.split("\n")) {
            const c = line.indexOf(": ");
            if (c > 0) fields[line.slice(0, c)] = line.slice(c + 2);
          }
          if (fields.data == null) continue;
          const e = JSON.parse(fields.data);
          out.events.push(e);
          out.ids.push({ sse_event: fields.event, sse_id: fields.id });
          if (until(e)) { ac.abort(); return; }
        }
      }
    } catch {}
  })();
  return { out, done: Promise.race([done, new Promise((r) => setTimeout(r, 20000))]).then(() => ac.abort()), ac };
}

async function command(tid, cmd) {
  const r = await fetch(`${url}/threads/${tid}/commands`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(cmd),
  });
  let body = null;
  try { body = await r.json(); } catch {}
  return { status: r.status, body };
}

// Ids, timestamps and run ids differ from server to server: keep their shape only.
const UUIDISH = /^(run-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[0-9a-f]{32}$/;
function ns(segments) { return segments.map((s) => s.replace(/:.*$/, ":*")); }
function scrub(v, key) {
  if (Array.isArray(v)) return v.map((x) => scrub(x));
  if (v && typeof v === "object") {
    const o = {};
    for (const k of Object.keys(v).sort()) {
      if (["run_id", "timestamp", "metadata", "checkpoint"].includes(k) && key !== "ui") continue;
      o[k] = scrub(v[k], k);
    }
    return o;
  }
  if (typeof v === "string" && (UUIDISH.test(v) || ["id", "parent_id", "interrupt_id"].includes(key))) return "<id>";
  return v;
}
function fact(e) {
  const p = e.params;
  const f = { method: e.method, namespace: ns(p.namespace) };
  if (p.node != null) f.node = p.node;
  if (e.method === "tasks") {
    f.data = { name: p.data.name, kind: "result" in p.data ? "result" : "input" };
  } else if (e.method === "messages") {
    f.data = scrub(p.data);
  } else if (e.method === "values" || e.method === "updates") {
    f.data = scrub(p.data);
  } else {
    f.data = scrub(p.data);
  }
  return f;
}
function envelope(events) {
  // every event: {type: "event", event_id: String(seq), seq}, seq increasing by one
  return events.every((e, i) => e.type === "event" && e.event_id === String(e.seq)
    && (i === 0 || e.seq === events[i - 1].seq + 1) && typeof e.params.timestamp === "number");
}

async function scenario(name, s) {
  const tid = crypto.randomUUID();
  const facts = {};
  const first = stream(tid, { channels: ALL }, terminal);
  await new Promise((r) => setTimeout(r, 300));
  const started = await command(tid, { id: 1, method: "run.start", params: { assistant_id: s.graph, input: s.input } });
  facts.start = { status: started.status, type: started.body?.type, result: Object.keys(started.body?.result ?? {}),
    meta: Object.keys(started.body?.meta ?? {}).sort() };
  await first.done;
  facts.contentType = first.out.contentType;
  facts.envelope = envelope(first.out.events);
  facts.sseIds = first.out.ids.every((x, i) => x.sse_id === String(first.out.events[i].seq)
    && x.sse_event === first.out.events[i].method);
  facts.events = first.out.events.map(fact);
  let last = first.out.events.at(-1)?.seq ?? 0;
  if (s.respond != null) {
    const asked = first.out.events.find((e) => e.method === "input.requested");
    const second = stream(tid, { channels: ALL, since: last }, (e) => terminal(e) && e.params.data.event !== "interrupted");
    const r = await command(tid, { id: 2, method: "input.respond",
      params: { namespace: [], interrupt_id: asked?.params.data.interrupt_id, response: s.respond } });
    facts.respond = { status: r.status, type: r.body?.type, result: r.body?.result };
    await second.done;
    facts.resumed = second.out.events.map(fact);
    last = second.out.events.at(-1)?.seq ?? last;
    const again = await command(tid, { id: 3, method: "input.respond",
      params: { namespace: [], interrupt_id: asked?.params.data.interrupt_id, response: s.respond } });
    facts.respondAgain = { type: again.body?.type, error: again.body?.error };
  }
  // a late subscriber replays what the filter lets through, after `since` when given
  const replay = stream(tid, { channels: ["values", "lifecycle"], since: 3 }, () => false);
  await new Promise((r) => setTimeout(r, 700));
  replay.ac.abort();
  facts.replaySince3 = replay.out.events.map((e) => ({ seq: e.seq > 3, method: e.method, namespace: ns(e.params.namespace) }));
  const root = stream(tid, { channels: ["lifecycle"], namespaces: [[]], depth: 0 }, () => false);
  await new Promise((r) => setTimeout(r, 500));
  root.ac.abort();
  facts.rootLifecycleOnly = root.out.events.map((e) => [e.params.namespace.length, e.params.data.event]);
  const state = await command(tid, { id: 4, method: "state.get", params: { namespace: [] } });
  facts.state = { type: state.body?.type, keys: Object.keys(state.body?.result?.values ?? {}).sort(),
    checkpoint: Object.keys(state.body?.result?.checkpoint ?? {}).sort(), applied: state.body?.meta?.applied_through_seq === last };
  const unknown = await command(tid, { id: 5, method: "nope.nope", params: {} });
  facts.unknownCommand = { status: unknown.status, type: unknown.body?.type, error: unknown.body?.error, id: unknown.body?.id };
  const noAssistant = await command(crypto.randomUUID(), { id: 6, method: "run.start", params: { input: null } });
  facts.runStartWithoutAssistant = { type: noAssistant.body?.type, error: noAssistant.body?.error };
  const other = await command(tid, { id: 7, method: "run.start", params: { assistant_id: s.graph === "chat" ? "approval" : "chat", input: null } });
  facts.otherAssistant = { type: other.body?.type, error: other.body?.error };
  return facts;
}

const out = {};
for (const [name, s] of Object.entries(SCENARIOS)) {
  if (only && !only.split(",").includes(name)) continue;
  out[name] = await scenario(name, s);
}
console.log(JSON.stringify(out, null, 1));
