package dev.switchboard.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.ToolsSources.source;
import static dev.switchboard.processor.ToolsSources.withSeamSources;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A {@code @Tools} class whose tool takes a record another processor generates in the same
 * compilation waits for the round that has it, instead of reporting it as unsupported.
 */
class ToolsDeferralTest {

    /** Generates {@code test.Place} in the first round, as any other processor might. */
    static final class PlaceGenerator extends AbstractProcessor {
        private boolean done;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!done) {
                done = true;
                try (Writer w =
                        processingEnv.getFiler().createSourceFile("test.Place").openWriter()) {
                    w.write("package test; public record Place(String name, java.util.List<Integer> codes) {}");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }

    @Test
    void aRecordGeneratedInALaterRoundIsReadOnceItExists() {
        JavaFileObject s = source("Weather", """
                @Tools
                class Weather {
                    @Tool String forecast(Place place, List<Place> around) { return place.name(); }
                }
                """);
        Compilation c = javac().withProcessors(new SwitchboardProcessor(), new PlaceGenerator())
                .compile(withSeamSources(s));
        assertThat(c).succeeded();
        String code = generated(c, "test.WeatherTools");
        assertThat(code).contains("Place a0 = readPlace(ToolArguments.field(arguments, \"\", \"place\"), \"place\");");
        assertThat(code).contains(".addProperty(\"codes\", JsonArraySchema.builder()");
    }
}
