import { StateGraph, Annotation, MessagesAnnotation, START, END, interrupt } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { tool } from "@langchain/core/tools";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { typedUi } from "@langchain/langgraph-sdk/react-ui/server";
import { z } from "zod";

type Item = string | number;
const TrailState = Annotation.Root({
  trail: Annotation<Item[], Item[] | Item>({
    reducer: (cur: Item[], upd: Item[] | Item) => cur.concat(Array.isArray(upd) ? upd : [upd]),
    default: () => [],
  }),
});
const lastText = (messages: BaseMessage[]) => {
  const last = messages[messages.length - 1];
  return last == null ? "" : typeof last.content === "string" ? last.content : JSON.stringify(last.content);
};
export const chat = new StateGraph(MessagesAnnotation)
  .addNode("model", async (state) => {
    const model = new FakeStreamingChatModel({ sleep: 1, chunks: [{ content: "echo" }, { content: ": " }, { content: lastText(state.messages) }] as any });
    return { messages: [await model.invoke(state.messages)] };
  })
  .addEdge(START, "model").addEdge("model", END).compile();

const weather = tool(async ({ city }: { city: string }) => { if (city === "Atlantis") throw new Error("no such city"); return "sunny in " + city; },
  { name: "weather", description: "weather of a city", schema: z.object({ city: z.string() }) });
export const agent = new StateGraph(MessagesAnnotation)
  .addNode("model", async (state) => {
    const last = state.messages[state.messages.length - 1];
    if (last.getType() === "tool") {
      const model = new FakeStreamingChatModel({ sleep: 1, chunks: [{ content: "it is " }, { content: String(last.content) }] as any });
      return { messages: [await model.invoke(state.messages)] };
    }
    const city = lastText(state.messages);
    const model = new FakeStreamingChatModel({ sleep: 1, chunks: [
      { content: [{ type: "reasoning", reasoning: "the user ", index: 0 }] },
      { content: [{ type: "reasoning", reasoning: "wants weather", index: 0 }] },
      { content: [{ type: "tool_call_chunk", id: "call_1", name: "weather", args: JSON.stringify({ city }), index: 1 }] },
    ] as any });
    return { messages: [await model.invoke(state.messages)] };
  })
  .addNode("tools", new ToolNode([weather], { handleToolErrors: true }))
  .addEdge(START, "model")
  .addConditionalEdges("model", (s) => ((s.messages[s.messages.length - 1] as AIMessage).tool_calls?.length ? "tools" : END), ["tools", END])
  .addEdge("tools", "model").compile();

export const approval = new StateGraph(TrailState)
  .addNode("draft", () => ({ trail: ["draft"] }))
  .addNode("review", () => ({ trail: ["approved:" + interrupt({ question: "ok?" })] }))
  .addEdge(START, "draft").addEdge("draft", "review").addEdge("review", END).compile();

const inner = new StateGraph(TrailState)
  .addNode("step", (_s, config) => { config.writer?.({ progress: "inner" }); return { trail: ["inner"] }; })
  .addEdge(START, "step").addEdge("step", END).compile();
export const nested = new StateGraph(TrailState)
  .addNode("outer", () => ({ trail: ["outer"] }))
  .addNode("child", inner)
  .addEdge(START, "outer").addEdge("outer", "child").addEdge("child", END).compile();

// LangGraph's ui_message_reducer: replace (or merge props) by id, remove-ui drops, new ids append.
const uiMessageReducer = (left: any[], right: any) => {
  const merged = left.slice();
  for (const msg of Array.isArray(right) ? right : [right]) {
    const i = merged.findIndex((m) => m.id === msg.id);
    if (msg.type === "remove-ui") { if (i >= 0) merged.splice(i, 1); continue; }
    if (i >= 0) merged[i] = msg.metadata?.merge ? { ...msg, props: { ...merged[i].props, ...msg.props } } : msg;
    else merged.push(msg);
  }
  return merged;
};
const UiState = Annotation.Root({
  ...MessagesAnnotation.spec,
  ui: Annotation({ reducer: uiMessageReducer as any, default: () => [] }),
});
export const genui = new StateGraph(UiState)
  .addNode("show", async (_s, config) => {
    const ui = typedUi(config);
    ui.push({ id: "card-1", name: "weather", props: { city: "Paris" } });
    ui.push({ id: "card-1", name: "weather", props: { temp: 21 } }, { merge: true });
    ui.push({ id: "card-2", name: "note", props: { text: "bye" } });
    ui.delete("card-2");
    return { messages: [new AIMessage({ id: "ai-1", content: "here" })] };
  })
  .addEdge(START, "show").addEdge("show", END).compile();
