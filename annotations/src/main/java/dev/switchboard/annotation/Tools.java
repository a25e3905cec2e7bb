package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks the processor for a reflection-free tool dispatcher: on a class whose methods carry
 * LangChain4j's {@code @Tool}, it generates {@code <Class>Tools}, a
 * {@code dev.switchboard.langchain4j.ToolSet} holding each tool's {@code ToolSpecification} (the
 * JSON schema of its parameters, derived from their Java types) and a {@code switch} that parses a
 * request's JSON arguments and calls the method. Needs {@code switchboard-langchain4j} on the
 * class path.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Tools {}
