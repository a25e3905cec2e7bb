package dev.switchboard.processor.model;

import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Reads {@code @Codec(X.class)} off a type declaration or a state component and finds the type X
 * stores, from the type argument of the {@code ValueCodec} it implements. A codec the generated
 * channel map cannot instantiate (not a public, concrete {@code ValueCodec} with a public
 * no-argument constructor) has no stored type.
 */
final class CodecTypes {
    static final String VALUE_CODEC = RuntimeNames.RUNTIME + ".serde.ValueCodec";

    /**
     * A codec named by {@code @Codec}.
     *
     * @param codec the codec class
     * @param stores the erasure of the type it stores, or {@code null} if the class is unusable
     */
    record Use(TypeElement codec, TypeMirror stores) {}

    private final Types types;

    CodecTypes(Types types) {
        this.types = types;
    }

    /** The codec {@code @Codec} names on the element, if any. */
    Optional<Use> on(Element element) {
        return Mirrors.find(element, RuntimeNames.CODEC)
                .flatMap(a -> Mirrors.type(a, "value"))
                .map(t -> (TypeElement) types.asElement(t))
                .map(c -> new Use(c, usable(c) ? stores(c.asType()) : null));
    }

    private static boolean usable(TypeElement c) {
        if (c.getKind() != ElementKind.CLASS
                || !c.getModifiers().contains(Modifier.PUBLIC)
                || c.getModifiers().contains(Modifier.ABSTRACT)) {
            return false;
        }
        for (ExecutableElement k : ElementFilter.constructorsIn(c.getEnclosedElements())) {
            if (k.getParameters().isEmpty() && k.getModifiers().contains(Modifier.PUBLIC)) {
                return true;
            }
        }
        return false;
    }

    private TypeMirror stores(TypeMirror t) {
        for (TypeMirror s : types.directSupertypes(t)) {
            if (s instanceof DeclaredType d
                    && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(VALUE_CODEC)) {
                return d.getTypeArguments().size() == 1
                                && d.getTypeArguments().get(0).getKind() == TypeKind.DECLARED
                        ? types.erasure(d.getTypeArguments().get(0))
                        : null;
            }
            TypeMirror found = stores(s);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** Whether a codec for {@code stores} stores the type: it or one of its supertypes. */
    boolean covers(TypeMirror stores, TypeMirror type) {
        return stores != null && types.isAssignable(types.erasure(type), stores);
    }
}
