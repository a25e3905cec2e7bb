// An A2A agent built on the official JS SDK's server (@a2a-js/sdk), for the Java client's tests.
// "table ..." asks for the number of people (input-required), then books; "fail" fails; anything
// else is greeted. It speaks A2A v1.0 JSON-RPC and, with legacy compat on, v0.3 too; the card lists
// the JSON-RPC interface at v1.0, or at 0.3 only with --v03. Prints "listening <port>".
import express from "express";
import { A2A_PROTOCOL_VERSION, AGENT_CARD_PATH, TaskState, Role } from "@a2a-js/sdk";
import { InMemoryTaskStore, DefaultRequestHandler, AgentEvent } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";

const v03 = process.argv.includes("--v03");
const port = Number(process.env.PORT || 0);

const textPart = (text) => ({ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" });
const textOf = (message) => message.parts.filter((p) => p.content?.$case === "text").map((p) => p.content.value).join(" ");

function status(taskId, contextId, state, text) {
  return AgentEvent.statusUpdate({
    taskId, contextId, metadata: {},
    status: {
      state, timestamp: new Date().toISOString(),
      message: text === undefined ? undefined : {
        role: Role.ROLE_AGENT, messageId: crypto.randomUUID(), parts: [textPart(text)], taskId, contextId,
        extensions: [], metadata: {}, referenceTaskIds: [],
      },
    },
  });
}

function artifact(taskId, contextId, text) {
  return AgentEvent.artifactUpdate({
    taskId, contextId, append: false, lastChunk: true, metadata: undefined,
    artifact: { artifactId: crypto.randomUUID(), name: "answer", description: "", parts: [textPart(text)], metadata: undefined, extensions: [] },
  });
}

class Executor {
  cancelTask = async () => {};

  async execute(ctx, bus) {
    const { taskId, contextId, userMessage, task } = ctx;
    const text = textOf(userMessage);
    if (!task) {
      bus.publish(AgentEvent.task({
        id: taskId, contextId, artifacts: [], history: [userMessage], metadata: {},
        status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: new Date().toISOString(), message: undefined },
      }));
    }
    bus.publish(status(taskId, contextId, TaskState.TASK_STATE_WORKING, "working"));
    if (task && task.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED) {
      bus.publish(artifact(taskId, contextId, `Booked a table for ${text} (context ${contextId}).`));
      bus.publish(status(taskId, contextId, TaskState.TASK_STATE_COMPLETED));
    } else if (text.startsWith("table")) {
      bus.publish(status(taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, "For how many people?"));
    } else if (text === "fail") {
      bus.publish(status(taskId, contextId, TaskState.TASK_STATE_FAILED, "the kitchen is closed"));
    } else {
      bus.publish(artifact(taskId, contextId, `Hello, ${text}!`));
      bus.publish(status(taskId, contextId, TaskState.TASK_STATE_COMPLETED));
    }
    bus.finished();
  }
}

const app = express();
const server = app.listen(port, "127.0.0.1", () => {
  const actual = server.address().port;
  const card = {
    name: "Table agent", description: "Greets, and books tables after asking how many people come.",
    supportedInterfaces: [{
      url: `http://127.0.0.1:${actual}/a2a/jsonrpc`, protocolBinding: "JSONRPC", tenant: "",
      protocolVersion: v03 ? "0.3" : A2A_PROTOCOL_VERSION,
    }],
    provider: undefined, version: "1.0.0",
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {}, securityRequirements: [], defaultInputModes: ["text"], defaultOutputModes: ["text"],
    skills: [{ id: "tables", name: "Tables", description: "Books tables", tags: [], examples: ["table for tonight"], inputModes: ["text"], outputModes: ["text"], securityRequirements: [] }],
    signatures: [],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new Executor());
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat: { enabled: true } }));
  app.use("/a2a/jsonrpc", jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }));
  console.log(`listening ${actual}`);
});
