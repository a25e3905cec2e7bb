/**
 * The built-in middleware, each with LangChain's behaviour and name: human in the loop,
 * summarization, model and tool call limits, model fallback, PII, a todo list and tool retries.
 * Parameters and results are non-null unless documented otherwise.
 */
package dev.switchboard.agent.middleware;
