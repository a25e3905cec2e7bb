package dev.switchboard.processor.model;

import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * The one place that names generated types: {@code <Flat>Update}, {@code <Flat>Channels} and
 * {@code <Flat>Graph}, and for a functional workflow {@code <Flat>Workflow} and {@code <Flat>Tasks},
 * where nested types flatten with {@code _} ({@code Outer.Chat} becomes
 * {@code Outer_ChatUpdate}), in the package of the source type; a graph named by
 * {@code @Graph(name)} generates {@code <Name>Graph}.
 */
public final class GeneratedNames {
    private GeneratedNames() {}

    public static String packageOf(TypeElement type) {
        Element e = type;
        while (e.getKind() != ElementKind.PACKAGE) {
            e = e.getEnclosingElement();
        }
        return ((PackageElement) e).getQualifiedName().toString();
    }

    public static String flatName(TypeElement type) {
        String pkg = packageOf(type);
        String qualified = type.getQualifiedName().toString();
        String local = pkg.isEmpty() ? qualified : qualified.substring(pkg.length() + 1);
        return local.replace('.', '_');
    }

    public static String update(TypeElement record) {
        return flatName(record) + "Update";
    }

    public static String channels(TypeElement record) {
        return flatName(record) + "Channels";
    }

    /**
     * {@code <Name>Graph} when {@code @Graph(name)} is a Java identifier (its first letter upper
     * case), so that a user can give two graph classes that flatten alike distinct generated names;
     * otherwise {@code <Flat>Graph}.
     */
    public static String graph(TypeElement graphClass) {
        String named = Mirrors.find(graphClass, RuntimeNames.GRAPH)
                .map(g -> Mirrors.string(g, "name", ""))
                .orElse("");
        if (!isIdentifier(named)) {
            return flatName(graphClass) + "Graph";
        }
        return Character.toUpperCase(named.charAt(0)) + named.substring(1) + "Graph";
    }

    /** The compiled workflow of a class with an {@code @Entrypoint}: {@code <Flat>Workflow}. */
    public static String workflow(TypeElement workflowClass) {
        return flatName(workflowClass) + "Workflow";
    }

    /** What a workflow's entrypoint calls its tasks through: {@code <Flat>Tasks}. */
    public static String tasks(TypeElement workflowClass) {
        return flatName(workflowClass) + "Tasks";
    }

    private static boolean isIdentifier(String name) {
        return SourceVersion.isIdentifier(name) && !SourceVersion.isKeyword(name);
    }

    public static String qualified(TypeElement source, String simpleName) {
        String pkg = packageOf(source);
        return pkg.isEmpty() ? simpleName : pkg + "." + simpleName;
    }
}
