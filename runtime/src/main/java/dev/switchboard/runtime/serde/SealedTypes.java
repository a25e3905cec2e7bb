package dev.switchboard.runtime.serde;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedClass;
import tools.jackson.databind.introspect.JacksonAnnotationIntrospector;
import tools.jackson.databind.jsontype.NamedType;

/**
 * Tells Jackson about the sealed types of a graph as if their interfaces carried
 * {@code @JsonTypeInfo(use = NAME)} and {@code @JsonSubTypes}: only the tags in the generated
 * tables are read, so no class is named in data. Types outside the tables keep Jackson's defaults.
 */
final class SealedTypes extends JacksonAnnotationIntrospector {
    private static final long serialVersionUID = 1L;
    // construct() is the only builder that needs no annotation instance, and reading one off a
    // class would be reflection; the deprecation is about its argument list changing, not removal.
    @SuppressWarnings("deprecation")
    private static final JsonTypeInfo.Value BY_TAG = JsonTypeInfo.Value.construct(
            JsonTypeInfo.Id.NAME, JsonTypeInfo.As.PROPERTY, SealedType.TAG_PROPERTY, null, false, null);

    // Never serialized: the introspector lives and dies with its mapper.
    private final transient Map<Class<?>, List<NamedType>> subtypes = new HashMap<>();
    private final transient Map<Class<?>, String> tags = new HashMap<>();

    SealedTypes(List<SealedType> sealed) {
        for (SealedType s : sealed) {
            List<NamedType> named = new ArrayList<>();
            s.variants().forEach((tag, variant) -> {
                named.add(new NamedType(variant, tag));
                tags.put(variant, tag);
            });
            // After the variants: Jackson writes a class under the first name it finds for it.
            s.aliases().forEach((alias, variant) -> named.add(new NamedType(variant, alias)));
            subtypes.put(s.base(), List.copyOf(named));
        }
    }

    @Override
    public JsonTypeInfo.Value findPolymorphicTypeInfo(MapperConfig<?> config, Annotated a) {
        return a instanceof AnnotatedClass && subtypes.containsKey(a.getRawType())
                ? BY_TAG
                : super.findPolymorphicTypeInfo(config, a);
    }

    @Override
    public List<NamedType> findSubtypes(MapperConfig<?> config, Annotated a) {
        List<NamedType> mine = a instanceof AnnotatedClass ? subtypes.get(a.getRawType()) : null;
        return mine != null ? mine : super.findSubtypes(config, a);
    }

    @Override
    public String findTypeName(MapperConfig<?> config, AnnotatedClass ac) {
        String tag = tags.get(ac.getRawType());
        return tag != null ? tag : super.findTypeName(config, ac);
    }
}
