// Drives the LangGraph Platform API beyond the conformance suite (assistants with versions, the
// rest of the runs and threads surface, crons, webhooks) through LangGraph's own JS client,
// @langchain/langgraph-sdk, and prints the facts it saw as one JSON line, normalized as the
// conformance suite normalizes (ids, timestamps). Run from the conformance folder (its
// node_modules holds the SDK and its lib/normalize.mjs the normalizer):
//   node platform-sdk.mjs http://127.0.0.1:2024 [fact-prefix,...]
// Facts whose routes LangGraph.js's own server (@langchain/langgraph-api) has were recorded from it
// into src/test/resources/platform/langgraph-js.json (record-platform.sh); the Java test compares
// those and checks the rest itself. The graphs: chain, slow and approval of the conformance suite,
// and nested (prep -> middle, where middle runs m1 -> counter and counter runs plus -> twice).
import { Client } from "@langchain/langgraph-sdk";
import { Normalizer } from "./lib/normalize.mjs";

const url = process.argv[2];
const only = process.argv[3] ? process.argv[3].split(",") : null;
const client = new Client({ apiUrl: url, defaultHeaders: {} });
const facts = {};
// facts LangGraph.js's server gets wrong or lacks the route of (record-platform.sh leaves them out)
const unrecorded = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function fact(name, body, options = {}) {
  if (only && !only.some((p) => name.startsWith(p))) return;
  if (options.recorded === false) unrecorded.push(name);
  const n = new Normalizer();
  try {
    facts[name] = n.value(await body(n));
  } catch (e) {
    facts[name] = { failed: String(e && e.stack ? e.stack : e) };
  }
}

/** An HTTP error as {status}, or the value when the call succeeded. */
async function status(p) {
  try {
    await p;
    return "ok";
  } catch (e) {
    return { status: e.status ?? String(e) };
  }
}

const tag = () => crypto.randomUUID();

// ---------------------------------------------------------------- assistants

await fact("assistants.create", async (n) => {
  const t = tag();
  const a = await client.assistants.create({
    graphId: "chain",
    config: { configurable: { k: "v" }, recursion_limit: 7, tags: ["t"] },
    context: { c: 1 },
    metadata: { tag: t, team: "x" },
    name: "mine",
    description: "d",
  });
  n.label(a.assistant_id, "<assistant:mine>");
  n.label(t, "<tag>");
  return a;
});

await fact("assistants.create.defaults", async () => {
  const a = await client.assistants.create({ graphId: "chain" });
  return { name: a.name, description: a.description ?? null, config: a.config, context: a.context, metadata: a.metadata, version: a.version };
});

await fact("assistants.create.if_exists", async () => {
  const id = crypto.randomUUID();
  const first = await client.assistants.create({ graphId: "chain", assistantId: id, name: "one" });
  const raise = await status(client.assistants.create({ graphId: "chain", assistantId: id, name: "two" }));
  const kept = await client.assistants.create({ graphId: "chain", assistantId: id, name: "three", ifExists: "do_nothing" });
  return { firstName: first.name, raise, keptName: kept.name, sameId: kept.assistant_id === id };
});

await fact("assistants.versions", async (n) => {
  const t = tag();
  n.label(t, "<tag>");
  const a = await client.assistants.create({
    graphId: "chain",
    config: { configurable: { k: "v" }, tags: ["t"] },
    metadata: { tag: t, team: "x" },
    name: "v1",
  });
  n.label(a.assistant_id, "<assistant:v>");
  const patched = await client.assistants.update(a.assistant_id, {
    metadata: { more: 2 },
    config: { configurable: { k: "w" } },
    name: "v2",
  });
  const versions = await client.assistants.getVersions(a.assistant_id);
  const latest = await client.assistants.setLatest(a.assistant_id, 1);
  const got = await client.assistants.get(a.assistant_id);
  const third = await client.assistants.update(a.assistant_id, { name: "v3" });
  const byMetadata = await client.assistants.getVersions(a.assistant_id, { metadata: { more: 2 } });
  const pick = (x) => ({ version: x.version, name: x.name, config: x.config, metadata: x.metadata });
  return {
    patched,
    versions,
    latest: pick(latest),
    got: pick(got),
    third: pick(third),
    byMetadata: byMetadata.map((v) => v.version),
    unknownVersion: await status(client.assistants.setLatest(a.assistant_id, 99)),
  };
});

