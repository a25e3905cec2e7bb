package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks the processor for a reflection-free tool dispatcher: on a class whose methods carry
 * LangChain4j's {@code @Tool}, it generates {@code <Class>Tools} (nested classes flatten with
 * {@code _}), a {@code dev.switchboard.langchain4j.ToolSet} whose constructor takes the instance to
 * call. Its {@code specifications()} hold each tool's {@code ToolSpecification} in declaration
 * order, as LangChain4j's {@code ToolSpecifications} would derive it: the name from
 * {@code @Tool(name)} or the method, the description from {@code @Tool}'s lines, and a JSON schema
 * of the parameters derived from their Java types, with {@code @P} descriptions. Its
 * {@code execute} is a {@code switch} on the tool name that reads each argument from the request's
 * JSON tree, calls the method, and returns {@code "Success"} for {@code void}, a {@code String} as
 * is, and any other value as compact JSON written from its declared type.
 *
 * <p>Parameters and results may be {@code String}, primitives and their boxes, {@code BigInteger},
 * {@code BigDecimal}, enums (by constant name), records (nested, not recursive), and {@code List},
 * {@code Set}, {@code Collection}, arrays and {@code Map<String, V>} of these. An {@code Optional}
 * parameter or record component, or a parameter with {@code @P(required = false)}, may be left out
 * by the model: it is then empty, {@code null}, or {@code 0}/{@code false} for a primitive. Any other
 * type, a private tool method or class, a generic class, a duplicate tool name, a name model
 * providers reject, or a class without {@code @Tool} method is a compile error on the offending
 * element. Parameter names are taken from the source, so {@code -parameters} is not needed.
 *
 * <p>Needs {@code switchboard-langchain4j} and {@code langchain4j-core} on the compile class path;
 * without them the processor reports which one is missing.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Tools {}
