package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.ToolsSources.source;
import static dev.switchboard.processor.ToolsSources.withSeam;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @Tools} classes: one test per diagnostic, each on the offending element, and the positive
 * twin.
 */
class ToolsDiagnosticsTest {
    private static Compilation failsOnce(JavaFileObject... sources) {
        Compilation c = withSeam(sources);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        return c;
    }

    @Test
    void withoutSwitchboardLangchain4jTheDependencyIsNamed() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(String city) { return city; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.TOOLS_DEPENDENCY_MISSING.format(
                        "Weather",
                        "test.WeatherTools",
                        "dev.switchboard.langchain4j.ToolSet",
                        "dev.switchboard:switchboard-langchain4j"),
                s,
                "@Tools");
    }

    @Test
    void aToolsClassWithoutToolMethods() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    String forecast(String city) { return city; }
                }
                """);
        assertError(failsOnce(s), Message.TOOLS_WITHOUT_TOOL.format("Weather"), s, "@Tools");
    }

    @Test
    void aPrivateToolsClass() {
        JavaFileObject s = source("Outer", """
                class Outer {
                    @Tools
                    private static class Weather {
                        @Tool String forecast(String city) { return city; }
                    }
                }
                """);
        assertError(
                failsOnce(s), Message.TOOLS_CLASS_PRIVATE.format("Weather", "Outer_WeatherTools"), s, "class Weather");
    }

    @Test
    void aGenericToolsClass() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather<T> {
                    @Tool String forecast(String city) { return city; }
                }
                """);
        assertError(failsOnce(s), Message.TOOLS_CLASS_GENERIC.format("Weather"), s, "class Weather");
    }

    @Test
    void aPrivateToolMethod() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool private String forecast(String city) { return city; }
                }
                """);
        assertError(failsOnce(s), Message.TOOL_METHOD_PRIVATE.format("forecast", "WeatherTools"), s, "forecast(");
    }

    @Test
    void aDuplicateNameIsReportedOnTheSecondToolsName() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(String city) { return city; }
                    @Tool(name = "forecast") String outlook(String city) { return city; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_DUPLICATE_NAME.format("forecast", "forecast", "outlook"),
                s,
                "outlook",
                "\"forecast\"");
    }

    @Test
    void overloadsShareTheMethodNameAndAreReportedOnTheSecondTool() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(String city) { return city; }
                    @Tool("by days") String forecast(String city, int days) { return city; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_DUPLICATE_NAME.format("forecast", "forecast", "forecast"),
                s,
                "by days",
                "@Tool");
    }

    @Test
    void aNameModelProvidersReject() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool(name = "get weather") String forecast(String city) { return city; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_INVALID_NAME.format("get weather", "forecast"),
                s,
                "forecast(",
                "\"get weather\"");
    }

    @Test
    void aClassThatIsNotARecordIsNotAnArgument() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(String city, Thread worker) { return city; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_UNSUPPORTED_PARAMETER.format(
                        "worker",
                        "forecast",
                        "Thread",
                        "",
                        "it is neither a record, an enum nor a JDK type with a JSON form; make it a record"),
                s,
                "forecast(",
                "worker");
    }

    @Test
    void mapKeysMustBeStringsAndTheNestedTypeIsNamed() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(
                            List<Map<Integer, String>> byDay) { return ""; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_UNSUPPORTED_PARAMETER.format(
                        "byDay",
                        "forecast",
                        "List<Map<Integer,String>>",
                        " (in it, Map<Integer,String>)",
                        "JSON object keys are strings, so a map's keys must be String"),
                s,
                "byDay");
    }

    @Test
    void aRecursiveRecordIsNotAnArgument() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    record Region(String name, List<Region> parts) {}
                    @Tool String forecast(
                            Region region) { return ""; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_UNSUPPORTED_PARAMETER.format(
                        "region",
                        "forecast",
                        "test.Weather.Region",
                        "",
                        "record Region contains itself, and a tool's schema describes records inline"),
                s,
                "Region region");
    }

    @Test
    void optionalOnlyWhereAValueMayBeLeftOut() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(
                            List<Optional<String>> cities) { return ""; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_UNSUPPORTED_PARAMETER.format(
                        "cities",
                        "forecast",
                        "List<Optional<String>>",
                        " (in it, Optional<String>)",
                        "Optional is allowed only as a parameter or a record component"),
                s,
                "cities");
    }

    @Test
    void aPrivateRecordCannotBeNamedByTheDispatcher() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    private record Place(String name) {}
                    @Tool String forecast(
                            Place place) { return ""; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_UNSUPPORTED_PARAMETER.format(
                        "place",
                        "forecast",
                        "test.Weather.Place",
                        "",
                        "it is private, and the generated dispatcher must name it; make it package-private"),
                s,
                "Place place");
    }

    @Test
    void aResultWithoutAJsonForm() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool java.util.concurrent.CompletableFuture<String> forecast(String city) { return null; }
                }
                """);
        assertError(
                failsOnce(s),
                Message.TOOL_UNSUPPORTED_RESULT.format(
                        "forecast",
                        "CompletableFuture<String>",
                        "",
                        "it is neither a record, an enum nor a JDK type with a JSON form; make it a record"),
                s,
                "forecast(");
    }

    @Test
    void aHandWrittenClassOfTheGeneratedName() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(String city) { return city; }
                }
                """);
        JavaFileObject mine = source("WeatherTools", "class WeatherTools {}");
        assertError(
                failsOnce(s, mine),
                Message.NAME_COLLISION.format("test.WeatherTools", "test.Weather"),
                s,
                "class Weather");
    }

    @Test
    void everyMistakeOfAClassIsReportedInOneCompilation() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool private String forecast(String city) { return city; }
                    @Tool(name = "forecast") String outlook(Thread city) { return ""; }
                }
                """);
        Compilation c = withSeam(s);
        assertThat(c).hadErrorCount(3);
    }

    @Test
    void positiveTwinCompilesWithoutWarningsAndDispatchesBySwitch() {
        JavaFileObject s = source("Weather", """
                @Tools
                public class Weather {
                    public enum Unit { C, F }
                    public record Place(@dev.langchain4j.model.output.structured.Description("its name") String name,
                            Optional<String> zip, int[] codes) {}
                    @Tool("Forecast") String forecast(@P("the place") Place place, @P(value = "d", required = false) int days,
                            Optional<Unit> unit, Map<String, List<Place>> near, java.math.BigDecimal[] amounts) { return ""; }
                    @Tool(name = "places") public List<Place> places(char c) { return List.of(); }
                    @Tool static void reset() {}
                }
                """);
        Compilation c = withSeam(s);
        assertThat(c).succeededWithoutWarnings();
        String code = generated(c, "test.WeatherTools");
        assertThat(code).contains("public final class WeatherTools implements ToolSet");
        assertThat(code).contains("case \"places\": return call1(ToolArguments.parse(request.arguments()));");
        assertThat(code).contains("Weather.reset();");
        assertThat(code).doesNotContain("java.lang.reflect");
        assertThat(code)
                .contains(".addProperty(\"name\", JsonStringSchema.builder().description(\"its name\").build())");
    }
}
