package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a record a model's structured output: the processor generates {@code <Record>Format}
 * (nested types flatten with {@code _}), a {@code dev.switchboard.langchain4j.OutputFormat} with a
 * single {@code INSTANCE}: the record's JSON schema (as a tool's arguments are described, with
 * LangChain4j's {@code @Description} on components), a reader of the model's JSON into the record
 * whose errors name the offending path, and the record as JSON. Components may have the types a
 * {@link Tools} argument may have; {@code Optional} components may be left out. An agent takes the
 * format as its response format ({@code .responseFormat(WeatherReportFormat.INSTANCE)}).
 *
 * <p>Needs {@code switchboard-langchain4j} and {@code langchain4j-core} on the compile class path.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface StructuredOutput {
    /**
     * The name the model sees (the structured-output tool's, or the JSON schema's); the record's
     * simple name unless set.
     *
     * @return the name
     */
    String name() default "";

    /**
     * What the output is, for the model.
     *
     * @return the description; none by default
     */
    String description() default "";
}
