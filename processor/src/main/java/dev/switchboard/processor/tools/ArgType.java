package dev.switchboard.processor.tools;

import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * The JSON shape of a tool argument or result, derived from its Java type: what the specification
 * describes, what the dispatcher reads and what the result writer writes.
 */
sealed interface ArgType {
    /** The Java type. */
    TypeMirror type();

    /** The scalars, each one JSON value. */
    enum ScalarKind {
        STRING,
        CHAR,
        BOOLEAN,
        BYTE,
        SHORT,
        INT,
        LONG,
        FLOAT,
        DOUBLE,
        BIG_INTEGER,
        BIG_DECIMAL
    }

    /** A string, a boolean or a number, primitive or boxed. */
    record Scalar(TypeMirror type, ScalarKind kind) implements ArgType {}

    /** An enum, written as a constant's name. */
    record EnumArg(TypeMirror type, TypeElement element, List<String> constants) implements ArgType {}

    /** A {@code List}, {@code Set} or {@code Collection}, written as an array. */
    record CollectionArg(TypeMirror type, boolean set, ArgType element) implements ArgType {}

    /** A Java array, written as a JSON array. */
    record ArrayArg(TypeMirror type, ArgType component) implements ArgType {}

    /** A {@code Map} with {@code String} keys, written as an object. */
    record MapArg(TypeMirror type, ArgType value) implements ArgType {}

    /** An {@code Optional}: a parameter or record component that may be left out. */
    record OptionalArg(TypeMirror type, ArgType value) implements ArgType {}

    /**
     * A record, written as an object with one property per component, all required but the
     * {@code Optional} ones.
     */
    record RecordArg(TypeMirror type, TypeElement element, List<Field> fields) implements ArgType {}

    /**
     * One record component.
     *
     * @param name the component's name, also its property and accessor
     * @param description its {@code @Description}, or {@code null}
     * @param type its shape
     */
    record Field(String name, String description, ArgType type) {}

    /**
     * A type that cannot be a tool argument or result.
     *
     * @param type the offending type, perhaps nested inside the declared one
     * @param reason why, as a clause for a message
     */
    record Unsupported(TypeMirror type, String reason) implements ArgType {}
}
