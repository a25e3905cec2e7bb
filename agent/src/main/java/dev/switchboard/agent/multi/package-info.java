/**
 * Teams of agents, as LangGraph's multi-agent libraries build them: a {@link
 * dev.switchboard.agent.multi.Supervisor} that hands work to workers, a {@link
 * dev.switchboard.agent.multi.Swarm} whose agents hand the conversation to each other with typed
 * {@link dev.switchboard.agent.multi.Handoff}s, and {@link dev.switchboard.agent.multi.SubAgentTool},
 * an agent called as another's tool. Each agent of a team runs as a subgraph: checkpointed,
 * interruptible, and served like any graph.
 */
package dev.switchboard.agent.multi;
