package dev.switchboard.langchain4j.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.ToolSet;
import dev.switchboard.langchain4j.UnknownToolException;
import dev.switchboard.langchain4j.tools.TravelTools.Address;
import dev.switchboard.langchain4j.tools.TravelTools.Stop;
import dev.switchboard.langchain4j.tools.TravelTools.Unit;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A generated dispatcher end to end: arguments parsed into records, enums and lists, typed results, errors. */
class TravelToolsTest {
    private final TravelTools tools = new TravelTools();
    private final ToolSet set = new TravelToolsTools(tools);

    private String run(String name, String arguments) throws Exception {
        return set.execute(ToolExecutionRequest.builder()
                .id("call-1")
                .name(name)
                .arguments(arguments)
                .build());
    }

    private ToolArgumentsException badArguments(String name, String arguments) {
        return assertThrows(ToolArgumentsException.class, () -> run(name, arguments));
    }

    @Test
    void stringResultIsReturnedAsIsAndOptionalArgumentsMayBeLeftOut() throws Exception {
        assertEquals("sunny in Oslo", run("forecast", "{\"city\":\"Oslo\",\"unit\":\"CELSIUS\"}"));
        assertEquals("sunny in Rome", run("forecast", "{\"city\":\"Rome\",\"days\":3,\"unit\":\"FAHRENHEIT\"}"));
        assertEquals(
                List.of(List.of("Oslo", "null", Unit.CELSIUS), List.of("Rome", "3", Unit.FAHRENHEIT)), tools.calls);
    }

    @Test
    void nestedRecordsListsSetsAndArraysAreReadAndTheRecordResultIsWrittenAsJson() throws Exception {
        String result = run("book_trip", """
                {"stops":[{"city":"Oslo","address":{"street":"Main 1","zip":"0150"},"nights":2,"units":["CELSIUS"]},
                          {"city":"Rome","address":{"street":"Via 2"},"nights":1,"units":[]}],
                 "travellers":["ann","bob","ann"],"seats":[7,8]}
                """);
        List<Stop> stops = List.of(
                new Stop("Oslo", new Address("Main 1", Optional.of("0150")), 2, List.of(Unit.CELSIUS)),
                new Stop("Rome", new Address("Via 2", Optional.empty()), 1, List.of()));
        assertEquals(List.of(List.of(stops, Set.of("ann", "bob"), Optional.empty(), 2)), tools.calls);
        assertEquals(
                "{\"id\":\"b-1\",\"stops\":[{\"city\":\"Oslo\",\"address\":{\"street\":\"Main 1\",\"zip\":\"0150\"},"
                        + "\"nights\":2,\"units\":[\"CELSIUS\"]},{\"city\":\"Rome\",\"address\":{\"street\":\"Via 2\","
                        + "\"zip\":null},\"nights\":1,\"units\":[]}],\"prices\":{\"total\":12.50},\"note\":null,"
                        + "\"seats\":[7,8]}",
                result);
    }

    @Test
    void voidIsSuccessAndScalarsEnumsAndEmptyOptionalsAreJson() throws Exception {
        assertEquals("Success", run("reset", ""));
        assertEquals("Success", run("reset", "{}"));
        assertEquals(List.of("reset", "reset"), tools.calls);
        assertEquals("2.5", run("half", "{\"value\":5}"));
        assertEquals("3.0", run("half", "{\"value\":5,\"round\":true}"));
        assertEquals("\"FAHRENHEIT\"", run("coldest", "{\"units\":[\"FAHRENHEIT\",\"CELSIUS\"]}"));
        assertEquals("HELLO WORLD!", run("shout", "{\"mark\":\"!\",\"words\":[\"hello\",\"world\"]}"));
        assertEquals("null", run("nothing", null));
    }

    @Test
    void aMissingRequiredArgumentIsNamedWithItsPath() {
        assertEquals(
                "missing argument 'city'",
                badArguments("forecast", "{\"unit\":\"CELSIUS\"}").getMessage());
        assertEquals(
                "missing argument 'stops[0].address.street'",
                badArguments(
                                "book_trip",
                                "{\"stops\":[{\"city\":\"x\",\"address\":{},\"nights\":1,\"units\":[]}],"
                                        + "\"travellers\":[],\"seats\":[]}")
                        .getMessage());
        assertEquals(
                "missing argument 'city'",
                badArguments("forecast", "{\"city\":null,\"unit\":\"CELSIUS\"}").getMessage());
    }

