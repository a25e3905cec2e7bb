// Drives the API a Spring Boot application serves on its own port, behind Spring Security (HTTP
// Basic), with LangGraph's own JS client, and prints what it saw as one JSON line. The URL carries
// the application's context path, if it has one:
//   node spring-sdk.mjs http://127.0.0.1:8080/api "Basic <alice>" "Basic <bob>"
import { Client } from "@langchain/langgraph-sdk";

const [url, aliceAuth, bobAuth] = process.argv.slice(2);
const alice = new Client({ apiUrl: url, defaultHeaders: { Authorization: aliceAuth } });
const bob = new Client({ apiUrl: url, defaultHeaders: { Authorization: bobAuth } });
const nobody = new Client({ apiUrl: url, callerOptions: { maxRetries: 0 } });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const out = {};

const statusOf = async (call) => {
  try {
    await call();
    return 200;
  } catch (e) {
    return e.status ?? String(e);
  }
};
const brief = (p) => ({ id: p.id ?? null, event: p.event });

async function collect(stream) {
  const parts = [];
  for await (const p of stream) parts.push(brief(p));
  return parts;
}

/** Reads `n` parts of a stream made with `signal`, then aborts it (the client hangs up). */
async function readThenHangUp(makeStream, n) {
  const ctl = new AbortController();
  const parts = [];
  try {
    for await (const p of makeStream(ctl.signal)) {
      parts.push(brief(p));
      if (parts.length === n) ctl.abort();
    }
  } catch (e) {
    if (!ctl.signal.aborted) throw e;
  }
  return parts;
}

async function settled(client, tid, rid) {
  for (let i = 0; i < 200; i++) {
    const run = await client.runs.get(tid, rid);
    if (run.status !== "pending" && run.status !== "running") return run.status;
    await sleep(50);
  }
  return "still running";
}

// Spring Security refuses a caller without credentials; the app's own route is beside the API
out.anonymous = await statusOf(() => nobody.threads.create());
out.hello = await (await fetch(`${url}/hello`, { headers: { Authorization: aliceAuth } })).text();
out.assistants = (await alice.assistants.search()).map((a) => a.graph_id).sort();

// an interrupt answered: stream to the interrupt, resume with a command
{
  const { thread_id: tid } = await alice.threads.create({ metadata: { topic: "review" } });
  out.reviewThread = tid;
  const updates = [];
  for await (const p of alice.runs.stream(tid, "review", { input: { steps: ["start"] }, streamMode: "updates" })) {
    if (p.event === "updates") updates.push(Object.keys(p.data)[0]);
  }
  out.reviewUpdates = updates;
  out.question = (await alice.threads.getState(tid)).tasks[0].interrupts[0].value.question;
  out.reviewResult = await alice.runs.wait(tid, "review", { command: { resume: "yes" } });
  // the principal owns the thread: another user neither reads nor finds it
  out.bobReads = await statusOf(() => bob.threads.get(tid));
  out.bobFinds = (await bob.threads.search()).length;
  out.aliceFinds = (await alice.threads.search({ metadata: { topic: "review" } })).map((t) => t.thread_id);
}

// a resumable stream: two parts, hang up, rejoin after the last id while it runs; then all again
{
  const { thread_id: tid } = await alice.threads.create();
  let rid;
  out.first = await readThenHangUp(
    (signal) =>
      alice.runs.stream(tid, "pipeline", {
        input: { steps: ["go"] },
        streamMode: ["updates"],
        streamResumable: true,
        signal,
        onRunCreated: (m) => (rid = m.run_id),
      }),
    2
  );
  out.rejoinedWhile = (await alice.runs.get(tid, rid)).status;
  out.rest = await collect(alice.runs.joinStream(tid, rid, { lastEventId: out.first[1].id }));
  out.all = await collect(alice.runs.joinStream(tid, rid));
  out.pipelineSteps = (await alice.threads.getState(tid)).values.steps;
}

// on_disconnect "cancel": the app's server notices the hang-up and stops the run
{
  const { thread_id: tid } = await alice.threads.create();
  let rid;
  await readThenHangUp(
    (signal) =>
      alice.runs.stream(tid, "pipeline", {
        input: { steps: ["go"] },
        onDisconnect: "cancel",
        signal,
        onRunCreated: (m) => (rid = m.run_id),
      }),
    1
  );
  out.cancelStatus = await settled(alice, tid, rid);
}

// a run's addresses (Content-Location, and Location for a resumable stream) as the client uses them:
// appended to its API URL, where they must name the run and its stream
{
  const { thread_id: tid } = await alice.threads.create();
  const headers = { Authorization: aliceAuth, "Content-Type": "application/json" };
  const res = await fetch(`${url}/threads/${tid}/runs/stream`, {
    method: "POST",
    headers,
    body: JSON.stringify({ assistant_id: "pipeline", input: { steps: ["go"] }, stream_mode: ["updates"], stream_resumable: true }),
  });
  await res.text();
  out.locationThread = tid;
  out.contentLocation = res.headers.get("content-location");
  out.location = res.headers.get("location");
  out.locationRun = out.contentLocation.split("/").pop();
  out.runAtContentLocation = (await (await fetch(url + out.contentLocation, { headers })).json()).run_id;
  const joined = await (await fetch(url + out.location, { headers })).text();
  out.joinedAtLocation = [...joined.matchAll(/^event: ?(\S+)/gm)].map((m) => m[1]);
}

// Studio's api.js as the application serves it, run at Studio's address: where its calls go
{
  const source = await (await fetch(`${url}/studio/api.js`, { headers: { Authorization: aliceAuth } })).text();
  globalThis.location = new URL(`${url}/studio/`);
  globalThis.sessionStorage = { getItem: () => null, setItem() {} };
  const calls = [];
  const fetchFromNode = globalThis.fetch;
  globalThis.fetch = (address, init) => {
    calls.push(String(address));
    return fetchFromNode(new URL(address, globalThis.location), init);
  };
  const { api } = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
  api.headers = () => ({ "Content-Type": "application/json", Authorization: aliceAuth }); // the app's HTTP Basic
  out.studioGraphs = (await api.post("/assistants/search", { limit: 10 })).map((a) => a.graph_id).sort();
  out.studioCalls = calls;
  globalThis.fetch = fetchFromNode;
}

// the store: the principal's own namespace, not another's
await alice.store.putItem(["alice", "prefs"], "drink", { value: "tea" });
out.aliceItem = (await alice.store.getItem(["alice", "prefs"], "drink"))?.value ?? null;
out.bobItem = await statusOf(() => bob.store.getItem(["alice", "prefs"], "drink"));

console.log(JSON.stringify(out));
