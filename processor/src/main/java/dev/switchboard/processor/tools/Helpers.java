package dev.switchboard.processor.tools;

import com.palantir.javapoet.MethodSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The private static methods a dispatcher needs for records and arrays (read, write, schema), one
 * per type and purpose, named after the type and emitted in first-use order so output is stable.
 */
final class Helpers {
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Set<String> taken = new HashSet<>();
    private final List<MethodSpec> methods = new ArrayList<>();

    /**
     * The name of the helper for {@code key}; the first request builds it with {@code body}, which
     * may itself ask for helpers.
     */
    String name(String key, String baseName, Function<String, MethodSpec> body) {
        String known = names.get(key);
        if (known != null) {
            return known;
        }
        String name = baseName;
        for (int i = 2; !taken.add(name); i++) {
            name = baseName + i;
        }
        names.put(key, name);
        methods.add(body.apply(name));
        return name;
    }

    List<MethodSpec> methods() {
        return List.copyOf(methods);
    }
}
