package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.ToolsSources.source;
import static dev.switchboard.processor.ToolsSources.withSeam;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The golden of a generated {@code ToolSet}, as {@link GoldenFilesTest} keeps for the other kinds;
 * regenerate it the same way ({@code -Dtest=ToolsGoldenTest -Dgolden.update=true}).
 */
class ToolsGoldenTest {
    private static final JavaFileObject WEATHER = source("Weather", """
            @Tools
            public class Weather {
                public enum Unit { C, F }

                public record Place(String name, Optional<String> zip, int[] codes) {}

                @Tool({"Forecasts the weather", "for a place"})
                String forecast(@P("the place") Place place, @P(value = "days", required = false) int days,
                        Optional<Unit> unit) { return ""; }

                @Tool(name = "nearby")
                public Map<String, List<Place>> near(char initial) { return Map.of(); }

                @Tool
                static void reset() {}
            }
            """);

    @Test
    void weatherToolsMatchesItsGolden() throws IOException {
        Compilation c = withSeam(WEATHER);
        assertThat(c).succeededWithoutWarnings();
        String actual = generated(c, "test.WeatherTools");
        if (Boolean.getBoolean("golden.update")) {
            Path dir = Path.of("src", "test", "resources", "golden");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("WeatherTools.java"), actual, StandardCharsets.UTF_8);
            return;
        }
        try (InputStream in = ToolsGoldenTest.class.getResourceAsStream("/golden/WeatherTools.java")) {
            assertNotNull(in, "no golden WeatherTools.java; run with -Dgolden.update=true to create it");
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual);
        }
    }
}
