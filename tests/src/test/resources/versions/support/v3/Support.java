package upgrade;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Migration;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;

/** Version 3: the subject is a Topic. */
@Graph(version = 3)
public class Support {
    @Migration(from = 2)
    static Chat fromV2(ChatV2 old) {
        Topic subject = old.subject() == null ? null : new Topic(old.subject(), old.subject().equals("billing"));
        return new Chat(old.messages(), subject, old.turns(), old.mood());
    }

    @Node
    @Edge(from = START)
    ChatUpdate classify(Chat s) {
        String name = s.messages().get(0).contains("refund") ? "billing" : "general";
        return ChatUpdate.of().subject(new Topic(name, name.equals("billing"))).turns(1);
    }

    @Node
    @Edge(from = "classify")
    ChatUpdate approve(Chat s, NodeContext ctx) {
        String verdict = ctx.interrupt("approve " + s.subject().name() + "?", String.class);
        return ChatUpdate.of().messages(List.of("approved: " + verdict));
    }

    @Node
    @Edge(from = "approve")
    ChatUpdate reply(Chat s) {
        String urgency = s.subject().urgent() ? "urgent " : "";
        return ChatUpdate.of()
                .messages(List.of("reply on " + urgency + s.subject().name() + ", mood " + s.mood().orElse("unknown")))
                .turns(s.turns() + 1);
    }

    /** Runs beside the review; its writes wait as pending writes while the review pauses. */
    @Node
    @Edge(from = "classify")
    ChatUpdate audit(Chat s) {
        return ChatUpdate.of().messages(List.of("audited by v3"));
    }
}
