// The graphs platform-sdk.mjs was recorded against on LangGraph.js's server: the conformance
// suite's chain, slow and approval (see shared/server-conformance/graphs/graphs.ts), and nested,
// shaped as the Java fixture studio.Nested: prep -> middle; middle runs m1 -> counter; counter
// runs plus -> twice.
export { chain, slow, approval } from "../graphs/graphs.ts";
import { StateGraph, Annotation, START, END } from "@langchain/langgraph";

const Tally = Annotation.Root({
  topic: Annotation<string>(),
  n: Annotation<number>(),
  log: Annotation<string[], string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});
const counter = new StateGraph(Tally)
  .addNode("plus", (s) => ({ n: (s.n ?? 0) + 1, log: ["plus"] }))
  .addNode("twice", (s) => ({ n: s.n * 2, log: ["twice"] }))
  .addEdge(START, "plus").addEdge("plus", "twice").addEdge("twice", END)
  .compile();
const middle = new StateGraph(Tally)
  .addNode("m1", () => ({ log: ["m1"] }))
  .addNode("counter", counter)
  .addEdge(START, "m1").addEdge("m1", "counter").addEdge("counter", END)
  .compile();
export const nested = new StateGraph(Tally)
  .addNode("prep", () => ({ log: ["prep"] }))
  .addNode("middle", middle)
  .addEdge(START, "prep").addEdge("prep", "middle").addEdge("middle", END)
  .compile();
