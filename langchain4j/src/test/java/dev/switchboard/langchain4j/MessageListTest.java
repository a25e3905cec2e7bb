package dev.switchboard.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.data.message.UserMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lists {@link AddMessages} builds: appends share one array and index, yet every list keeps
 * exactly its own messages and sees only its own ids, also when an older list is appended to again
 * (a fork of the conversation).
 */
class MessageListTest {
    private static Message m(String id) {
        return Message.of(id, UserMessage.from("text of " + id));
    }

    @Test
    void appendsShareStorageButEachListKeepsItsOwnMessagesAndIds() {
        MessageList a = MessageList.ofDistinct(List.of(m("1"), m("2")));
        MessageList b = a.append(List.of(m("3")));
        MessageList fork = a.append(List.of(m("4"), m("5")));

        assertEquals(List.of(m("1"), m("2")), a);
        assertEquals(List.of(m("1"), m("2"), m("3")), b);
        assertEquals(List.of(m("1"), m("2"), m("4"), m("5")), fork);
        assertEquals(-1, a.indexOfId("3"));
        assertEquals(2, b.indexOfId("3"));
        assertEquals(-1, fork.indexOfId("3"));
        assertEquals(3, fork.indexOfId("5"));
        assertEquals(1, fork.indexOfId("2"));
        assertThrows(UnsupportedOperationException.class, () -> b.add(m("6")));
        assertThrows(IndexOutOfBoundsException.class, () -> a.get(2));
    }

    @Test
    void aListWithTwoMessagesOfOneIdIsNotOne() {
        assertNull(MessageList.ofDistinct(List.of(m("1"), m("1"))));
    }

    @Test
    void theReducerAppendsTheSameWayInAThousandStepsAndReplacesAndRemovesOnTop() {
        AddMessages reducer = new AddMessages();
        List<Message> value = reducer.empty();
        List<Message> expected = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            value = reducer.reduce(value, List.of(m("m" + i)));
            expected.add(m("m" + i));
        }
        assertInstanceOf(MessageList.class, value);
        assertEquals(expected, value);
        // An older value written to again is a fork: the newer one is unchanged.
        List<Message> older = value;
        List<Message> replaced = reducer.reduce(value, List.of(Message.of("m3", UserMessage.from("edited"))));
        List<Message> removed = reducer.reduce(value, List.of(Message.remove("m0")));
        assertEquals(expected, older);
        assertEquals(Message.of("m3", UserMessage.from("edited")), replaced.get(3));
        assertEquals(1000, replaced.size());
        assertEquals(expected.subList(1, 1000), removed);
        List<Message> appendedToReplaced = reducer.reduce(replaced, List.of(m("new")));
        assertEquals(1001, appendedToReplaced.size());
        assertEquals(m("new"), appendedToReplaced.get(1000));
        assertEquals(1000, ((MessageList) appendedToReplaced).indexOfId("new"));
    }
}
