/**
 * Generation: turns a valid model into JavaPoet files. {@link
 * dev.switchboard.processor.generate.UpdateGenerator} writes {@code XUpdate}, {@link
 * dev.switchboard.processor.generate.ChannelsGenerator} {@code XChannels}, {@link
 * dev.switchboard.processor.generate.GraphGenerator} {@code XGraph} (with its Mermaid diagram and
 * JSON Schemas); {@link dev.switchboard.processor.generate.SourceWriter} stamps and writes them all
 * the same way.
 */
package dev.switchboard.processor.generate;
