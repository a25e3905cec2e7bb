package dev.switchboard.samples.functional;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Previous;
import dev.switchboard.annotation.Retry;
import dev.switchboard.annotation.Task;
import dev.switchboard.runtime.NodeContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A functional workflow, LangGraph's {@code entrypoint} and {@code task} in Java: the entrypoint
 * outlines an essay, writes its sections in parallel, asks a human to review it and returns it. The
 * processor generates {@code EssayWriterWorkflow} (the compiled graph) and {@code EssayWriterTasks}
 * (how the entrypoint calls its tasks). Every task call is recorded when it finishes, so when the
 * review resumes the entrypoint from its first line, possibly in another JVM, the outline and the
 * paragraphs come from their records: no section is written twice.
 */
public class EssayWriter {
    private final Consumer<String> written;

    /**
     * Creates the workflow.
     *
     * @param written told of every paragraph actually written (a model call, in a real workflow)
     */
    public EssayWriter(Consumer<String> written) {
        this.written = written;
    }

    @Task
    List<String> outline(String topic) {
        return List.of("Why " + topic, "How " + topic + " works", "Where " + topic + " goes next");
    }

    @Task
    @Retry(maxAttempts = 3, initialIntervalMillis = 100)
    String section(String title) {
        String paragraph = title + ": a paragraph about it.";
        written.accept(paragraph);
        return paragraph;
    }

    @Entrypoint(name = "essay")
    Essay write(String topic, EssayWriterTasks tasks, @Previous Essay previous, NodeContext ctx) {
        List<String> outline = tasks.outline(topic).join();
        List<CompletableFuture<String>> sections = new ArrayList<>();
        for (String title : outline) {
            sections.add(tasks.section(title)); // all sections at once
        }
        List<String> paragraphs = sections.stream().map(CompletableFuture::join).toList();
        ctx.emit("drafted " + paragraphs.size() + " sections"
                + (previous == null ? "" : " (the last essay on this thread was on " + previous.topic() + ")"));
        String verdict = ctx.interrupt("review the essay on " + topic, String.class);
        return new Essay(topic, outline, paragraphs, verdict);
    }
}
