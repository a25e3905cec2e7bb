package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pins the runtime's public API: every public or protected type and member of the compiled
 * runtime, one line each, must equal {@code api/switchboard-runtime.api}. A change of the API then
 * shows in review as a change of that file: regenerate it with {@code -Dswitchboard.api.update=true}
 * when the change is deliberate. The SPI ({@code spi}) and {@code internal} packages are listed
 * too: generated code and extension modules compile against the SPI, so changing it breaks graphs
 * compiled by another processor version, and the internal one is public for the runtime's own
 * packages.
 */
class PublicApiTest {
    private static final Path MODULE =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    private static final Path CLASSES = MODULE.resolve("target/classes");
    private static final Path DUMP = MODULE.resolve("api/switchboard-runtime.api");
    private static final int SHOWN = Modifier.PUBLIC | Modifier.PROTECTED;

    @Test
    void theApiIsThePinnedOne() throws Exception {
        List<String> now = dump();
        if (Boolean.getBoolean("switchboard.api.update")) {
            Files.createDirectories(DUMP.getParent());
            Files.write(DUMP, now, StandardCharsets.UTF_8);
            return;
        }
        List<String> pinned = Files.exists(DUMP) ? Files.readAllLines(DUMP, StandardCharsets.UTF_8) : List.of();
        if (!pinned.equals(now)) {
            Set<String> added = new LinkedHashSet<>(now);
            pinned.forEach(added::remove);
            Set<String> removed = new LinkedHashSet<>(pinned);
            now.forEach(removed::remove);
            fail("the runtime's public API changed; if that is deliberate, run the tests with"
                    + " -Dswitchboard.api.update=true and commit " + MODULE.relativize(DUMP) + "\nadded:\n  "
                    + String.join("\n  ", added) + "\nremoved:\n  " + String.join("\n  ", removed));
        }
    }

    private static List<String> dump() throws IOException, ClassNotFoundException {
        List<String> names;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            names = files.map(p -> CLASSES.relativize(p).toString())
                    .filter(p -> p.endsWith(".class") && !p.endsWith("package-info.class"))
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
                    .sorted()
                    .toList();
        }
        List<String> out = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(name, false, PublicApiTest.class.getClassLoader());
            if (visible(c)) {
                out.add(typeLine(c));
                out.addAll(members(c));
            }
        }
        return out;
    }

    /** A type is API when it and every type enclosing it are public or protected. */
    private static boolean visible(Class<?> c) {
        for (Class<?> t = c; t != null; t = t.getDeclaringClass()) {
            if ((t.getModifiers() & SHOWN) == 0 || t.isAnonymousClass() || t.isSynthetic()) {
                return false;
            }
        }
        return true;
    }

    private static String typeLine(Class<?> c) {
        int mods = c.getModifiers() & ~(Modifier.SYNCHRONIZED | Modifier.STRICT);
        if (c.isInterface()) {
            mods &= ~Modifier.ABSTRACT;
        }
        String kind = c.isAnnotation()
                ? "@interface"
                : c.isInterface() ? "interface" : c.isEnum() ? "enum" : c.isRecord() ? "record" : "class";
        if (c.isEnum() || c.isRecord()) {
            mods &= ~Modifier.FINAL;
        }
        StringBuilder line = new StringBuilder(Modifier.toString(mods & ~Modifier.INTERFACE))
                .append(' ')
                .append(kind)
                .append(' ')
                .append(c.getName())
                .append(typeParameters(c.getTypeParameters()));
        Type sup = c.getGenericSuperclass();
        if (sup != null && sup != Object.class && !c.isEnum() && !c.isRecord()) {
            line.append(" extends ").append(sup.getTypeName());
        }
        Type[] ifaces = c.getGenericInterfaces();
        if (ifaces.length > 0) {
            line.append(c.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(ifaces).map(Type::getTypeName).collect(Collectors.joining(", ")));
        }
        return line.toString();
    }

    private static List<String> members(Class<?> c) {
        Set<String> out = new TreeSet<>();
        for (Field f : c.getDeclaredFields()) {
            if ((f.getModifiers() & SHOWN) != 0 && !f.isSynthetic() && !f.isEnumConstant()) {
                out.add("  " + Modifier.toString(f.getModifiers()) + " "
                        + f.getGenericType().getTypeName() + " " + f.getName());
            } else if (f.isEnumConstant()) {
                out.add("  constant " + f.getName());
            }
        }
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if ((k.getModifiers() & SHOWN) != 0 && !k.isSynthetic() && !c.isEnum()) {
                out.add("  " + signature(k, "<init>", null));
            }
        }
        for (Method m : c.getDeclaredMethods()) {
            if ((m.getModifiers() & SHOWN) != 0 && !m.isSynthetic() && !m.isBridge()) {
                out.add("  " + signature(m, m.getName(), m.getGenericReturnType()));
            }
        }
        return List.copyOf(out);
    }

    private static String signature(Executable e, String name, Type returns) {
        int mods = e.getModifiers() & ~(Modifier.TRANSIENT | Modifier.VOLATILE | Modifier.SYNCHRONIZED);
        if (e.getDeclaringClass().isInterface()) {
            mods &= ~Modifier.ABSTRACT;
        }
        String defaulted = e instanceof Method m && m.isDefault() ? "default " : "";
        StringBuilder s = new StringBuilder(Modifier.toString(mods));
        if (s.length() > 0) {
            s.append(' ');
        }
        s.append(defaulted);
        String tp = typeParameters(e.getTypeParameters());
        if (!tp.isEmpty()) {
            s.append(tp.substring(1)).append(' ');
        }
        if (returns != null) {
            s.append(returns.getTypeName()).append(' ');
        }
        s.append(name).append('(');
        Type[] params = e.getGenericParameterTypes();
        for (int i = 0; i < params.length; i++) {
            String t = params[i].getTypeName();
            if (e.isVarArgs() && i == params.length - 1) {
                t = t.substring(0, t.length() - 2) + "...";
            }
            s.append(i == 0 ? "" : ", ").append(t);
        }
        s.append(')');
        Type[] thrown = e.getGenericExceptionTypes();
        if (thrown.length > 0) {
            s.append(" throws ")
                    .append(Arrays.stream(thrown).map(Type::getTypeName).collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    private static String typeParameters(TypeVariable<?>[] vars) {
        if (vars.length == 0) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (TypeVariable<?> v : vars) {
            Type[] bounds = v.getBounds();
            boolean plain = bounds.length == 1 && bounds[0] == Object.class;
            out.add(
                    plain
                            ? v.getName()
                            : v.getName() + " extends "
                                    + Arrays.stream(bounds)
                                            .map(Type::getTypeName)
                                            .collect(Collectors.joining(" & ")));
        }
        return " <" + String.join(", ", out) + ">";
    }
}
