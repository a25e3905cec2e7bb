/**
 * Tools without reflection: reads a {@code @Tools} class's LangChain4j {@code @Tool} methods into
 * a model, checks it, and generates {@code <Class>Tools}, a {@code ToolSet} with each tool's
 * specification and a {@code switch} that parses arguments and calls the method. LangChain4j's
 * annotations are read by qualified name: the processor does not depend on LangChain4j. The
 * generated code calls {@code dev.switchboard.langchain4j.spi} (see {@code ToolNames}).
 */
package dev.switchboard.processor.tools;
