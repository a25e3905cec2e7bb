/**
 * Agents with middleware, LangChain's {@code createAgent} on Switchboard: {@link
 * dev.switchboard.agent.Agent}, the {@link dev.switchboard.agent.AgentMiddleware} contract and the
 * types its hooks see and return, and structured output. Parameters and results are non-null unless
 * documented otherwise.
 */
package dev.switchboard.agent;
