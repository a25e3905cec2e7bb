package dev.switchboard.agent.middleware;

import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Tools for the built-in middleware's tests: each records its calls. */
@Tools
final class OfficeTools {
    final List<String> ran = new CopyOnWriteArrayList<>();

    @Tool("Send an email")
    String send_email(String to, String body) {
        ran.add("send_email:" + to);
        return "sent to " + to;
    }

    @Tool("Delete a file")
    String delete_file(String path) {
        ran.add("delete_file:" + path);
        return "deleted " + path;
    }

    @Tool("Look something up")
    String lookup(String q) {
        ran.add("lookup:" + q);
        return "found " + q;
    }
}
