package dev.switchboard.samples.memory;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.store.Namespace;
import java.util.Locale;
import java.util.Optional;

/**
 * An agent with long-term memory: {@code learn} stores a preference the user states ("I like
 * green tea") under {@code ("users", <id>, "prefs")}, and {@code answer} uses what is stored,
 * whichever thread (conversation) it was learned in. Threads keep their own checkpoints; the store
 * is shared by all of them.
 */
public class PreferenceAgent {
    private static final String LIKE = "i like ";

    static Namespace prefs(String user) {
        return Namespace.of("users", user, "prefs");
    }

    @Node
    @Edge(from = START)
    TurnUpdate learn(Turn turn, NodeContext ctx) {
        String message = turn.message().toLowerCase(Locale.ROOT);
        if (message.startsWith(LIKE)) {
            ctx.store().put(prefs(turn.user()), "drink", new Preference(message.substring(LIKE.length())));
        }
        return TurnUpdate.of();
    }

    @Node
    @Edge(from = "learn")
    TurnUpdate answer(Turn turn, NodeContext ctx) {
        Optional<Preference> pref = ctx.store().get(prefs(turn.user()), "drink", Preference.class);
        if (turn.message().toLowerCase(Locale.ROOT).startsWith(LIKE)) {
            return TurnUpdate.of().reply("Noted, I will remember that.");
        }
        return TurnUpdate.of()
                .reply(pref.map(p -> "How about " + p.drink() + ", as you told me?")
                        .orElse("What do you like to drink?"));
    }
}
