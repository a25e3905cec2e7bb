package dev.switchboard.tests.persistence.deltas;

import static dev.switchboard.annotation.Graph.START;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.reducer.ReduceFunction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A conversation stored as deltas: LangChain4j messages under {@code add_messages}, and notes under
 * a reducer of the test's own that appends, replaces by id and removes ({@link Notes}).
 */
record Talk(
        @Reducer(AddMessages.class) List<Message> messages,
        @Reducer(Notes.class) List<Note> notes) {}

/**
 * A note; {@code id} empty until its write is prepared; {@code remove} deletes the note of that id.
 */
record Note(String id, String text, boolean remove) {
    static Note of(String text) {
        return new Note("", text, false);
    }

    static Note removal(String id) {
        return new Note(id, "", true);
    }
}

/**
 * The general rule, in a reducer written by a user: a note written without an id gets a random one
 * where it is written ({@link #prepareWrite}); reduce replaces a note of a known id in place,
 * removes on a removal, appends the rest. Deterministic once ids are given, so it accumulates.
 */
final class Notes implements ReduceFunction<List<Note>> {
    public Notes() {}

    @Override
    public List<Note> prepareWrite(List<Note> update) {
        List<Note> out = new ArrayList<>(update.size());
        for (Note n : update) {
            out.add(n.id().isEmpty() ? new Note(UUID.randomUUID().toString(), n.text(), n.remove()) : n);
        }
        return List.copyOf(out);
    }

    @Override
    public List<Note> reduce(List<Note> current, List<Note> update) {
        Map<String, Note> byId = new LinkedHashMap<>();
        current.forEach(n -> byId.put(n.id(), n));
        for (Note n : update) {
            if (n.remove()) {
                byId.remove(n.id());
            } else {
                byId.put(n.id(), n);
            }
        }
        return List.copyOf(byId.values());
    }

    @Override
    public List<Note> empty() {
        return List.of();
    }

    @Override
    public boolean accumulates() {
        return true;
    }
}

/** The subgraph: appends an echo of the last message, replaces the first note, twice. */
@Graph(state = Talk.class)
class Echo {
    @Node
    @Edge(from = START)
    TalkUpdate echo(Talk t) {
        String last = text(t.messages().get(t.messages().size() - 1));
        TalkUpdate u = TalkUpdate.of().messages(List.of(Message.ai("echo: " + last)));
        if (!t.notes().isEmpty()) {
            Note first = t.notes().get(0);
            u = u.notes(List.of(new Note(first.id(), first.text() + "'", false)));
        }
        return u;
    }

    @Route(
            from = "echo",
            to = {"echo", Graph.END})
    String again(Talk t) {
        return text(t.messages().get(t.messages().size() - 1)).startsWith("echo: echo: ") ? Graph.END : "echo";
    }

    static String text(Message m) {
        if (m.chat() instanceof UserMessage u) {
            return u.singleText();
        }
        if (m.chat() instanceof AiMessage a) {
            return a.text();
        }
        return m.chat() instanceof SystemMessage s ? s.text() : "";
    }
}

/**
 * The graph: {@code reply} answers the last message (a new AI message, a new note, and every
 * third turn removes the oldest note), then the {@code echo} subgraph runs.
 */
@Graph(state = Talk.class)
class Talker {
    private final EchoGraph echo = EchoGraph.builder(new Echo()).build();

    @Node
    @Edge(from = START)
    TalkUpdate reply(Talk t) {
        String last = t.messages().isEmpty()
                ? "nothing"
                : Echo.text(t.messages().get(t.messages().size() - 1));
        List<Note> notes = new ArrayList<>();
        notes.add(Note.of("turn of " + t.messages().size() + " messages"));
        if (t.messages().size() % 3 == 0 && !t.notes().isEmpty()) {
            notes.add(Note.removal(t.notes().get(0).id()));
        }
        return TalkUpdate.of()
                .messages(List.of(Message.ai("re: " + last.substring(0, Math.min(60, last.length())))))
                .notes(notes);
    }

    @Node
    @Edge(from = "reply")
    EchoGraph echo() {
        return echo;
    }
}
