// LangGraph's JS SDK (@langchain/langgraph-sdk, the version the conformance suite pins) driving
// the thread-centric protocol with client.threads.stream: tokens of the chat graph as they stream,
// the final output, an interrupt of the approval graph answered with thread.input.respond, and a
// second ThreadStream on the same thread that replays it. Prints one JSON line of facts.
//   node threads-stream.mjs URL [sse|websocket]
// With "websocket" every ThreadStream uses the SDK's WebSocket transport (Node 20 needs
// --experimental-websocket for its global WebSocket); the sockets it opens are counted.
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({ apiUrl: process.argv[2] });
const facts = {};
const transport = process.argv[3] ?? "sse";
if (transport === "websocket" && typeof WebSocket === "undefined") {
  throw new Error("no global WebSocket: run node with --experimental-websocket (Node 20) or Node 22+");
}
facts.sockets = [];
const options = (o) => transport === "websocket"
  ? { ...o, transport: "websocket", webSocketFactory: (url) => { facts.sockets.push(url); return new WebSocket(url); } }
  : o;
const withTimeout = (p, ms, what) => Promise.race([p, new Promise((_, no) => setTimeout(() => no(new Error(what + " timed out")), ms))]);
// Reads a subscription until `take` returns true. The SDK pauses a subscription one macrotask
// after a root run ends (lifecycle interrupted/completed/failed) unless it registered after that
// event: its `for await` then ends with done while the subscription stays open, and the next
// event of a later run resumes it. A subscriber that replays a thread's history can meet such a
// pause between one run's events and the next's, so the loop re-enters after waitForResume, as
// the SDK's own WebSocket lifecycle watcher does.
const drain = async (sub, take) => {
  while (true) {
    for await (const e of sub) if (take(e)) return;
    if (!sub.isPaused) return;
    await sub.waitForResume();
  }
};

// chat: tokens stream in, in order, then the output holds the reply
{
  // The thread exists, and the stream's subscriptions are answered, before the run starts. Opened
  // as run.start opens them (after its response), each subscription's replay follows the events
  // the server already sends for the ones answered before it, and the SDK hands those to every
  // subscription whose filter matches, answered or not: when the run had ended by then, the
  // values projection met the root `completed` before its own replay, the SDK's terminal pause
  // ended its loop and thread.output resolved with the input state or nothing (WebSocket, 5 in
  // 80 runs). Subscribed on the idle thread, every projection sees the run from its first event.
  const { thread_id: threadId } = await client.threads.create();
  const thread = client.threads.stream(threadId, options({ assistantId: "chat" }));
  const tokens = [];
  const output = thread.output; // opens the values projection
  const listening = (async () => {
    for await (const message of thread.messages) {
      for await (const token of message.text) tokens.push(token);
      break;
    }
  })();
  // answered after the two projections' subscriptions (in order on a WebSocket; on SSE by a
  // stream whose filter covers theirs, as this one's channels hold both of theirs)
  await thread.subscribe({ channels: ["values", "messages", "lifecycle", "input"] });
  await thread.run.start({ input: { messages: [{ type: "human", content: "hi" }] } });
  await withTimeout(listening, 20000, "chat tokens");
  const final = await withTimeout(output, 20000, "chat output");
  facts.chatTokens = tokens;
  const reply = final?.messages?.at(-1)?.content;
  // LangGraph.js answers with content blocks, a LangChain4j model with a string: the same text
  facts.chatReply = Array.isArray(reply) ? reply.map((b) => b.text ?? "").join("") : reply;
  facts.chatThreadId = typeof thread.threadId === "string";
  await thread.close();
}

// approval: the run pauses; the interrupt is answered; the run completes
{
  const thread = client.threads.stream(options({ assistantId: "approval" }));
  const values = [];
  const watch = (async () => { for await (const v of thread.values) values.push(v); })();
  await thread.run.start({ input: { trail: ["x"] } });
  await withTimeout((async () => { while (!thread.interrupted) await new Promise((r) => setTimeout(r, 50)); })(), 20000, "interrupt");
  facts.interrupt = thread.interrupts.map((i) => i.payload);
  const id = thread.interrupts[0].interruptId;
  // Subscribed BEFORE the respond, while the thread is idle. A subscription opened while a run
  // streams races in the SDK: it is registered at once, so the live events of the stream already
  // open reach it first, and its replay of the thread's history (from seq 1, on the rotated SSE
  // stream or after the WebSocket subscribe) only comes after them. Opened after the respond it
  // could meet the resumed run's `completed` before any `values` (no trail), or the resumed
  // run's values before the replayed older ones (trail ["x","draft"]); both were seen, on SSE and
  // WebSocket alike. Opened here, it replays the first run up to its `interrupted` and then sees
  // the resumed run live, in seq order, on one stream.
  const ends = await thread.subscribe({ channels: ["lifecycle", "values"], namespaces: [[]], depth: 0 });
  await thread.input.respond({ namespace: [], interrupt_id: id, response: "yes" });
  // this subscription's own values: the watch above appends to its array on its own schedule, so
  // the last element there may be an older state that it delivers late
  const endValues = [];
  const endLifecycle = [];
  const endSeqs = [];
  await withTimeout(drain(ends, (e) => {
    endSeqs.push(e.seq);
    if (e.method === "values") endValues.push(e.params.data);
    if (e.method === "lifecycle") endLifecycle.push(e.params.data.event);
    return e.method === "lifecycle" && e.params.data.event === "completed";
  }), 20000, "resumed run");
  facts.trail = endValues.at(-1)?.trail;
  facts.endLifecycle = endLifecycle;
  facts.endSeqsAscending = endSeqs.every((s, i) => i === 0 || s > endSeqs[i - 1]);
  const state = await thread.state.get({ namespace: [] });
  facts.stateTrail = state.values.trail;
  // another client on the same thread sees what happened (replayed from the thread's events)
  const again = client.threads.stream(thread.threadId, options({ assistantId: "approval" }));
  const sub = await again.subscribe({ channels: ["lifecycle"], namespaces: [[]], depth: 0 });
  const lifecycle = [];
  await withTimeout(drain(sub, (e) => lifecycle.push(e.params.data.event) >= 4), 10000, "replay");
  facts.replayedLifecycle = lifecycle;
  await again.close();
  await thread.close();
  void watch;
}
console.log(JSON.stringify(facts));
process.exit(0);
