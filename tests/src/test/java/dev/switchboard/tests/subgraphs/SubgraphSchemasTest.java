package dev.switchboard.tests.subgraphs;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parent's state, and (by inference) each subgraph's: one list all of them append to. */
record Journal(@Reducer(Append.class) List<String> log, String summary) {}

/** What {@link Summarizer} gives back: the summary, not the list it read. */
record SummaryOnly(String summary) {}

/** What {@link Noter} reads: not the parent's list, which its own list therefore starts without. */
record NoLog(String summary) {}

/** No schema: reads the parent's log and gives all of it back, LangGraph's re-append. */
class Echo {
    @Node
    @Edge(from = START)
    JournalUpdate note(Journal t) {
        return JournalUpdate.of().log(List.of("echo"));
    }
}

/** Reads the log, gives back only a summary. */
@Graph(output = SummaryOnly.class)
class Summarizer {
    @Node
    @Edge(from = START)
    JournalUpdate summarize(Journal t) {
        return JournalUpdate.of().log(List.of("summarized")).summary(t.log().size() + " entries");
    }
}

/** Never reads the parent's log, so what it gives back is only its own entries. */
@Graph(input = NoLog.class)
class Noter {
    @Node
    @Edge(from = START)
    JournalUpdate note(Journal t) {
        return JournalUpdate.of().log(List.of("noted"));
    }
}

@Graph(state = Journal.class)
class EchoParent {
    private final EchoGraph child = EchoGraph.builder(new Echo()).build();

    @SuppressWarnings("switchboard:subgraph-reappend") // the behaviour under test
    @Node
    @Edge(from = START)
    EchoGraph echo() {
        return child;
    }
}

@Graph(state = Journal.class)
class SummarizerParent {
    private final SummarizerGraph child =
            SummarizerGraph.builder(new Summarizer()).build();

    @Node
    @Edge(from = START)
    SummarizerGraph summarizer() {
        return child;
    }
}

@Graph(state = Journal.class)
class NoterParent {
    private final NoterGraph child = NoterGraph.builder(new Noter()).build();

    @Node
    @Edge(from = START)
    NoterGraph noter() {
        return child;
    }
}

/**
 * What a subgraph node writes back through the parent's append reducer, without and with the
 * schemas the {@code SUBGRAPH_REAPPEND} warning suggests (README, "Subgraphs").
 */
class SubgraphSchemasTest {
    private final JournalUpdate input = JournalUpdate.of().log(List.of("a", "b"));

    @Test
    void withoutSchemasTheParentsEntriesAreAppendedAgain() {
        Journal out =
                EchoParentGraph.builder(new EchoParent()).build().invoke(input).value();
        assertEquals(List.of("a", "b", "a", "b", "echo"), out.log());
    }

    @Test
    void anOutputRecordWithoutTheListWritesBackOnlyWhatItNames() {
        Journal out = SummarizerParentGraph.builder(new SummarizerParent())
                .build()
                .invoke(input)
                .value();
        assertEquals(List.of("a", "b"), out.log());
        assertEquals("2 entries", out.summary());
    }

    @Test
    void anInputRecordWithoutTheListWritesBackOnlyTheChildsEntries() {
        Journal out = NoterParentGraph.builder(new NoterParent())
                .build()
                .invoke(input)
                .value();
        assertEquals(List.of("a", "b", "noted"), out.log());
    }
}
