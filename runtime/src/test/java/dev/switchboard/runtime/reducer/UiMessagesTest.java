package dev.switchboard.runtime.reducer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.UiMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link UiMessages} reduces as LangGraph's {@code ui_message_reducer}. */
class UiMessagesTest {
    private final UiMessages reducer = new UiMessages();

    @Test
    void newIdsAppendShownIdsReplaceInPlaceOrMergeTheirProps() {
        UiMessage a = UiMessage.of("weather", Map.of("city", "Paris")).withId("a");
        UiMessage b = UiMessage.of("note", Map.of("text", "hi")).withId("b");
        List<UiMessage> shown = reducer.reduce(reducer.empty(), List.of(a, b));
        assertEquals(List.of("a", "b"), shown.stream().map(UiMessage::id).toList());

        UiMessage merged =
                UiMessage.of("weather", Map.of("temp", 21)).withId("a").merging();
        List<UiMessage> after = reducer.reduce(shown, List.of(merged));
        assertEquals(Map.of("city", "Paris", "temp", 21), after.get(0).props());
        assertEquals("b", after.get(1).id());

        UiMessage replaced = UiMessage.of("weather", Map.of("temp", 5)).withId("a");
        assertEquals(
                Map.of("temp", 5),
                reducer.reduce(after, List.of(replaced)).get(0).props());
    }

    @Test
    void aRemovalTakesTheMessageOutAndRemovingAnUnknownIdIsAnError() {
        UiMessage a = UiMessage.of("weather", Map.of()).withId("a");
        UiMessage b = UiMessage.of("note", Map.of()).withId("b");
        List<UiMessage> left = reducer.reduce(List.of(a), List.of(b, UiMessage.remove("a")));
        assertEquals(List.of("b"), left.stream().map(UiMessage::id).toList());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> reducer.reduce(List.of(a), List.of(UiMessage.remove("zz"))));
        assertEquals("Attempting to delete an UI message with an ID that doesn't exist ('zz')", e.getMessage());
    }

    @Test
    void aRemovalThenAPushOfTheSameIdKeepsIt() {
        UiMessage a = UiMessage.of("weather", Map.of()).withId("a");
        List<UiMessage> out = reducer.reduce(List.of(a), List.of(UiMessage.remove("a"), a));
        assertEquals(List.of("a"), out.stream().map(UiMessage::id).toList());
    }
}