    @Test
    void aValueOfTheWrongTypeSaysWhatWasExpected() {
        assertEquals(
                "argument 'days' must be an integer, got \"three\"",
                badArguments("forecast", "{\"city\":\"Oslo\",\"days\":\"three\",\"unit\":\"CELSIUS\"}")
                        .getMessage());
        assertEquals(
                "argument 'unit' must be one of [CELSIUS, FAHRENHEIT], got \"KELVIN\"",
                badArguments("forecast", "{\"city\":\"Oslo\",\"unit\":\"KELVIN\"}")
                        .getMessage());
        assertEquals(
                "argument 'days' must be an integer from -2147483648 to 2147483647, got 3000000000",
                badArguments("forecast", "{\"city\":\"Oslo\",\"days\":3000000000,\"unit\":\"CELSIUS\"}")
                        .getMessage());
        assertEquals(
                "argument 'words[1]' must be a string, got 2",
                badArguments("shout", "{\"mark\":\"!\",\"words\":[\"a\",2]}").getMessage());
        assertEquals(
                "argument 'mark' must be a string of one character, got \"!!\"",
                badArguments("shout", "{\"mark\":\"!!\",\"words\":[]}").getMessage());
        assertEquals(
                "argument 'units' must be a JSON array, got \"CELSIUS\"",
                badArguments("coldest", "{\"units\":\"CELSIUS\"}").getMessage());
    }

    @Test
    void argumentsThatAreNotAJsonObjectAreRejected() {
        ToolArgumentsException notJson = badArguments("forecast", "{\"city\": Oslo}");
        assertTrue(notJson.getMessage().startsWith("arguments are not valid JSON: "), notJson.getMessage());
        assertEquals(
                "arguments must be a JSON object, got [1]",
                badArguments("forecast", "[1]").getMessage());
    }

    @Test
    void anIntegralDoubleIsAnInteger() throws Exception {
        run("forecast", "{\"city\":\"Oslo\",\"days\":2.0,\"unit\":\"CELSIUS\"}");
        assertEquals(List.of(List.of("Oslo", "2", Unit.CELSIUS)), tools.calls);
        assertEquals(
                "argument 'days' must be an integer, got 2.5",
                badArguments("forecast", "{\"city\":\"Oslo\",\"days\":2.5,\"unit\":\"CELSIUS\"}")
                        .getMessage());
    }

    @Test
    void anUnknownToolIsAnUnknownToolException() {
        UnknownToolException e = assertThrows(UnknownToolException.class, () -> run("teleport", "{}"));
        assertEquals("unknown tool 'teleport'", e.getMessage());
    }

    @Test
    void theToolsOwnExceptionPropagates() {
        IOException e = assertThrows(IOException.class, () -> run("fail", "{\"reason\":\"disk full\"}"));
        assertEquals("disk full", e.getMessage());
    }

    @Test
    void optionalRecordComponentsAreDescribedByTheirValueAndNotRequired() {
        ToolSpecification book = set.specifications().get(1);
        assertEquals("book_trip", book.name());
        assertNull(book.description());
        JsonObjectSchema address = JsonObjectSchema.builder()
                .addProperty("street", JsonStringSchema.builder().build())
                .addProperty("zip", JsonStringSchema.builder().build())
                .required(List.of("street"))
                .build();
        JsonObjectSchema stop = JsonObjectSchema.builder()
                .addProperty("city", JsonStringSchema.builder().build())
                .addProperty("address", address)
                .addProperty("nights", JsonIntegerSchema.builder().build())
                .addProperty(
                        "units",
                        JsonArraySchema.builder()
                                .items(JsonEnumSchema.builder()
                                        .enumValues("CELSIUS", "FAHRENHEIT")
                                        .build())
                                .build())
                .required(List.of("city", "address", "nights", "units"))
                .build();
        JsonObjectSchema expected = JsonObjectSchema.builder()
                .addProperty("stops", JsonArraySchema.builder().items(stop).build())
                .addProperty(
                        "travellers",
                        JsonArraySchema.builder()
                                .items(JsonStringSchema.builder().build())
                                .build())
                .addProperty("note", JsonStringSchema.builder().build())
                .addProperty(
                        "seats",
                        JsonArraySchema.builder()
                                .items(JsonIntegerSchema.builder().build())
                                .build())
                .required(List.of("stops", "travellers", "seats"))
                .build();
        assertEquals(expected, book.parameters());
    }
}
