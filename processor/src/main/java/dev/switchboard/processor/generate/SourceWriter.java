package dev.switchboard.processor.generate;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;

/**
 * Writes every generated file the same way: one originating element (for Gradle's isolating
 * mode), the {@code @Generated} stamp without a date, a fixed {@code @SuppressWarnings}, and no
 * other variation, so output is deterministic.
 */
public final class SourceWriter {
    static final String PROCESSOR = "dev.switchboard.processor.SwitchboardProcessor";

    private final Filer filer;

    public SourceWriter(Filer filer) {
        this.filer = filer;
    }

    /** Stamps the type and writes it to {@code packageName}. */
    public void write(String packageName, TypeSpec.Builder type, Element origin) throws IOException {
        type.addAnnotation(AnnotationSpec.builder(ClassNames.GENERATED)
                        .addMember("value", "$S", PROCESSOR)
                        .build())
                .addOriginatingElement(origin);
        JavaFile.builder(packageName, type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build()
                .writeTo(filer);
    }
}
