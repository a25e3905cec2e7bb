/**
 * The LLM layer on LangChain4j: chat messages with ids in graph state, tools dispatched without
 * reflection, model nodes with token streaming and a prebuilt ReAct agent.
 */
package dev.switchboard.langchain4j;
