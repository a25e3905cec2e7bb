package dev.switchboard.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.OutputFormat;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.runtime.NodeException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Structured output with both strategies; a response that does not validate is sent back to the model. */
class StructuredOutputTest {
    record Forecast(String city, int celsius) {}

    /** A structured output the processor reads: nested records, enums, optional and described components. */
    @dev.switchboard.annotation.StructuredOutput(description = "A trip plan")
    record Trip(
            @dev.langchain4j.model.output.structured.Description("where to")
            String city,

            java.util.List<Stop> stops,
            java.util.Optional<String> note) {
        record Stop(String place, Pace pace) {}

        enum Pace {
            SLOW,
            FAST
        }
    }

    /** A hand-written format (the processor generates these for @StructuredOutput records). */
    static final OutputFormat<Forecast> FORECAST = new OutputFormat<>() {
        private final JsonMapper json = JsonMapper.builder().build();

        @Override
        public String name() {
            return "Forecast";
        }

        @Override
        public String description() {
            return "A forecast";
        }

        @Override
        public JsonObjectSchema schema() {
            return JsonObjectSchema.builder()
                    .addStringProperty("city")
                    .addIntegerProperty("celsius")
                    .required("city", "celsius")
                    .build();
        }

        @Override
        public Class<Forecast> type() {
            return Forecast.class;
        }

        @Override
        public Forecast parse(String text) {
            JsonNode n;
            try {
                n = json.readTree(text);
            } catch (RuntimeException e) {
                throw new ToolArgumentsException("the response is not JSON", e);
            }
            if (!n.path("celsius").isInt()) {
                throw new ToolArgumentsException("celsius: must be an integer, got " + n.path("celsius"), null);
            }
            return new Forecast(n.path("city").asString(), n.path("celsius").asInt());
        }

        @Override
        public String toJson(Forecast value) {
            return json.writeValueAsString(value);
        }
    };

    private static AgentStateUpdate ask() {
        return AgentStateUpdate.of().messages(List.of(Message.user("weather in Paris?")));
    }

    private static ToolExecutionRequest forecastCall(String args, String id) {
        return Models.call("Forecast", args, id);
    }

    @Test
    void theToolStrategyRequiresTheToolAndSendsValidationErrorsBack() {
        AtomicInteger n = new AtomicInteger();
        Models.Scripted model = new Models.Scripted(messages -> n.getAndIncrement() == 0
                ? AiMessage.from(List.of(forecastCall("{\"city\":\"Paris\",\"celsius\":\"warm\"}", "s1")))
                : AiMessage.from(List.of(forecastCall("{\"city\":\"Paris\",\"celsius\":21}", "s2"))));
        Agent<Forecast> agent = Agent.builder(model).responseFormat(FORECAST).build();
        AgentState<Forecast> out = agent.invoke(ask()).value();
        assertEquals(new Forecast("Paris", 21), out.structuredResponse().orElseThrow());
        ChatRequest first = model.requests.get(0);
        assertEquals(ToolChoice.REQUIRED, first.toolChoice());
        assertEquals(
                List.of("Forecast"),
                first.toolSpecifications().stream().map(t -> t.name()).toList());
        List<Message> m = out.messages();
        assertEquals(6, m.size(), "question, bad call, its error, good call, its result, closing message");
        ToolExecutionResultMessage error = (ToolExecutionResultMessage) m.get(2).chat();
        assertEquals(Boolean.TRUE, error.isError());
        assertTrue(
                error.text().startsWith("Failed to parse structured output for tool 'Forecast':\n  - celsius"),
                error.text());
        assertEquals(
                "{\"city\":\"Paris\",\"celsius\":21}",
                ((ToolExecutionResultMessage) m.get(4).chat()).text());
        assertEquals(
                "Returning structured response: {\"city\":\"Paris\",\"celsius\":21}",
                ((AiMessage) m.get(5).chat()).text());
    }

    @Test
    void aGeneratedFormatDescribesAndReadsTheRecordAndNamesWhatIsWrong() {
        AtomicInteger n = new AtomicInteger();
        Models.Scripted model = new Models.Scripted(messages -> n.getAndIncrement() == 0
                ? AiMessage.from(List.of(Models.call(
                        "Trip", "{\"city\":\"Rome\",\"stops\":[{\"place\":\"Forum\",\"pace\":\"RUN\"}]}", "s1")))
                : AiMessage.from(List.of(Models.call(
                        "Trip", "{\"city\":\"Rome\",\"stops\":[{\"place\":\"Forum\",\"pace\":\"SLOW\"}]}", "s2"))));
        AgentState<Trip> out = Agent.builder(model)
                .responseFormat(StructuredOutputTest_TripFormat.INSTANCE)
                .build()
                .invoke(ask())
                .value();
        assertEquals(
                new Trip("Rome", List.of(new Trip.Stop("Forum", Trip.Pace.SLOW)), java.util.Optional.empty()),
                out.structuredResponse().orElseThrow());
        String error = ((ToolExecutionResultMessage) out.messages().get(2).chat()).text();
        assertTrue(error.contains("stops[0].pace"), error);
        var spec = model.requests.get(0).toolSpecifications().get(0);
        assertEquals("A trip plan", spec.description());
        assertEquals(List.of("city", "stops"), spec.parameters().required());
        assertEquals(
                "{\"city\":\"Rome\",\"stops\":[{\"place\":\"Forum\",\"pace\":\"SLOW\"}],\"note\":null}",
                ((ToolExecutionResultMessage) out.messages().get(4).chat()).text());
    }

    @Test
    void theToolStrategyCanFailInsteadOfAskingAgain() {
        Models.Scripted model =
                new Models.Scripted(messages -> AiMessage.from(List.of(forecastCall("{\"celsius\":\"x\"}", "s1"))));
        Agent<Forecast> agent = Agent.builder(model)
                .responseFormat(StructuredOutput.tool(FORECAST).failOnError())
                .build();
        NodeException e = assertThrows(NodeException.class, () -> agent.invoke(ask()));
        assertInstanceOf(StructuredOutputException.class, e.getCause());
        assertEquals(1, model.calls.get());
    }

    /** A model that says it can answer in a JSON schema: the provider strategy is chosen for it. */
    static final class JsonSchemaModel extends Models.Scripted {
        JsonSchemaModel(String answer) {
            super(messages -> AiMessage.from(answer));
        }

        @Override
        public Set<Capability> supportedCapabilities() {
            return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        }
    }

    @Test
    void theProviderStrategyAsksForTheSchemaAndReadsTheReply() {
        JsonSchemaModel model = new JsonSchemaModel("{\"city\":\"Oslo\",\"celsius\":3}");
        AgentState<Forecast> out = Agent.builder(model)
                .responseFormat(FORECAST)
                .build()
                .invoke(ask())
                .value();
        assertEquals(new Forecast("Oslo", 3), out.structuredResponse().orElseThrow());
        ChatRequest request = model.requests.get(0);
        assertEquals(ResponseFormatType.JSON, request.responseFormat().type());
        assertEquals("Forecast", request.responseFormat().jsonSchema().name());
        assertEquals(2, out.messages().size());
    }

    @Test
    void aProviderReplyThatDoesNotValidateFailsTheRun() {
        Agent<Forecast> agent = Agent.builder(new JsonSchemaModel("{\"city\":\"Oslo\"}"))
                .responseFormat(FORECAST)
                .build();
        NodeException e = assertThrows(NodeException.class, () -> agent.invoke(ask()));
        assertInstanceOf(StructuredOutputException.class, e.getCause());
    }
}
