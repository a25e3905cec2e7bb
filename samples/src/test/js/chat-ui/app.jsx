// A chat page that drives an agent the way agent-chat-ui does (langchain-ai/agent-chat-ui; its calls
// and rules written anew here, no code copied): LangGraph's useStream hook on the server's API under
// /api with fetchStateHistory; a human message sent as text content blocks after synthetic tool
// results for calls left unanswered, with streamMode ["values"], subgraphs and resumable streams;
// and, when the run pauses with a HITLRequest (action_requests and review_configs), a review whose
// decisions go back as submit({}, {command: {resume: {decisions}}}). Edits are made per argument as
// text, as its form does. (Its "mark as resolved", a Command goto "__end__", is left out.)
// With ?api=<url> the page calls that API directly from its own origin (CORS), with ?apiKey= sent as
// X-Api-Key, as agent-chat-ui does when it is given a deployment's URL and key; the thread id is
// kept in the address and a run under way is rejoined after a reload (reconnectOnMount).
import React, { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { Client } from "@langchain/langgraph-sdk";
import { useStream } from "@langchain/langgraph-sdk/react";

const params = new URLSearchParams(window.location.search);
const API = params.get("api") ?? window.location.origin + "/api";
const API_KEY = params.get("apiKey") ?? undefined;
const ASSISTANT = params.get("assistantId") ?? "agent";
const SUBMIT = { streamMode: ["values"], streamSubgraphs: true, streamResumable: true };
const HIDDEN = "do-not-render-";

/** Whether an interrupt (or the first of a list) carries a HITLRequest, as agent-chat-ui checks. */
function isReviewRequest(interrupt) {
  const value = (Array.isArray(interrupt) ? interrupt[0] : interrupt)?.value;
  if (!value || typeof value !== "object") return false;
  const { action_requests: actions, review_configs: configs } = value;
  return (
    Array.isArray(actions) && actions.length > 0 &&
    Array.isArray(configs) && configs.length > 0 &&
    actions.every((a) => a && typeof a.name === "string" && a.args !== null && typeof a.args === "object") &&
    configs.every((c) => c && typeof c.action_name === "string" && Array.isArray(c.allowed_decisions))
  );
}

/** A tool result for every call of an AI message no tool message follows. */
function unansweredToolResults(messages) {
  const out = [];
  messages.forEach((m, i) => {
    if (m.type !== "ai" || !m.tool_calls?.length || messages[i + 1]?.type === "tool") return;
    for (const call of m.tool_calls) {
      out.push({
        type: "tool",
        tool_call_id: call.id ?? "",
        id: HIDDEN + crypto.randomUUID(),
        name: call.name,
        content: "Successfully handled tool call.",
      });
    }
  });
  return out;
}

function text(content) {
  if (typeof content === "string") return content;
  return (content ?? []).map((b) => (typeof b === "string" ? b : b.text ?? "")).join("");
}

function Messages({ messages }) {
  return (
    <ol id="messages">
      {messages.filter((m) => !m.id?.startsWith(HIDDEN)).map((m, i) => (
        <li key={m.id ?? i} data-type={m.type} data-name={m.name ?? ""}>
          {m.type === "ai" && m.tool_calls?.length ? "calls " + m.tool_calls.map((c) => c.name).join(", ") : text(m.content)}
        </li>
      ))}
    </ol>
  );
}

function shown(value) {
  return typeof value === "string" || typeof value === "number" ? value.toString() : JSON.stringify(value);
}

/** One action's review: its arguments as text fields when edits are allowed, a reason for a rejection. */
function Action({ action, config, index, onDecision }) {
  const allowed = config?.allowed_decisions ?? [];
  const [args, setArgs] = useState({ ...action.args });
  const [edited, setEdited] = useState(false);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState("");
  const decide = (type) => {
    if (type === "reject") {
      if (!note.trim()) return setProblem("Please provide a rejection reason.");
      return onDecision(index, { type, message: note.trim() });
    }
    if (type === "edit" && edited) return onDecision(index, { type, edited_action: { name: action.name, args } });
    if (type === "edit" && !allowed.includes("approve")) {
      return onDecision(index, { type, edited_action: { name: action.name, args } });
    }
    return onDecision(index, { type: "approve" });
  };
  return (
    <div className="action" data-action={action.name} data-index={index}>
      <h3>{action.name}</h3>
      <pre className="description">{action.description}</pre>
      <pre className="args">{JSON.stringify(action.args)}</pre>
      {allowed.includes("edit") &&
        Object.entries(action.args).map(([key, value]) => (
          <input
            key={key}
            className="arg"
            data-key={key}
            defaultValue={shown(value)}
            onChange={(e) => {
              setArgs((prev) => ({ ...prev, [key]: e.target.value }));
              setEdited(true);
            }}
          />
        ))}
      {allowed.includes("reject") && <textarea className="note" onChange={(e) => setNote(e.target.value)} />}
      {allowed.map((type) => (
        <button key={type} data-decision={type} onClick={() => decide(type)}>{type}</button>
      ))}
      {problem && <p className="problem">{problem}</p>}
    </div>
  );
}

/** The review: one action decides at once; several are each decided, then all are sent together. */
function Review({ request, stream }) {
  const actions = request.action_requests;
  const configFor = (action, i) =>
    request.review_configs.find((c) => c.action_name === action.name) ?? request.review_configs[i];
  const [decided, setDecided] = useState(new Map());
  const resume = (decisions) => stream.submit({}, { command: { resume: { decisions } } });
  const onDecision = (index, decision) => {
    if (actions.length === 1) return resume([decision]);
    setDecided((prev) => new Map(prev).set(index, decision));
  };
  const allApprovable = actions.every((a, i) => configFor(a, i)?.allowed_decisions.includes("approve"));
  return (
    <section id="review" data-decided={decided.size}>
      {actions.map((action, i) => (
        <Action key={i} action={action} config={configFor(action, i)} index={i} onDecision={onDecision} />
      ))}
      {actions.length > 1 && allApprovable && (
        <button id="approve-all" onClick={() => resume(actions.map(() => ({ type: "approve" })))}>approve all</button>
      )}
      {actions.length > 1 && (
        <button id="submit-all" disabled={decided.size !== actions.length}
          onClick={() => resume(actions.map((_, i) => decided.get(i)))}>submit all</button>
      )}
    </section>
  );
}

function App() {
  const [threadId, setThreadId] = useState(params.get("threadId"));
  const [input, setInput] = useState("");
  const [threads, setThreads] = useState(null);
  const [info, setInfo] = useState(null);
  const [run, setRun] = useState(null);
  const stream = useStream({
    apiUrl: API,
    apiKey: API_KEY,
    assistantId: ASSISTANT,
    threadId,
    onThreadId: (id) => {
      setThreadId(id);
      const address = new URL(window.location.href);
      address.searchParams.set("threadId", id);
      window.history.replaceState(null, "", address);
    },
    fetchStateHistory: true,
    reconnectOnMount: true,
    onCreated: (created) => setRun(created.run_id),
  });
  useEffect(() => {
    const headers = API_KEY ? { "X-Api-Key": API_KEY } : undefined;
    fetch(API + "/info", { headers }).then((r) => setInfo(r.ok ? "ok" : "down"), () => setInfo("down"));
  }, []);
  useEffect(() => {
    // the thread list, as agent-chat-ui's sidebar searches it (by graph id for a graph name)
    new Client({ apiUrl: API, apiKey: API_KEY })
      .threads.search({ metadata: { graph_id: ASSISTANT }, limit: 100 })
      .then((found) => setThreads(found.map((t) => t.thread_id)), (e) => setThreads(["error: " + e]));
  }, [threadId, stream.isLoading]);
  const send = () => {
    const human = { id: crypto.randomUUID(), type: "human", content: [{ type: "text", text: input }] };
    const answered = unansweredToolResults(stream.messages);
    stream.submit(
      { messages: [...answered, human], context: undefined },
      { ...SUBMIT, optimisticValues: (prev) => ({ ...prev, messages: [...(prev.messages ?? []), ...answered, human] }) },
    );
    setInput("");
  };
  const interrupt = stream.interrupt;
  return (
    <main data-thread={threadId ?? ""} data-run={run ?? ""} data-loading={String(stream.isLoading)} data-info={info ?? ""}
      data-threads={threads ? threads.join(",") : ""}>
      <Messages messages={stream.messages} />
      {interrupt && isReviewRequest(interrupt) && !stream.isLoading && (
        <Review
          key={(Array.isArray(interrupt) ? interrupt[0] : interrupt).id ?? "review"}
          request={(Array.isArray(interrupt) ? interrupt[0] : interrupt).value}
          stream={stream}
        />
      )}
      {stream.error ? <p id="error">{String(stream.error)}</p> : null}
      <input id="prompt" value={input} onChange={(e) => setInput(e.target.value)} />
      <button id="send" onClick={send} disabled={stream.isLoading}>send</button>
    </main>
  );
}

createRoot(document.getElementById("root")).render(<App />);