await fact("assistants.search", async (n) => {
  const t = tag();
  n.label(t, "<tag>");
  const made = [];
  for (const [name, graph] of [["alpha one", "chain"], ["beta", "chain"], ["Alpha two", "slow"]]) {
    made.push(await client.assistants.create({ graphId: graph, name, metadata: { tag: t, graph } }));
    await sleep(5);
  }
  made.forEach((a, i) => n.label(a.assistant_id, `<assistant:${i}>`));
  const names = (list) => list.map((a) => a.name);
  return {
    byTag: names(await client.assistants.search({ metadata: { tag: t } })),
    byGraph: names(await client.assistants.search({ metadata: { tag: t }, graphId: "chain" })),
    byName: names(await client.assistants.search({ metadata: { tag: t }, name: "ALPHA" })),
    page: names(await client.assistants.search({ metadata: { tag: t }, limit: 1, offset: 1 })),
    count: await client.assistants.count({ metadata: { tag: t } }),
    countGraph: await client.assistants.count({ metadata: { tag: t }, graphId: "slow" }),
    select: await client.assistants.search({ metadata: { tag: t }, select: ["name", "graph_id"] }),
  };
});

// LangGraph.js's in-memory server ignores sort_by and sort_order for assistants
await fact("assistants.search.sorted", async () => {
  const t = tag();
  for (const name of ["b", "c", "a"]) {
    await client.assistants.create({ graphId: "chain", name, metadata: { tag: t } });
    await sleep(5);
  }
  const names = (list) => list.map((a) => a.name);
  return {
    createdAsc: names(await client.assistants.search({ metadata: { tag: t }, sortBy: "created_at", sortOrder: "asc" })),
    nameAsc: names(await client.assistants.search({ metadata: { tag: t }, sortBy: "name", sortOrder: "asc" })),
    nameDesc: names(await client.assistants.search({ metadata: { tag: t }, sortBy: "name", sortOrder: "desc" })),
    paged: await client.assistants.search({ metadata: { tag: t }, limit: 2, includePagination: true }).then((p) => ({
      names: names(p.assistants),
      next: p.next,
    })),
  };
}, { recorded: false });

await fact("assistants.delete", async () => {
  const a = await client.assistants.create({ graphId: "chain" });
  const deleted = await client.assistants.delete(a.assistant_id);
  return {
    deleted: deleted.map((id) => id === a.assistant_id),
    get: await status(client.assistants.get(a.assistant_id)),
    again: await status(client.assistants.delete(a.assistant_id)),
    versions: await status(client.assistants.getVersions(a.assistant_id)),
  };
});

// the SDKs' GraphSchema per namespace (LangGraph.js's server answers its own keys instead)
await fact("assistants.subgraphs", async () => {
  const keys = (o) => Object.keys(o).sort();
  return {
    direct: keys(await client.assistants.getSubgraphs("nested")),
    recurse: keys(await client.assistants.getSubgraphs("nested", { recurse: true })),
    namespace: keys(await client.assistants.getSubgraphs("nested", { namespace: "middle" })),
    none: await client.assistants.getSubgraphs("chain"),
    shape: Object.keys((await client.assistants.getSubgraphs("nested"))["middle"]).sort(),
  };
}, { recorded: false });

