package dev.switchboard.tests.versions;

import dev.switchboard.processor.SwitchboardProcessor;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles one version of a graph from its sources with the real Switchboard processor, as a
 * project's build of that version would, against a schema directory that carries the exported
 * schemas from one version to the next, and loads it in a class loader of its own (every version
 * declares the same class names). Runtime types come from the test's own class path, so a saver
 * passes from one version to another.
 */
final class GraphVersions {
    private GraphVersions() {}

    /**
     * Compiles the {@code .java} files of a test resource directory.
     *
     * @param resources the resource directory, as {@code versions/support/v1}
     * @param schemas the {@code -Aswitchboard.schemaLocation} directory
     * @param out where classes go
     * @return a driver of the compiled version: its class {@code upgrade.Driver}
     */
    static VersionDriver compile(String resources, Path schemas, Path out) {
        try {
            Path dir = Path.of(
                    GraphVersions.class.getClassLoader().getResource(resources).toURI());
            List<Path> sources;
            try (Stream<Path> files = Files.list(dir)) {
                sources = files.filter(p -> p.toString().endsWith(".java"))
                        .sorted()
                        .toList();
            }
            Files.createDirectories(out);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StringWriter log = new StringWriter();
            try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
                Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
                List<String> options = new ArrayList<>(List.of(
                        "-d",
                        out.toString(),
                        "-classpath",
                        System.getProperty("java.class.path"),
                        "-Aswitchboard.schemaLocation=" + schemas,
                        "-Xlint:all",
                        "-Werror"));
                JavaCompiler.CompilationTask task = javac.getTask(log, files, null, options, null, units);
                task.setProcessors(List.of(new SwitchboardProcessor()));
                if (!task.call()) {
                    throw new AssertionError("version " + resources + " does not compile:\n" + log);
                }
            }
            URLClassLoader loader = new URLClassLoader(
                    resources, new URL[] {out.toUri().toURL()}, GraphVersions.class.getClassLoader());
            return (VersionDriver)
                    loader.loadClass("upgrade.Driver").getConstructor().newInstance();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException | java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
