package dev.switchboard.langchain4j.tools;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.switchboard.annotation.Tools;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Tools the dispatch tests call: they record their arguments and return typed results. */
@Tools
class TravelTools {
    enum Unit {
        CELSIUS,
        FAHRENHEIT
    }

    record Address(String street, Optional<String> zip) {}

    record Stop(String city, Address address, int nights, List<Unit> units) {}

    record Booking(String id, List<Stop> stops, Map<String, BigDecimal> prices, Optional<String> note, int[] seats) {}

    final List<Object> calls = new ArrayList<>();

    @Tool("Returns the weather forecast")
    String forecast(@P("the city") String city, @P(value = "days ahead", required = false) Integer days, Unit unit) {
        calls.add(List.of(city, String.valueOf(days), unit));
        return "sunny in " + city;
    }

    @Tool(name = "book_trip")
    Booking book(List<Stop> stops, Set<String> travellers, Optional<String> note, long[] seats) {
        calls.add(List.of(stops, travellers, note, seats.length));
        int[] taken = new int[seats.length];
        for (int i = 0; i < seats.length; i++) {
            taken[i] = (int) seats[i];
        }
        return new Booking("b-1", stops, Map.of("total", new BigDecimal("12.50")), note, taken);
    }

    @Tool
    void reset() {
        calls.add("reset");
    }

    @Tool
    double half(double value, @P(value = "round", required = false) boolean round) {
        return round ? Math.round(value / 2) : value / 2;
    }

    @Tool
    Unit coldest(Unit[] units) {
        return units[0];
    }

    @Tool
    static String shout(char mark, String... words) {
        return String.join(" ", words).toUpperCase() + mark;
    }

    @Tool
    String fail(String reason) throws IOException {
        throw new IOException(reason);
    }

    @Tool
    Optional<Address> nothing() {
        return Optional.empty();
    }
}
