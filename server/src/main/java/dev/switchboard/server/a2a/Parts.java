package dev.switchboard.server.a2a;

import dev.switchboard.server.wire.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** The text and data parts of a message, in either spelling ({@code kind} or not). */
record Parts(List<String> texts, List<JsonNode> data) {

    static Parts of(JsonNode parts) {
        List<String> texts = new ArrayList<>();
        List<JsonNode> data = new ArrayList<>();
        for (JsonNode p : parts) {
            if (p.has("text")) {
                texts.add(p.get("text").asString());
            } else if (p.has("data")) {
                data.add(p.get("data"));
            }
        }
        if (texts.isEmpty() && data.isEmpty()) {
            throw new Tasks.Failure(Tasks.INVALID_PARAMS, "the message has no text or data part");
        }
        return new Parts(List.copyOf(texts), List.copyOf(data));
    }

    String text() {
        return String.join("\n", texts);
    }

    /** What answers an interrupt: the data part (or parts), else the text. */
    JsonNode answer() {
        if (data.isEmpty()) {
            return Json.tree(text());
        }
        return data.size() == 1 ? data.get(0) : Json.tree(data);
    }

    /** A message content's text: a string, or the text blocks of a list. */
    static String text(JsonNode content) {
        if (content.isString()) {
            return content.asString();
        }
        List<String> out = new ArrayList<>();
        content.forEach(b -> {
            if ("text".equals(b.path("type").asString("")) || b.has("text")) {
                out.add(b.path("text").asString(""));
            }
        });
        return String.join("", out);
    }
}
