package dev.switchboard.samples.platform;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.UiMessage;
import java.util.List;
import java.util.Map;

/**
 * The graph the platform sample serves: one node that forecasts the city's weather in the units of
 * the run's context, signed by the station its assistant's config names, and pushes a weather card
 * for the client to render (generative UI). The forecast is a fixed table: the sample prints the
 * same every time.
 */
@Graph(context = Units.class)
public class Weather {
    private static final Map<String, Integer> CELSIUS = Map.of("Paris", 21, "Oslo", 12);

    @Node
    @Edge(from = START)
    ForecastUpdate forecast(Forecast s, Units units, NodeContext ctx) {
        int c = CELSIUS.getOrDefault(s.city(), 18);
        boolean f = units != null && "fahrenheit".equals(units.units());
        String temp = f ? Math.round(c * 9 / 5.0 + 32) + "°F" : c + "°C";
        Object station = ctx.config().configurable().getOrDefault("station", "central");
        UiMessage card = ctx.pushUi(
                UiMessage.of("weather", Map.of("city", s.city(), "temp", temp)).withId("card-" + s.city()));
        return ForecastUpdate.of()
                .reports(List.of(s.city() + ": " + temp + " (" + station + ")"))
                .ui(List.of(card));
    }
}
