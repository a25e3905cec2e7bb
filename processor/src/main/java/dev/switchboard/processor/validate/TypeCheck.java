package dev.switchboard.processor.validate;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Type questions the rules ask: which type argument a class gives a generic interface, and whether
 * such a type (which may mention the class's own type variables) fits a component type.
 */
public final class TypeCheck {
    private final Types types;
    private final Elements elements;

    public TypeCheck(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
        this.elements = env.getElementUtils();
    }

    public Types types() {
        return types;
    }

    public Optional<TypeElement> element(String name) {
        return Optional.ofNullable(elements.getTypeElement(name));
    }

    /** The type argument {@code impl} gives to the one-parameter interface {@code iface}, if any. */
    public Optional<TypeMirror> argumentOf(TypeElement impl, TypeElement iface) {
        TypeMirror target = types.erasure(iface.asType());
        Deque<TypeMirror> queue = new ArrayDeque<>(List.of(impl.asType()));
        while (!queue.isEmpty()) {
            TypeMirror t = queue.poll();
            if (types.isSameType(types.erasure(t), target) && t instanceof DeclaredType d) {
                List<? extends TypeMirror> args = d.getTypeArguments();
                return args.size() == 1 ? Optional.of(args.get(0)) : Optional.empty();
            }
            queue.addAll(types.directSupertypes(t));
        }
        return Optional.empty();
    }

    /** The type arguments {@code type} gives the generic type {@code iface} among its supertypes. */
    public List<? extends TypeMirror> argumentsOf(TypeMirror type, TypeElement iface) {
        TypeMirror target = types.erasure(iface.asType());
        Deque<TypeMirror> queue = new ArrayDeque<>(List.of(type));
        while (!queue.isEmpty()) {
            TypeMirror t = queue.poll();
            if (types.isSameType(types.erasure(t), target) && t instanceof DeclaredType d) {
                return d.getTypeArguments();
            }
            queue.addAll(types.directSupertypes(t));
        }
        return List.of();
    }

    /** Whether {@code pattern} (which may hold type variables) can be instantiated to {@code target}. */
    public boolean fits(TypeMirror pattern, TypeMirror target) {
        return unify(pattern, boxed(target), new HashMap<>());
    }

    /** Whether {@code t} may be thrown on by generated code: an {@code Exception} or an {@code Error}. */
    static boolean isExceptionOrError(TypeMirror t) {
        return extendsAny(t, Set.of("java.lang.Exception", "java.lang.Error"));
    }

    /** Whether {@code t} is {@code Throwable} or a subclass. */
    static boolean isThrowable(TypeMirror t) {
        return extendsAny(t, Set.of("java.lang.Throwable"));
    }

    /**
     * Whether {@code type} is one of the named classes or a subclass of one; a type variable counts
     * by its (class) bound, and an unresolved type as yes, since javac reports it itself.
     */
    private static boolean extendsAny(TypeMirror type, Set<String> classes) {
        TypeMirror t = type;
        while (t instanceof TypeVariable v) {
            t = v.getUpperBound();
        }
        if (t instanceof IntersectionType i) {
            t = i.getBounds().get(0); // the class bound, if there is one, comes first
        }
        while (t instanceof DeclaredType d) {
            TypeElement e = (TypeElement) d.asElement();
            if (classes.contains(e.getQualifiedName().toString())) {
                return true;
            }
            t = e.getSuperclass();
        }
        return t.getKind() == TypeKind.ERROR;
    }

    public TypeMirror boxed(TypeMirror t) {
        return t.getKind().isPrimitive()
                ? types.boxedClass(types.getPrimitiveType(t.getKind())).asType()
                : t;
    }

    private boolean unify(TypeMirror pattern, TypeMirror target, Map<String, TypeMirror> bound) {
        if (pattern.getKind() == TypeKind.TYPEVAR) {
            TypeVariable v = (TypeVariable) pattern;
            String key = v.asElement().toString();
            TypeMirror previous = bound.get(key);
            if (previous != null) {
                return types.isSameType(previous, target);
            }
            bound.put(key, target);
            return target.getKind() == TypeKind.WILDCARD
                    || types.isAssignable(target, types.erasure(v.getUpperBound()));
        }
        if (pattern instanceof DeclaredType p && target instanceof DeclaredType t) {
            if (!types.isSameType(types.erasure(p), types.erasure(t))) {
                return false;
            }
            List<? extends TypeMirror> pa = p.getTypeArguments();
            List<? extends TypeMirror> ta = t.getTypeArguments();
            if (pa.isEmpty() || ta.isEmpty()) {
                return pa.size() == ta.size();
            }
            for (int i = 0; i < pa.size(); i++) {
                if (!unify(pa.get(i), ta.get(i), bound)) {
                    return false;
                }
            }
            return true;
        }
        return types.isSameType(pattern, target);
    }
}
