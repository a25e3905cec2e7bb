package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a type with a codec (a {@code dev.switchboard.runtime.serde.ValueCodec} with a public
 * no-argument constructor) instead of Jackson's defaults. On a type declaration, it applies wherever
 * a state holds that type; on a state record component, to the type the component holds, at any
 * depth ({@code @Codec(ChatMessageCodec.class) List<ChatMessage> history}), which is how a type from
 * a library you cannot annotate becomes storable. The processor then accepts the type in
 * checkpointed components and the generated channel map registers the codec with the graph's
 * serde; no class name is ever written to stored data.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.RECORD_COMPONENT})
public @interface Codec {
    /**
     * The codec class.
     *
     * @return a {@code ValueCodec} implementation with a public no-argument constructor
     */
    Class<?> value();
}
