package dev.switchboard.processor.model;

import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Classifies return types of node, route and error handler methods. */
final class ReturnReader {
    private final Types types;
    private final Elements elements;

    ReturnReader(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
        this.elements = env.getElementUtils();
    }

    Returns read(TypeMirror declared) {
        if (declared.getKind() == TypeKind.VOID) {
            return new Returns(Returns.Kind.VOID, declared, null, false);
        }
        TypeMirror t = declared;
        boolean async = false;
        if (isOneOf(t, "java.util.concurrent.CompletableFuture", "java.util.concurrent.CompletionStage")) {
            List<? extends TypeMirror> args = ((DeclaredType) t).getTypeArguments();
            if (args.size() != 1 || !(args.get(0) instanceof DeclaredType)) {
                return new Returns(Returns.Kind.UNSUPPORTED, declared, null, true);
            }
            async = true;
            t = args.get(0);
            if (isOneOf(t, "java.lang.Void")) {
                return new Returns(Returns.Kind.VOID, declared, null, true);
            }
        }
        if (isOneOf(t, RuntimeNames.COMMAND)) {
            List<? extends TypeMirror> args = ((DeclaredType) t).getTypeArguments();
            TypeMirror update = args.size() == 1 ? args.get(0) : null;
            return new Returns(Returns.Kind.COMMAND, declared, update, async);
        }
        if (isOneOf(t, RuntimeNames.STATE_UPDATE)) {
            return new Returns(Returns.Kind.ANY_UPDATE, declared, t, async);
        }
        TypeElement graph = elements.getTypeElement(RuntimeNames.COMPILED_GRAPH);
        if (!async
                && graph != null
                && t instanceof DeclaredType
                && types.isAssignable(types.erasure(t), types.erasure(graph.asType()))) {
            return new Returns(Returns.Kind.SUBGRAPH, declared, null, false);
        }
        TypeElement stateUpdate = elements.getTypeElement(RuntimeNames.STATE_UPDATE);
        if (stateUpdate != null && t instanceof DeclaredType && types.isSubtype(t, stateUpdate.asType())) {
            return new Returns(Returns.Kind.UPDATE, declared, t, async);
        }
        return new Returns(Returns.Kind.UNSUPPORTED, declared, null, async);
    }

    /** The element type when {@code t} is a {@code java.util.Collection}. */
    Optional<TypeMirror> collectionElement(TypeMirror t) {
        TypeElement collection = elements.getTypeElement("java.util.Collection");
        if (!(t instanceof DeclaredType d)
                || collection == null
                || !types.isAssignable(types.erasure(t), types.erasure(collection.asType()))) {
            return Optional.empty();
        }
        List<? extends TypeMirror> args = d.getTypeArguments();
        if (args.size() != 1) {
            return Optional.empty();
        }
        TypeMirror arg = args.get(0);
        if (arg.getKind() == TypeKind.WILDCARD) {
            javax.lang.model.type.WildcardType w = (javax.lang.model.type.WildcardType) arg;
            return Optional.of(w.getExtendsBound() != null ? w.getExtendsBound() : arg);
        }
        return Optional.of(arg);
    }

    private static boolean isOneOf(TypeMirror t, String... names) {
        if (!(t instanceof DeclaredType d)) {
            return false;
        }
        String qn = ((TypeElement) d.asElement()).getQualifiedName().toString();
        for (String n : names) {
            if (qn.equals(n)) {
                return true;
            }
        }
        return false;
    }
}
