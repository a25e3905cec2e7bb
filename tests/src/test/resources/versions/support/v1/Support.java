package upgrade;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;

/** Version 1: classify, then a human reviews, then reply. */
@Graph(version = 1)
public class Support {
    @Node
    @Edge(from = START)
    ChatUpdate classify(Chat s) {
        return ChatUpdate.of()
                .topic(s.messages().get(0).contains("refund") ? "billing" : "general")
                .turns(1);
    }

    @Node
    @Edge(from = "classify")
    ChatUpdate review(Chat s, NodeContext ctx) {
        String verdict = ctx.interrupt("approve " + s.topic() + "?", String.class);
        return ChatUpdate.of().messages(List.of("reviewed: " + verdict));
    }

    @Node
    @Edge(from = "review")
    ChatUpdate reply(Chat s) {
        return ChatUpdate.of().messages(List.of("reply on " + s.topic())).turns(s.turns() + 1);
    }

    /** Runs beside the review; its writes wait as pending writes while the review pauses. */
    @Node
    @Edge(from = "classify")
    ChatUpdate audit(Chat s) {
        return ChatUpdate.of().messages(List.of("audited by v1"));
    }
}
