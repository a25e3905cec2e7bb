package upgrade;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;

/** Version 2: the review node is now approve. */
@Graph(version = 2)
public class Support {
    @Node
    @Edge(from = START)
    ChatUpdate classify(Chat s) {
        return ChatUpdate.of()
                .subject(s.messages().get(0).contains("refund") ? "billing" : "general")
                .turns(1);
    }

    @Node(renamedFrom = "review")
    @Edge(from = "classify")
    ChatUpdate approve(Chat s, NodeContext ctx) {
        String verdict = ctx.interrupt("approve " + s.subject() + "?", String.class);
        return ChatUpdate.of().messages(List.of("approved: " + verdict));
    }

    @Node
    @Edge(from = "approve")
    ChatUpdate reply(Chat s) {
        return ChatUpdate.of()
                .messages(List.of("reply on " + s.subject() + ", mood " + s.mood().orElse("unknown")))
                .turns(s.turns() + 1);
    }

    /** Runs beside the review; its writes wait as pending writes while the review pauses. */
    @Node
    @Edge(from = "classify")
    ChatUpdate audit(Chat s) {
        return ChatUpdate.of().messages(List.of("audited by v2"));
    }
}
