package dev.switchboard.samples.approval;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.function.Consumer;

/**
 * A human-approval workflow: {@code write} drafts a post, {@code review} pauses the run until a
 * person approves it or asks for changes, {@code revise} redrafts with the feedback and goes back
 * to review, and {@code publish} runs once approved. The pause is a checkpoint: the decision can
 * come hours later, from another process.
 */
public class ApprovalFlow {
    private final Writer writer;
    private final Consumer<String> publisher;

    /**
     * Creates the nodes.
     *
     * @param writer drafts the text
     * @param publisher receives the approved text
     */
    public ApprovalFlow(Writer writer, Consumer<String> publisher) {
        this.writer = writer;
        this.publisher = publisher;
    }

    @Node
    @Edge(from = START)
    PostUpdate write(Post post) {
        return PostUpdate.of().draft(writer.draft(post.topic(), List.of())).status("drafted");
    }

    @Node
    @Edge(from = "write")
    @Edge(from = "revise")
    PostUpdate review(Post post, NodeContext ctx) {
        // Pauses the run here; on resume this node runs again and interrupt returns the decision.
        Decision decision = ctx.interrupt(new Review(post.draft(), post.revisions()), Decision.class);
        if (decision.approved()) {
            return PostUpdate.of().status("approved");
        }
        return PostUpdate.of().status("changes requested").feedback(List.of(decision.feedback()));
    }

    @Route(
            from = "review",
            to = {"publish", "revise"})
    String afterReview(Post post) {
        return "approved".equals(post.status()) ? "publish" : "revise";
    }

    @Node
    PostUpdate revise(Post post) {
        return PostUpdate.of()
                .draft(writer.draft(post.topic(), post.feedback()))
                .revisions(1)
                .status("revised");
    }

    @Node
    PostUpdate publish(Post post) {
        publisher.accept(post.draft());
        return PostUpdate.of().status("published");
    }
}
