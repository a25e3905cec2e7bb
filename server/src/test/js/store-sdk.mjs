// Drives a server's /store endpoints through LangGraph's own JS client (@langchain/langgraph-sdk)
// and prints what it saw as one JSON line. Run from a folder whose node_modules holds the SDK:
//   node store-sdk.mjs http://127.0.0.1:2024
import { Client } from "@langchain/langgraph-sdk";

const client = new Client({ apiUrl: process.argv[2] });
const store = client.store;
const out = {};

await store.putItem(["sdk", "u1"], "k1", { v: 1, kind: "a" });
await store.putItem(["sdk", "u1"], "k2", { v: 2, kind: "b" });
await store.putItem(["sdk", "u2"], "k1", { v: 3, kind: "a" });

const item = await store.getItem(["sdk", "u1"], "k1");
out.get = {
  namespace: item.namespace,
  key: item.key,
  value: item.value,
  datesParse: !Number.isNaN(Date.parse(item.createdAt)) && !Number.isNaN(Date.parse(item.updatedAt)),
};
out.missing = await store.getItem(["sdk", "u1"], "nope");
const found = await store.searchItems(["sdk"], { filter: { kind: "a" }, limit: 5 });
out.search = found.items.map((i) => `${i.namespace.join(".")}/${i.key}=${i.value.v}`);
const ranged = await store.searchItems(["sdk"], { filter: { v: { $gt: 1 } }, offset: 1 });
out.searchOffset = ranged.items.map((i) => i.key + "@" + i.namespace[1]);
out.namespaces = (await store.listNamespaces({ prefix: ["sdk"] })).namespaces;
out.depth1 = (await store.listNamespaces({ maxDepth: 1 })).namespaces;
await store.deleteItem(["sdk", "u1"], "k1");
out.afterDelete = await store.getItem(["sdk", "u1"], "k1");
try {
  await store.putItem(["sdk"], "bad", { x: 1 }, { ttl: -1 });
  out.badTtl = "accepted";
} catch (e) {
  out.badTtl = e.status;
}
console.log(JSON.stringify(out));
