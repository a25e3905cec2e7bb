package dev.switchboard.agent;

import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Tools for the agent's tests: each records its calls. */
@Tools
final class EchoTools {
    final List<String> ran = new CopyOnWriteArrayList<>();

    @Tool("Echoes its text")
    String echo(String text) {
        ran.add("echo:" + text);
        return "echo " + text;
    }

    @Tool("Fails")
    String fail(String why) {
        ran.add("fail:" + why);
        throw new IllegalStateException(why);
    }
}
