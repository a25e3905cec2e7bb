package dev.switchboard.processor;

import com.google.auto.service.AutoService;
import dev.switchboard.processor.model.Fingerprint;
import dev.switchboard.processor.model.GeneratedNames;
import dev.switchboard.processor.model.StateReader;
import dev.switchboard.processor.validate.Message;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic.Kind;

/**
 * Fails a build that would run stale generated code. A state record without Switchboard annotations
 * is known as state only through the graphs that use it, so a build that recompiles the record
 * alone does not regenerate its {@code XUpdate} and {@code XChannels}: their old versions stay on
 * the classpath and the run fails with {@code NoSuchMethodError}. This processor looks at every
 * record compiled, and when the generated channels it finds for it (after all rounds, so freshly
 * generated ones count) were generated for other components, reports an error on the record that
 * asks for a clean build.
 *
 * <p>It is a processor of its own because it must see compilations that hold no Switchboard
 * annotation, which takes supporting {@code "*"}; it claims nothing, so other processors still
 * receive their annotations, while {@link SwitchboardProcessor} keeps claiming Switchboard's.
 */
@AutoService(Processor.class)
public final class StaleOutputCheck extends AbstractProcessor {
    private final Set<String> records = new LinkedHashSet<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element root : round.getRootElements()) {
            collect(root);
        }
        if (round.processingOver()) {
            records.forEach(this::check);
            records.clear();
        }
        return false;
    }

    private void collect(Element e) {
        if (e instanceof TypeElement t) {
            if (StateReader.isRecord(t)) {
                records.add(t.getQualifiedName().toString());
            }
            t.getEnclosedElements().forEach(this::collect);
        }
    }

    private void check(String name) {
        try {
            TypeElement record = processingEnv.getElementUtils().getTypeElement(name);
            String channelsName = GeneratedNames.qualified(record, GeneratedNames.channels(record));
            TypeElement channels = processingEnv.getElementUtils().getTypeElement(channelsName);
            if (channels == null) {
                return;
            }
            String now = Fingerprint.of(new StateReader(processingEnv).read(record));
            Fingerprint.stored(channels)
                    .filter(old -> !old.equals(now))
                    .ifPresent(old -> processingEnv
                            .getMessager()
                            .printMessage(
                                    Kind.ERROR,
                                    Message.STALE_GENERATED.format(
                                            channelsName, record.getSimpleName(), old, record.getSimpleName(), now),
                                    record));
        } catch (RuntimeException | LinkageError e) {
            // A record this check cannot read is one the main processor reports on; never crash javac.
        }
    }
}