await fact("assistants.run_config", async (n) => {
  const a = await client.assistants.create({
    graphId: "chain",
    config: { configurable: { k: "v" }, recursion_limit: 7, tags: ["t"] },
    context: { c: 1 },
    metadata: { team: "x" },
    name: "runner",
  });
  n.label(a.assistant_id, "<assistant:runner>");
  const thread = await client.threads.create({ metadata: { tm: 1 } });
  n.label(thread.thread_id, "<thread:t>");
  const run = await client.runs.create(thread.thread_id, a.assistant_id, {
    input: { trail: ["x"] },
    config: { configurable: { r: 1 } },
    context: { d: 2 },
    metadata: { rm: 3 },
  });
  n.label(run.run_id, "<run:r>");
  await client.runs.join(thread.thread_id, run.run_id);
  const after = await client.threads.get(thread.thread_id);
  const configurable = { ...run.kwargs.config.configurable };
  delete configurable["user-agent"];
  return {
    assistant_id: run.assistant_id,
    metadata: run.metadata,
    config: { ...run.kwargs.config, configurable },
    context: run.kwargs.context,
    threadMetadata: after.metadata,
    values: after.values,
  };
});

// ---------------------------------------------------------------- the rest of the runs and threads surface

/** Waits until the thread's state shows its run's first step (the slow graph's 1). */
async function pastFirstStep(threadId) {
  for (let i = 0; i < 250; i++) {
    const s = await client.threads.getState(threadId);
    if ((s.values?.trail ?? []).includes(1)) return;
    await sleep(40);
  }
  throw new Error("the run never passed its first step");
}

const eventNames = async (gen) => {
  const out = [];
  for await (const part of gen) out.push(part.event);
  return out;
};

await fact("runs.batch", async (n) => {
  const runs = await client.runs.createBatch([
    { assistantId: "chain", input: { trail: ["b1"] } },
    { assistantId: "chain", input: { trail: ["b2"] }, metadata: { k: 2 } },
  ]);
  runs.forEach((r, i) => n.label(r.run_id, `<run:${i}>`));
  return runs.map((r) => ({
    assistant_id: r.assistant_id,
    status: r.status,
    input: r.kwargs.input,
    temporary: r.kwargs.temporary,
    k: r.metadata.k ?? null,
    multitask_strategy: r.multitask_strategy,
  }));
});

await fact("runs.join_stream.by_run_id", async () => {
  const thread = await client.threads.create();
  const run = await client.runs.create(thread.thread_id, "slow", { input: { trail: ["A"] } });
  return eventNames(client.runs.joinStream(null, run.run_id));
});

await fact("threads.history.get", async () => {
  const thread = await client.threads.create();
  await client.runs.wait(thread.thread_id, "chain", { input: { trail: ["h"] } });
  const got = await fetch(`${url}/threads/${thread.thread_id}/history?limit=2`).then((r) => r.json());
  const all = await fetch(`${url}/threads/${thread.thread_id}/history`).then((r) => r.json());
  return { limited: got.map((s) => ({ values: s.values, next: s.next })), all: all.length };
});

await fact("threads.create.supersteps", async () => {
  const thread = await client.threads.create({
    graphId: "chain",
    supersteps: [
      { updates: [{ values: { trail: ["s1"] }, asNode: "a" }] },
      { updates: [{ values: { trail: ["s2"] }, asNode: "b" }] },
    ],
  });
  const state = await client.threads.getState(thread.thread_id);
  const history = await client.threads.getHistory(thread.thread_id);
  return { values: state.values, next: state.next, history: history.length, graph: thread.metadata.graph_id };
});

