package dev.switchboard.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import dev.switchboard.processor.validate.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Prints diagnostics, errors and warnings alike, on the narrowest position: the annotation value, else the annotation, else
 * the element.
 *
 * <p>javac's {@link Messager} cannot place two kinds of diagnostics. On a mirror inside a
 * repeatable annotation's container (two {@code @Edge}s on one method) it puts the caret on the
 * method name; for those the annotation and value trees are found through the compiler tree API,
 * and where that API is unavailable (another compiler, or an environment wrapped by a build tool)
 * the coarser position is kept. On a record component it prints no file or line at all; those are
 * printed on the record's field of the same name, which shares the component's declaration.
 */
final class DiagnosticPrinter {
    private final Messager messager;
    private final Types types;
    private final Trees trees;

    DiagnosticPrinter(ProcessingEnvironment env) {
        this.messager = env.getMessager();
        this.types = env.getTypeUtils();
        this.trees = treesOrNull(env);
    }

    private static Trees treesOrNull(ProcessingEnvironment env) {
        try {
            return Trees.instance(env);
        } catch (IllegalArgumentException | LinkageError e) {
            return null;
        }
    }

    void print(Diagnostic d) {
        if (d.element().getKind() == ElementKind.RECORD_COMPONENT) {
            // The field shares the component's declaration, but not its annotations' trees: the
            // caret lands on the component's name.
            messager.printMessage(d.message().kind(), d.text(), field((RecordComponentElement) d.element()));
        } else if (d.annotation() == null) {
            messager.printMessage(d.message().kind(), d.text(), d.element());
        } else if (isContained(d) && printOnTree(d)) {
            return;
        } else if (d.value() == null) {
            messager.printMessage(d.message().kind(), d.text(), d.element(), d.annotation());
        } else {
            messager.printMessage(d.message().kind(), d.text(), d.element(), d.annotation(), d.value());
        }
    }

    private static Element field(RecordComponentElement component) {
        for (VariableElement f :
                ElementFilter.fieldsIn(component.getEnclosingElement().getEnclosedElements())) {
            if (f.getSimpleName().contentEquals(component.getSimpleName())) {
                return f;
            }
        }
        return component;
    }

    /** Whether the annotation is not on the element itself but inside a container annotation. */
    private static boolean isContained(Diagnostic d) {
        return d.element().getAnnotationMirrors().stream().noneMatch(m -> m == d.annotation());
    }

    private boolean printOnTree(Diagnostic d) {
        TreePath path = trees == null ? null : trees.getPath(d.element());
        ModifiersTree modifiers = path == null ? null : modifiers(path.getLeaf());
        AnnotationTree annotation = modifiers == null ? null : annotationTree(d, path, modifiers);
        if (annotation == null) {
            return false;
        }
        Tree value = d.value() == null ? null : valueTree(annotation, d.annotation(), d.value());
        trees.printMessage(d.message().kind(), d.text(), value == null ? annotation : value, path.getCompilationUnit());
        return true;
    }

    /** The tree of the diagnostic's annotation: the one at the same index among those of its type. */
    private AnnotationTree annotationTree(Diagnostic d, TreePath path, ModifiersTree modifiers) {
        TypeMirror type = d.annotation().getAnnotationType();
        List<AnnotationTree> sameType = new ArrayList<>();
        for (AnnotationTree a : modifiers.getAnnotations()) {
            TypeMirror t = trees.getTypeMirror(new TreePath(path, a));
            if (t != null && types.isSameType(t, type)) {
                sameType.add(a);
            }
        }
        int index = indexOf(mirrors(d.element(), type), d.annotation());
        return index < 0 || sameType.size() <= index ? null : sameType.get(index);
    }

    private static ModifiersTree modifiers(Tree leaf) {
        if (leaf instanceof MethodTree m) {
            return m.getModifiers();
        }
        if (leaf instanceof ClassTree c) {
            return c.getModifiers();
        }
        return leaf instanceof VariableTree v ? v.getModifiers() : null;
    }

    /** The element's mirrors of {@code type}, on it or inside container annotations, in order. */
    private List<AnnotationMirror> mirrors(Element element, TypeMirror type) {
        List<AnnotationMirror> out = new ArrayList<>();
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            if (types.isSameType(m.getAnnotationType(), type)) {
                out.add(m);
                continue;
            }
            for (AnnotationValue v : m.getElementValues().values()) {
                if (v.getValue() instanceof List<?> items) {
                    for (Object item : items) {
                        if (((AnnotationValue) item).getValue() instanceof AnnotationMirror inner
                                && types.isSameType(inner.getAnnotationType(), type)) {
                            out.add(inner);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The expression that wrote {@code value}: a member's right-hand side, or one array element. */
    private static Tree valueTree(AnnotationTree tree, AnnotationMirror mirror, AnnotationValue value) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                mirror.getElementValues().entrySet()) {
            int index = e.getValue() == value ? -1 : indexOf(e.getValue().getValue(), value);
            if (e.getValue() != value && index < 0) {
                continue;
            }
            ExpressionTree written = argument(tree, e.getKey().getSimpleName().toString());
            if (index >= 0
                    && written instanceof NewArrayTree array
                    && array.getInitializers() != null
                    && index < array.getInitializers().size()) {
                return array.getInitializers().get(index);
            }
            return written;
        }
        return null;
    }

    private static ExpressionTree argument(AnnotationTree tree, String member) {
        for (ExpressionTree arg : tree.getArguments()) {
            if (arg instanceof AssignmentTree a) {
                if (a.getVariable() instanceof IdentifierTree id && id.getName().contentEquals(member)) {
                    return a.getExpression();
                }
            } else if (member.equals("value")) {
                return arg;
            }
        }
        return null;
    }

    private static int indexOf(Object list, Object item) {
        if (list instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                if (l.get(i) == item) {
                    return i;
                }
            }
        }
        return -1;
    }
}
