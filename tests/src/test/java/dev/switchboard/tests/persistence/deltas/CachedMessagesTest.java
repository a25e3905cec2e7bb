package dev.switchboard.tests.persistence.deltas;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.cache.InMemoryNodeCache;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A conversation with a topic, which is all the cached node reads. */
record Topical(String topic, @Reducer(AddMessages.class) List<Message> messages) {}

/** What {@code advise} reads: only the topic, so its cache key does not grow with the conversation. */
record TopicOnly(String topic) {}

@Graph(state = Topical.class)
class Adviser {
    final AtomicInteger calls = new AtomicInteger();

    @Node
    @Edge(from = START)
    TopicalUpdate advise(TopicOnly t) {
        calls.incrementAndGet();
        return TopicalUpdate.of().messages(List.of(Message.ai("advice on " + t.topic())));
    }
}

/**
 * Ids are drawn where a message is written, but the node cache keeps what the node returned: a
 * cached reply reused in the same thread is appended again under a fresh id, as the node's own
 * return would be, rather than replacing the earlier copy (same id) in place.
 */
class CachedMessagesTest {
    @Test
    void aCachedReplyGetsAFreshIdEachTimeItIsWritten() {
        Adviser nodes = new Adviser();
        AdviserGraph graph = AdviserGraph.builder(nodes)
                .cachePolicy("advise", Duration.ZERO)
                .cache(new InMemoryNodeCache())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        graph.invoke(TopicalUpdate.of().topic("tea"), thread);
        List<Message> messages =
                graph.invoke(TopicalUpdate.of().topic("tea"), thread).value().messages();

        assertEquals(1, nodes.calls.get(), "the second reply came from the cache");
        assertEquals(2, messages.size(), "the cached reply was appended again: " + messages);
        assertEquals(messages.get(0).chat(), messages.get(1).chat());
        assertNotEquals(messages.get(0).id(), messages.get(1).id());
    }
}