await fact("runs.options", async () => {
  const thread = await client.threads.create();
  const before = Date.now();
  const delayed = await client.runs.create(thread.thread_id, "chain", { input: { trail: ["d"] }, afterSeconds: 1 });
  const atOnce = (await client.runs.get(thread.thread_id, delayed.run_id)).status;
  await client.runs.join(thread.thread_id, delayed.run_id);
  const joined = await client.runs.get(thread.thread_id, delayed.run_id);
  const kept = await client.runs.create(null, "chain", { input: { trail: ["k"] }, onCompletion: "keep", feedbackKeys: ["score"] });
  await client.runs.join(kept.thread_id, kept.run_id);
  const keptThread = await client.threads.get(kept.thread_id);
  return {
    atOnce,
    createdAhead: Date.parse(delayed.created_at) - before >= 900,
    ranAfter: Date.parse(joined.updated_at) - before >= 900,
    status: joined.status,
    keptTemporary: kept.kwargs.temporary,
    keptValues: keptThread.values,
    feedbackKeys: kept.kwargs.feedback_keys,
  };
});

await fact("threads.prune", async () => {
  const a = await client.threads.create();
  const b = await client.threads.create();
  await client.runs.wait(a.thread_id, "chain", { input: { trail: ["p"] } });
  const deleted = await client.threads.prune([a.thread_id, b.thread_id]);
  const c = await client.threads.create();
  await client.runs.wait(c.thread_id, "chain", { input: { trail: ["q"] } });
  const before = (await client.threads.getHistory(c.thread_id)).length;
  const kept = await client.threads.prune([c.thread_id, crypto.randomUUID()], { strategy: "keep_latest" });
  const after = await client.threads.getHistory(c.thread_id);
  return {
    deleted,
    getA: await status(client.threads.get(a.thread_id)),
    kept,
    before,
    after: after.length,
    values: after[0].values,
    stateValues: (await client.threads.getState(c.thread_id)).values,
  };
}, { recorded: false });

await fact("runs.cancel_many", async () => {
  const t1 = await client.threads.create();
  const t2 = await client.threads.create();
  const r1 = await client.runs.create(t1.thread_id, "slow", { input: { trail: ["A"] } });
  const r2 = await client.runs.create(t2.thread_id, "slow", { input: { trail: ["A"] } });
  const r3 = await client.runs.create(t2.thread_id, "slow", { input: { trail: ["B"] }, multitaskStrategy: "enqueue" });
  await pastFirstStep(t1.thread_id);
  const unknown = await status(client.runs.cancelMany({ runIds: [r1.run_id, crypto.randomUUID()] }));
  const stillRunning = (await client.runs.get(t1.thread_id, r1.run_id)).status;
  await client.runs.cancelMany({ runIds: [r1.run_id] });
  await client.runs.cancelMany({ threadId: t2.thread_id, status: "pending" });
  const r3status = (await client.runs.get(t2.thread_id, r3.run_id)).status;
  await pastFirstStep(t2.thread_id);
  await client.runs.cancelMany({ status: "running", threadId: t2.thread_id, action: "interrupt" });
  const statuses = [];
  for (const [t, r] of [[t1, r1], [t2, r2], [t2, r3]]) statuses.push((await client.runs.get(t.thread_id, r.run_id)).status);
  return {
    unknown,
    stillRunning,
    r3status,
    statuses,
    trail1: (await client.threads.getState(t1.thread_id)).values.trail,
    nothing: await status(client.runs.cancelMany({})),
  };
}, { recorded: false });

await fact("threads.join_stream", async () => {
  const thread = await client.threads.create();
  const controller = new AbortController();
  const seen = [];
  const reading = (async () => {
    try {
      for await (const part of client.threads.joinStream(thread.thread_id, { signal: controller.signal })) {
        seen.push([part.event, part.id ? part.id.replace(/^[^:]*:/, "") : null, part.event === "run_done" ? part.data.status : null]);
        if (seen.filter((e) => e[0] === "run_done").length === 2) controller.abort();
      }
    } catch (e) {
      if (!controller.signal.aborted) throw e;
    }
  })();
  await sleep(300);
  await client.runs.wait(thread.thread_id, "chain", { input: { trail: ["1"] } });
  await client.runs.wait(thread.thread_id, "chain", { input: { trail: ["2"] } });
  await reading;
  const lifecycle = [];
  const last = await client.runs.create(thread.thread_id, "chain", { input: { trail: ["3"] } });
  await client.runs.join(thread.thread_id, last.run_id);
  const replay = [];
  const c2 = new AbortController();
  try {
    for await (const part of client.threads.joinStream(thread.thread_id, { lastEventId: "-", streamMode: "lifecycle", signal: c2.signal })) {
      lifecycle.push(part.event);
      if (lifecycle.filter((e) => e === "run_done").length === 3) c2.abort();
    }
  } catch (e) {
    if (!c2.signal.aborted) throw e;
  }
  return { seen, lifecycle };
}, { recorded: false });

