package dev.switchboard.langchain4j;

import dev.langchain4j.data.image.Image;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.runtime.serde.SerdeException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The stored form of a user message's name and contents: text and image parts, each tagged. */
final class UserContents {
    private static final String WHAT = "USER message content";

    private UserContents() {}

    static void write(UserMessage u, ObjectNode o) {
        if (u.name() != null) {
            o.put("name", u.name());
        }
        if (!u.attributes().isEmpty()) {
            o.set("attributes", o.pojoNode(u.attributes()));
        }
        ArrayNode contents = o.putArray("contents");
        for (Content c : u.contents()) {
            ObjectNode part = contents.addObject();
            if (c instanceof TextContent t) {
                part.put("text", t.text());
            } else if (c instanceof ImageContent i) {
                writeImage(i, part);
            } else {
                throw new SerdeException(
                        "cannot store a user message with " + c.type() + " content: only TEXT and"
                                + " IMAGE contents have a stored form",
                        null);
            }
            part.put("type", c.type().name());
        }
    }

    private static void writeImage(ImageContent i, ObjectNode part) {
        Image image = i.image();
        ObjectNode img = part.putObject("image");
        if (image.url() != null) {
            img.put("url", image.url().toString());
        }
        if (image.base64Data() != null) {
            img.put("base64Data", image.base64Data());
        }
        if (image.mimeType() != null) {
            img.put("mimeType", image.mimeType());
        }
        if (image.revisedPrompt() != null) {
            img.put("revisedPrompt", image.revisedPrompt());
        }
        part.put("detailLevel", i.detailLevel().name());
    }

    static UserMessage read(JsonNode node) {
        List<Content> contents = new ArrayList<>();
        for (JsonNode part : StoredJson.array(node, "contents", "USER message")) {
            StoredJson.object(part, WHAT);
            String type = StoredJson.string(part, "type", WHAT);
            contents.add(
                    switch (type) {
                        case "TEXT" -> TextContent.from(StoredJson.string(part, "text", WHAT));
                        case "IMAGE" -> readImage(part);
                        default ->
                            throw new SerdeException(
                                    "stored " + WHAT + " has unknown type \"" + type
                                            + "\"; known types are [IMAGE, TEXT]",
                                    null);
                    });
        }
        if (contents.isEmpty()) {
            throw new SerdeException("stored USER message has no contents", null);
        }
        String name = StoredJson.optionalString(node, "name", "USER message");
        Map<String, Object> attributes = StoredJson.plainObject(node, "attributes", "USER message");
        return UserMessage.builder()
                .name(name)
                .contents(contents)
                .attributes(attributes)
                .build();
    }

    private static ImageContent readImage(JsonNode part) {
        JsonNode img = StoredJson.object(part.get("image"), "image");
        String url = StoredJson.optionalString(img, "url", "image");
        Image.Builder b = Image.builder()
                .base64Data(StoredJson.optionalString(img, "base64Data", "image"))
                .mimeType(StoredJson.optionalString(img, "mimeType", "image"))
                .revisedPrompt(StoredJson.optionalString(img, "revisedPrompt", "image"));
        if (url != null) {
            b.url(URI.create(url));
        }
        String level = StoredJson.optionalString(part, "detailLevel", WHAT);
        return ImageContent.from(b.build(), level == null ? ImageContent.DetailLevel.LOW : detail(level));
    }

    private static ImageContent.DetailLevel detail(String level) {
        for (ImageContent.DetailLevel d : ImageContent.DetailLevel.values()) {
            if (d.name().equals(level.toUpperCase(Locale.ROOT))) {
                return d;
            }
        }
        throw new SerdeException("stored image has unknown detailLevel \"" + level + "\"", null);
    }
}
