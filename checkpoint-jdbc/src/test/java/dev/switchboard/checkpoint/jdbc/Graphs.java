package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;

/** A transcript that grows by one message per superstep. */
record Transcript(@Reducer(Append.class) List<String> messages) {}

/** speak loops on itself until the transcript holds {@code steps} replies after the input. */
class Chatter {
    private final int steps;

    Chatter(int steps) {
        this.steps = steps;
    }

    @Node
    @Edge(from = START)
    TranscriptUpdate speak(Transcript s) {
        return TranscriptUpdate.of()
                .messages(List.of("reply " + s.messages().size() + ": the quick brown fox jumps over the lazy dog"));
    }

    @Route(
            from = "speak",
            to = {"speak", END})
    String again(Transcript s) {
        return s.messages().size() <= steps ? "speak" : END;
    }
}

/** A counter that every superstep increments once, and the run that wrote last. */
record Tally(@Reducer(Sum.class) int count, String who) {}

/** tick runs until the count is even: two supersteps per run that starts from an even count. */
class Ticker {
    @Node
    @Edge(from = START)
    TallyUpdate tick(Tally s) {
        return TallyUpdate.of().count(1);
    }

    @Route(
            from = "tick",
            to = {"tick", END})
    String more(Tally s) {
        return s.count() % 2 == 1 ? "tick" : END;
    }
}

/** A reducer total that one node bumps: the graph that reads a migrated version-0 checkpoint. */
record Total(@Reducer(Sum.class) int total) {}

/** bump adds 10. */
class Bumper {
    @Node
    @Edge(from = START)
    TotalUpdate bump(Total s) {
        return TotalUpdate.of().total(10);
    }
}