await fact("threads.storage", async () => {
  const thread = await client.threads.create();
  await client.runs.wait(thread.thread_id, "chain", { input: { trail: ["x"] } });
  const s = await fetch(`${url}/threads/${thread.thread_id}/storage`).then((r) => r.json());
  return {
    keys: Object.keys(s).sort(),
    channels: Object.keys(s.channels).sort(),
    positive: s.total_bytes > 0 && s.channels.trail.value_bytes > 0,
    sums: s.total_bytes === s.checkpoint_bytes + s.value_bytes + s.write_bytes,
    checkpoints: s.checkpoints,
  };
}, { recorded: false });

// ---------------------------------------------------------------- crons

await fact("crons", async (n) => {
  const thread = await client.threads.create();
  const stateless = await client.crons.create("chain", {
    schedule: "0 9 * * *",
    input: { trail: ["c"] },
    metadata: { team: "ops" },
    timezone: "Europe/Paris",
  });
  const onThread = await client.crons.createForThread(thread.thread_id, "chain", {
    schedule: "*/5 * * * *",
    input: { trail: ["t"] },
    endTime: "2099-01-01T00:00:00Z",
  });
  n.label(stateless.cron_id, "<cron:stateless>");
  n.label(onThread.cron_id, "<cron:thread>");
  const shape = Object.keys(stateless).sort();
  const nextHour = new Date(stateless.next_run_date).toLocaleString("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });
  const all = await client.crons.search({ sortBy: "created_at", sortOrder: "asc", limit: 100 });
  const byThread = await client.crons.search({ threadId: thread.thread_id });
  const byMeta = await client.crons.search({ metadata: { team: "ops" }, select: ["cron_id", "schedule"] });
  const count = await client.crons.count({ assistantId: "chain" });
  const disabled = await client.crons.update(onThread.cron_id, { enabled: false, endTime: "2098-01-01T00:00:00Z" });
  const enabledCount = await client.crons.count({ threadId: thread.thread_id });
  const onlyEnabled = await client.crons.search({ enabled: true, limit: 100 });
  await client.crons.delete(stateless.cron_id);
  const afterDelete = await client.crons.count({});
  return {
    shape,
    statelessThread: stateless.thread_id ?? null,
    onRunCompleted: stateless.on_run_completed,
    payload: stateless.payload,
    nextHour,
    threadCron: onThread.thread_id === thread.thread_id,
    endTime: onThread.end_time,
    searched: all.map((c) => c.cron_id),
    byThread: byThread.map((c) => c.cron_id),
    byMeta,
    count,
    disabled: { enabled: disabled.enabled, end_time: disabled.end_time },
    enabledCount,
    onlyEnabled: onlyEnabled.map((c) => c.cron_id).filter((id) => id === onThread.cron_id),
    afterDelete,
    badSchedule: await status(client.crons.create("chain", { schedule: "every day" })),
    unknownAssistant: await status(client.crons.create("nope", { schedule: "* * * * *" })),
    unknownThread: await status(client.crons.createForThread(crypto.randomUUID(), "chain", { schedule: "* * * * *" })),
    deleteAgain: await status(client.crons.delete(stateless.cron_id)),
  };
}, { recorded: false });

console.log(JSON.stringify({ facts, unrecorded }));
