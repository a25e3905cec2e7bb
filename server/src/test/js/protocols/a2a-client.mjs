// Drives a server's A2A endpoints with the official A2A JS SDK: its v1.0 client (found by the
// agent card) and its v0.3 JSON-RPC transport. Prints one JSON line of what it saw.
// Usage: node a2a-client.mjs <server url>
import { ClientFactory } from "@a2a-js/sdk/client";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { Role, TaskState } from "@a2a-js/sdk";

const [base] = process.argv.slice(2);
const out = {};

const part = (value) => typeof value === "string"
  ? { content: { $case: "text", value }, metadata: undefined, filename: "", mediaType: "" }
  : { content: { $case: "data", value }, metadata: undefined, filename: "", mediaType: "" };
const message = (parts, { contextId = "", taskId = "" } = {}) => ({
  message: {
    messageId: crypto.randomUUID(), role: Role.ROLE_USER, parts: parts.map(part), contextId, taskId,
    extensions: [], metadata: undefined, referenceTaskIds: [],
  },
  configuration: undefined, metadata: undefined, tenant: "",
});
const partView = (p) => p.content?.$case === "text" ? { text: p.content.value } : { data: p.content?.value };
const view = (t) => t?.status === undefined ? { message: (t?.parts ?? []).map(partView) } : {
  id: t.id, contextId: t.contextId, state: TaskState[t.status.state],
  status: (t.status.message?.parts ?? []).map(partView),
  artifacts: (t.artifacts ?? []).map((a) => a.parts.map(partView)),
  history: (t.history ?? []).map((m) => [m.role === Role.ROLE_USER ? "user" : "agent", ...m.parts.map(partView)]),
};
const attempt = async (f) => {
  try {
    return await f();
  } catch (e) {
    return { error: String(e.message ?? e) };
  }
};

const factory = new ClientFactory();
const notes = await factory.createFromUrl(base, "/.well-known/agent-card.json?assistant_id=notes");
const chat = await factory.createFromUrl(base, "/.well-known/agent-card.json?assistant_id=chat");
out.card = await (await fetch(new URL("/.well-known/agent-card.json?assistant_id=notes", base))).json();

out.done = view(await notes.sendMessage(message([{ topic: "tea", ask: false }])));
const asking = await notes.sendMessage(message([{ topic: "cats", ask: true }]));
out.asking = view(asking);
out.answered = view(await notes.sendMessage(message(["yes"], { contextId: asking.contextId, taskId: asking.id })));
out.again = await attempt(async () => view(await notes.sendMessage(message(["no"], { contextId: asking.contextId, taskId: asking.id }))));
out.got = view(await notes.getTask({ id: asking.id, tenant: "" }));
out.cancel = await attempt(async () => view(await notes.cancelTask({ id: asking.id, tenant: "", metadata: undefined })));
out.text = await attempt(async () => view(await notes.sendMessage(message(["write about tea"]))));
out.resubscribeEnded = await attempt(async () => {
  for await (const event of notes.resubscribeTask({ id: asking.id, tenant: "" })) {
    return event;
  }
  return null;
});
out.missing = await attempt(async () => view(await notes.getTask({ id: "nothing", tenant: "" })));

// a task whose run is still going (the gated graph waits in its second step) is canceled
const gated = await factory.createFromUrl(base, "/.well-known/agent-card.json?assistant_id=gated");
const going = await gated.sendMessage({
  ...message([{ trail: ["go"] }]),
  configuration: { acceptedOutputModes: [], taskPushNotificationConfig: undefined, historyLength: undefined, returnImmediately: true },
});
out.going = view(going);
// following it again: the task as it is now (its stream would go on until the run ends)
out.resubscribed = await attempt(async () => {
  for await (const event of gated.resubscribeTask({ id: going.id, tenant: "" })) {
    const value = event.payload?.value ?? event;
    return [event.payload?.$case ?? Object.keys(event)[0], value.id, TaskState[value.status?.state]];
  }
  return null;
});
out.canceled = await attempt(async () => view(await gated.cancelTask({ id: going.id, tenant: "", metadata: undefined })));
out.canceledGot = view(await gated.getTask({ id: going.id, tenant: "" }));

const hello = await chat.sendMessage(message(["hello"]));
out.chat = view(hello);
out.chat2 = view(await chat.sendMessage(message(["again"], { contextId: hello.contextId })));

out.stream = [];
for await (const event of notes.sendMessageStream(message([{ topic: "bees", ask: false }]))) {
  const kind = event.payload?.$case ?? Object.keys(event)[0];
  const value = event.payload?.value ?? event;
  out.stream.push([kind, TaskState[value.status?.state] ?? (value.artifact ? "artifact" : null)]);
}

// a task waiting for input answered through message/stream
const waiting = await notes.sendMessage(message([{ topic: "wasps", ask: true }]));
out.answeredStream = [];
for await (const event of notes.sendMessageStream(message(["fine"], { contextId: waiting.contextId, taskId: waiting.id }))) {
  const kind = event.payload?.$case ?? Object.keys(event)[0];
  const value = event.payload?.value ?? event;
  out.answeredStream.push([kind, value.id ?? value.taskId, TaskState[value.status?.state] ?? (value.artifact ? value.artifact.parts.map(partView) : null)]);
}
out.waitingId = waiting.id;

// a graph with messages: what the agent says reaches the stream as a working status while it runs
out.chatStream = [];
for await (const event of chat.sendMessageStream(message(["stream this"], { contextId: hello.contextId }))) {
  const kind = event.payload?.$case ?? Object.keys(event)[0];
  const value = event.payload?.value ?? event;
  const said = (value.status?.message?.parts ?? []).map(partView);
  out.chatStream.push([kind, TaskState[value.status?.state] ?? (value.artifact ? "artifact" : null), ...said]);
}

const legacy = new LegacyJsonRpcTransport({ endpoint: out.card.supportedInterfaces[0].url });
const old = await legacy.sendMessage(message([{ topic: "owls", ask: true }]));
out.v03 = view(old.payload?.value ?? old);
const oldId = (old.payload?.value ?? old).id;
const oldContext = (old.payload?.value ?? old).contextId;
const oldDone = await legacy.sendMessage(message(["sure"], { contextId: oldContext, taskId: oldId }));
out.v03done = view(oldDone.payload?.value ?? oldDone);

// message/stream in v0.3, on the graph with messages
out.v03stream = [];
const legacyChat = new LegacyJsonRpcTransport({ endpoint: new URL("/a2a/chat", base).toString() });
for await (const event of legacyChat.sendMessageStream(message(["old stream"]))) {
  const kind = event.payload?.$case ?? Object.keys(event)[0];
  const value = event.payload?.value ?? event;
  const said = (value.status?.message?.parts ?? []).map(partView);
  out.v03stream.push([kind, TaskState[value.status?.state] ?? (value.artifact ? "artifact" : null), ...said]);
}
console.log(JSON.stringify(out));
