/**
 * Not API: what only {@code switchboard-langchain4j} itself uses (the tool results {@code ToolNode}
 * records as durable steps). It may change in any release; no other module and no generated code
 * may import it: generated code calls {@code dev.switchboard.langchain4j.spi}.
 */
package dev.switchboard.langchain4j.internal;
