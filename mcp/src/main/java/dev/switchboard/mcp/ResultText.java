package dev.switchboard.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * The text a model reads for an MCP tool result. Text blocks are kept as they are, one per line,
 * and an embedded text resource gives its text; images, audio, binary resources and resource links
 * are named in one bracketed line each (a tool result message holds text only). A result with no
 * content blocks but structured content reads as that content's compact JSON (the MCP spec asks
 * servers to send the same JSON as a text block too, so most results need no fallback).
 */
final class ResultText {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ResultText() {}

    static String of(McpSchema.CallToolResult result) {
        List<String> lines = new ArrayList<>();
        for (McpSchema.Content c : result.content()) {
            lines.add(line(c));
        }
        if (lines.isEmpty() && result.structuredContent() != null) {
            return JSON.writeValueAsString(result.structuredContent());
        }
        return String.join("\n", lines);
    }

    private static String line(McpSchema.Content c) {
        if (c instanceof McpSchema.TextContent t) {
            return t.text();
        }
        if (c instanceof McpSchema.ImageContent i) {
            return "[image " + i.mimeType() + ", " + bytes(i.data()) + " bytes, not shown]";
        }
        if (c instanceof McpSchema.AudioContent a) {
            return "[audio " + a.mimeType() + ", " + bytes(a.data()) + " bytes, not played]";
        }
        if (c instanceof McpSchema.ResourceLink link) {
            return "[resource link " + link.uri() + (link.name() == null ? "" : " (" + link.name() + ")") + "]";
        }
        if (c instanceof McpSchema.EmbeddedResource embedded) {
            McpSchema.ResourceContents r = embedded.resource();
            if (r instanceof McpSchema.TextResourceContents text) {
                return text.text();
            }
            if (r instanceof McpSchema.BlobResourceContents blob) {
                return "[resource " + blob.uri() + ", " + blob.mimeType() + ", " + bytes(blob.blob()) + " bytes]";
            }
            return "[resource " + r.uri() + "]";
        }
        return "[" + c.type() + " content]";
    }

    /** The decoded size of base64 data, without decoding it. */
    private static long bytes(String base64) {
        if (base64 == null) {
            return 0;
        }
        int n = base64.length();
        int pad = n > 0 && base64.charAt(n - 1) == '=' ? (n > 1 && base64.charAt(n - 2) == '=' ? 2 : 1) : 0;
        return n / 4L * 3 - pad;
    }
}
