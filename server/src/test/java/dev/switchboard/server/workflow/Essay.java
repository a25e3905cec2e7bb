package dev.switchboard.server.workflow;

import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Task;
import dev.switchboard.runtime.NodeContext;
import java.util.concurrent.atomic.AtomicInteger;

/** A functional workflow served like a graph: a task, then a review. */
public class Essay {
    /** How many times the draft task ran. */
    public final AtomicInteger drafts = new AtomicInteger();

    /** What the workflow returns. */
    public record Draft(String topic, String text, String verdict) {}

    @Task
    String draft(String topic) {
        drafts.incrementAndGet();
        return "On " + topic + ".";
    }

    @Entrypoint(name = "essay")
    Draft write(String topic, EssayTasks tasks, NodeContext ctx) {
        String text = tasks.draft(topic).join();
        String verdict = ctx.interrupt("review: " + text, String.class);
        return new Draft(topic, text, verdict);
    }
}
