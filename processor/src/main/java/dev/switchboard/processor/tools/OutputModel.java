package dev.switchboard.processor.tools;

import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @StructuredOutput} type as read.
 *
 * @param type the annotated type
 * @param annotation its {@code @StructuredOutput}
 * @param generatedName the simple name of the generated format
 * @param name the name the model sees
 * @param description the description, empty for none
 * @param shape the record's JSON shape, {@code null} when the type is not a record
 */
record OutputModel(
        TypeElement type,
        AnnotationMirror annotation,
        String generatedName,
        String name,
        String description,
        ArgType shape) {

    static OutputModel read(TypeElement type) {
        AnnotationMirror a = Mirrors.find(type, ToolNames.STRUCTURED_OUTPUT).orElseThrow();
        String name = Mirrors.string(a, "name", "");
        ArgType shape =
                type.getKind() == ElementKind.RECORD && type.getTypeParameters().isEmpty()
                        ? new ArgTypes(GeneratedNames.packageOf(type)).read(type.asType())
                        : null;
        return new OutputModel(
                type,
                a,
                generatedName(type),
                name.isBlank() ? type.getSimpleName().toString() : name,
                Mirrors.string(a, "description", ""),
                shape);
    }

    static String generatedName(TypeElement type) {
        return GeneratedNames.flatName(type) + "Format";
    }
}
