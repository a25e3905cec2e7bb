package dev.switchboard.samples.platform;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.UiMessage;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.UiMessages;
import java.util.List;

/**
 * The platform sample's state: the city asked about, the reports written, and the UI messages a
 * client renders as components (LangGraph's {@code ui} channel, reduced by {@link UiMessages}).
 *
 * @param city the city
 * @param reports one line per forecast
 * @param ui the cards to show
 */
public record Forecast(
        String city,
        @Reducer(Append.class) List<String> reports,
        @Reducer(UiMessages.class) List<UiMessage> ui) {}
