// Recorded oracle for tests/.../conformance/crosscutting (expected: cross-cutting.json next to this file).
// Not part of shared/conformance: copy it into shared/conformance/scenarios/ as 90-cross-cutting.mjs
// (it imports ./_lib.mjs from there) and run `node scenarios/90-cross-cutting.mjs` after `npm ci`.
// Recorded with the versions pinned in shared/conformance/package.json (@langchain/langgraph 1.7.3).
// Cross-cutting rules 1, 2, 6 and 7 of the README, recorded on small graphs of their own.
import { StateGraph, Annotation, START, END, Command, Send } from "@langchain/langgraph";
import { emit, collect, appendReducer, tracer } from "./_lib.mjs";

const State = Annotation.Root({
  value: Annotation(),
  trail: Annotation({ reducer: appendReducer, default: () => [] }),
});

// Rules 1+2, Command form (as 13 goto_sends): router -> goto [Send worker 1, Send worker 2, "after"].
const t1 = tracer();
const gotoSends = new StateGraph(State)
  .addNode("router", () => (t1.log("router"), new Command({ goto: [new Send("worker", { n: 1 }), new Send("worker", { n: 2 }), "after"] })), { ends: ["worker", "after"] })
  .addNode("worker", (p) => (t1.log(`worker${p.n}`), { trail: [`worker${p.n}`] }))
  .addNode("after", () => (t1.log("after"), { trail: ["after"] }))
  .addEdge(START, "router")
  .compile();

// Rules 1+2, edge form: split -> conditional Sends to worker, plus a static edge split -> zeta.
// zeta sorts after worker by name, but pull tasks still come first.
const t2 = tracer();
const edgeSends = new StateGraph(State)
  .addNode("split", () => (t2.log("split"), { trail: ["split"] }))
  .addNode("worker", (p) => (t2.log(`worker${p.n}`), { trail: [`worker${p.n}`] }))
  .addNode("zeta", () => (t2.log("zeta"), { trail: ["zeta"] }))
  .addEdge(START, "split")
  .addConditionalEdges("split", () => [new Send("worker", { n: 1 }), new Send("worker", { n: 2 })], ["worker"])
  .addEdge("split", "zeta")
  .compile();

// Rules 6+7: quiet returns {}, hop returns a goto-only Command.
const quiet = new StateGraph(State)
  .addNode("a", (s) => ({ value: `${s.value ?? ""}a`, trail: ["a"] }))
  .addNode("quiet", () => ({}))
  .addNode("hop", () => new Command({ goto: "b" }), { ends: ["b"] })
  .addNode("b", (s) => ({ value: `${s.value}b`, trail: ["b"] }))
  .addEdge(START, "a")
  .addEdge("a", "quiet")
  .addEdge("quiet", "hop")
  .compile();

emit({
  scenario: "cross-cutting",
  goto_sends: {
    result: await gotoSends.invoke({ trail: ["in"] }),
    trace: t1.get(),
    stream_updates: await collect(gotoSends.stream({ trail: ["in"] }, { streamMode: "updates" })),
    stream_values: await collect(gotoSends.stream({ trail: ["in"] }, { streamMode: "values" })),
  },
  edge_sends: {
    result: await edgeSends.invoke({ trail: ["in"] }),
    trace: t2.get(),
    stream_updates: await collect(edgeSends.stream({ trail: ["in"] }, { streamMode: "updates" })),
  },
  quiet: {
    result: await quiet.invoke({ value: "x" }),
    stream_values: await collect(quiet.stream({ value: "x" }, { streamMode: "values" })),
    stream_updates: await collect(quiet.stream({ value: "x" }, { streamMode: "updates" })),
    stream_values_empty_input: await collect(quiet.stream({}, { streamMode: "values" })),
    stream_both: await collect(quiet.stream({ value: "x" }, { streamMode: ["updates", "values"] })),
  },
});
