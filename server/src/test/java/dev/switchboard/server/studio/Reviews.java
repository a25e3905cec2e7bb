package dev.switchboard.server.studio;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Map;

/** START -> draft, then legal and style in parallel, each interrupting for an answer. */
public class Reviews {
    @Node
    @Edge(from = START)
    TallyUpdate draft(Tally s) {
        return TallyUpdate.of().log(List.of("draft:" + s.topic()));
    }

    @Node
    @Edge(from = "draft")
    TallyUpdate legal(Tally s, NodeContext ctx) {
        Object answer = ctx.interrupt(Map.of("question", "legal ok?"));
        return TallyUpdate.of().log(List.of("legal:" + answer));
    }

    @Node
    @Edge(from = "draft")
    TallyUpdate style(Tally s, NodeContext ctx) {
        Object answer = ctx.interrupt(Map.of("question", "style ok?"));
        return TallyUpdate.of().log(List.of("style:" + answer));
    }
}
