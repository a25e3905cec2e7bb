package dev.switchboard.processor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;

/**
 * Runs a processor in a wrapped environment, as Gradle's incremental processing does, and records
 * the originating elements given for each generated source file.
 */
final class RecordingProcessor implements Processor {
    private final Processor delegate;
    private final Map<String, List<String>> originating = new TreeMap<>();

    RecordingProcessor(Processor delegate) {
        this.delegate = delegate;
    }

    /** Generated type name to the qualified names of its originating elements. */
    Map<String, List<String>> originatingElements() {
        return originating;
    }

    @Override
    public void init(ProcessingEnvironment env) {
        delegate.init(new Environment(env, new RecordingFiler(env.getFiler())));
    }

    @Override
    public Set<String> getSupportedOptions() {
        return delegate.getSupportedOptions();
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return delegate.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return delegate.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        return delegate.process(annotations, round);
    }

    @Override
    public Iterable<? extends Completion> getCompletions(
            Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
        return delegate.getCompletions(element, annotation, member, userText);
    }

    private final class RecordingFiler implements Filer {
        private final Filer filer;

        RecordingFiler(Filer filer) {
            this.filer = filer;
        }

        @Override
        public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements) throws IOException {
            List<String> names = new ArrayList<>();
            for (Element e : originatingElements) {
                names.add(((TypeElement) e).getQualifiedName().toString());
            }
            originating.put(name.toString(), names);
            return filer.createSourceFile(name, originatingElements);
        }

        @Override
        public JavaFileObject createClassFile(CharSequence name, Element... originatingElements) throws IOException {
            throw new AssertionError("unexpected class file " + name);
        }

        @Override
        public FileObject createResource(
                JavaFileManager.Location location,
                CharSequence moduleAndPkg,
                CharSequence relativeName,
                Element... originatingElements)
                throws IOException {
            throw new AssertionError("unexpected resource " + relativeName);
        }

        @Override
        public FileObject getResource(
                JavaFileManager.Location location, CharSequence moduleAndPkg, CharSequence relativeName)
                throws IOException {
            return filer.getResource(location, moduleAndPkg, relativeName);
        }
    }

    /** Not javac's own environment, so the compiler tree API is unavailable, as under Gradle. */
    private record Environment(ProcessingEnvironment env, Filer filer) implements ProcessingEnvironment {
        @Override
        public Map<String, String> getOptions() {
            return env.getOptions();
        }

        @Override
        public Messager getMessager() {
            return env.getMessager();
        }

        @Override
        public Filer getFiler() {
            return filer;
        }

        @Override
        public Elements getElementUtils() {
            return env.getElementUtils();
        }

        @Override
        public Types getTypeUtils() {
            return env.getTypeUtils();
        }

        @Override
        public SourceVersion getSourceVersion() {
            return env.getSourceVersion();
        }

        @Override
        public Locale getLocale() {
            return env.getLocale();
        }
    }
}
