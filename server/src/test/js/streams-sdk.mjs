// Drives resumable streams and on_disconnect through LangGraph's own JS client
// (@langchain/langgraph-sdk) against a server serving the conformance graphs, and prints what it
// saw as one JSON line. Run from a folder whose node_modules holds the SDK:
//   node streams-sdk.mjs http://127.0.0.1:2024
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({ apiUrl: process.argv[2] });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const input = { trail: ["A"] };
const out = {};

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

async function settled(tid, rid) {
  for (let i = 0; i < 200; i++) {
    const run = await client.runs.get(tid, rid);
    if (run.status !== "pending" && run.status !== "running") return run.status;
    await sleep(50);
  }
  return "still running";
}

const trailOf = async (tid) => (await client.threads.getState(tid)).values.trail;

// resumable: two parts, hang up, rejoin after the last id; then the whole stream again
{
  const { thread_id: tid } = await client.threads.create();
  let rid;
  out.first = await readThenHangUp(
    (signal) =>
      client.runs.stream(tid, "slow", {
        input,
        streamMode: ["updates"],
        streamResumable: true,
        signal,
        onRunCreated: (m) => (rid = m.run_id),
      }),
    2
  );
  out.rejoinedWhile = (await client.runs.get(tid, rid)).status;
  out.rest = await collect(client.runs.joinStream(tid, rid, { lastEventId: out.first[1].id }));
  out.all = await collect(client.runs.joinStream(tid, rid));
}

// on_disconnect "cancel": hang up after the first part
{
  const { thread_id: tid } = await client.threads.create();
  let rid;
  await readThenHangUp(
    (signal) =>
      client.runs.stream(tid, "slow", { input, onDisconnect: "cancel", signal, onRunCreated: (m) => (rid = m.run_id) }),
    1
  );
  out.cancelStatus = await settled(tid, rid);
  await sleep(2500); // the rest of the run, had it gone on
  out.cancelTrail = await trailOf(tid);
}

// cancelOnDisconnect on a join stream
{
  const { thread_id: tid } = await client.threads.create();
  const run = await client.runs.create(tid, "slow", { input });
  await readThenHangUp((signal) => client.runs.joinStream(tid, run.run_id, { cancelOnDisconnect: true, signal }), 1);
  out.joinCancelStatus = await settled(tid, run.run_id);
}

// the default: the run goes on without its client
{
  const { thread_id: tid } = await client.threads.create();
  let rid;
  await readThenHangUp(
    (signal) => client.runs.stream(tid, "slow", { input, signal, onRunCreated: (m) => (rid = m.run_id) }),
    1
  );
  await client.runs.join(tid, rid);
  out.continueStatus = (await client.runs.get(tid, rid)).status;
  out.continueTrail = await trailOf(tid);
}
console.log(JSON.stringify(out));
