package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.ToolsSources.withSeam;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @StructuredOutput} records: one test per diagnostic, each on the offending element, and the
 * positive twin, whose generated format compiles against the real seam of switchboard-langchain4j.
 */
class StructuredOutputDiagnosticsTest {
    private static final String HEADER = """
            package test;

            import dev.langchain4j.model.output.structured.Description;
            import dev.switchboard.annotation.StructuredOutput;
            import java.util.List;
            import java.util.Map;
            import java.util.Optional;

            """;

    private static JavaFileObject source(String simpleName, String body) {
        return JavaFileObjects.forSourceString("test." + simpleName, HEADER + body);
    }

    private static Compilation failsOnce(JavaFileObject s) {
        Compilation c = withSeam(s);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        return c;
    }

    @Test
    void aRecordGetsAFormat() {
        JavaFileObject s = source("Report", """
                @StructuredOutput(description = "A weather report")
                record Report(@Description("the city") String city, int celsius, Optional<String> advice,
                        List<Day> days, Map<String, Integer> scores, Kind kind) {
                    record Day(String name, double rain) {}
                    enum Kind { SHORT, LONG }
                }
                """);
        Compilation c = withSeam(s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.ReportFormat");
    }

    @Test
    void withoutSwitchboardLangchain4jTheDependencyIsNamed() {
        JavaFileObject s = source("Report", """
                @StructuredOutput
                record Report(String city) {}
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.STRUCTURED_OUTPUT_DEPENDENCY_MISSING.format(
                        "Report",
                        "test.ReportFormat",
                        "dev.switchboard.langchain4j.OutputFormat",
                        "dev.switchboard:switchboard-langchain4j"),
                s,
                "@StructuredOutput");
    }

    @Test
    void aClassIsNotAStructuredOutput() {
        JavaFileObject s = source("Report", """
                @StructuredOutput
                class Report { String city; }
                """);
        assertError(
                failsOnce(s), Message.STRUCTURED_OUTPUT_NOT_RECORD.format("Report", "Report"), s, "@StructuredOutput");
    }

    @Test
    void aPrivateRecord() {
        JavaFileObject s = source("Outer", """
                class Outer {
                    @StructuredOutput
                    private record Report(String city) {}
                }
                """);
        assertError(
                failsOnce(s),
                Message.STRUCTURED_OUTPUT_PRIVATE.format("Report", "Outer_ReportFormat"),
                s,
                "private record Report");
    }

    @Test
    void aGenericRecord() {
        JavaFileObject s = source("Report", """
                @StructuredOutput
                record Report<T>(T value) {}
                """);
        assertError(failsOnce(s), Message.STRUCTURED_OUTPUT_GENERIC.format("Report"), s, "record Report");
    }

    @Test
    void aNameModelProvidersRejectIsReportedOnTheName() {
        JavaFileObject s = source("Report", """
                @StructuredOutput(name = "weather report")
                record Report(String city) {}
                """);
        assertError(
                failsOnce(s),
                Message.STRUCTURED_OUTPUT_INVALID_NAME.format("weather report", "Report"),
                s,
                "weather report");
    }

    @Test
    void aComponentTheModelCannotWriteIsReportedOnTheComponent() {
        JavaFileObject s = source("Report", """
                @StructuredOutput
                record Report(String city,
                        Object payload) {}
                """);
        assertError(
                failsOnce(s),
                Message.STRUCTURED_OUTPUT_UNSUPPORTED_COMPONENT.format(
                        "payload",
                        "Report",
                        "Object",
                        "",
                        "it is neither a record, an enum nor a JDK type with a JSON form; make it a record"),
                s,
                "Object payload");
    }
}
