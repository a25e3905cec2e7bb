package dev.switchboard.processor.model;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * A state record: its components in declaration order, each a channel or a managed value.
 *
 * @param element the record type
 * @param components the components
 * @param generated whether its {@code XUpdate}/{@code XChannels} already exist on the classpath
 *     (compiled with the record in another module)
 */
public record StateModel(TypeElement element, List<ComponentModel> components, boolean generated) {
    public String qualifiedName() {
        return element.getQualifiedName().toString();
    }

    public String simpleName() {
        return element.getSimpleName().toString();
    }

    public Optional<ComponentModel> component(String name) {
        return components.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    public String updateName() {
        return GeneratedNames.qualified(element, GeneratedNames.update(element));
    }
}
