package dev.switchboard.processor.generate;

import dev.switchboard.processor.model.ComponentModel;
import dev.switchboard.processor.model.StateModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Renders the JSON Schema (draft 2020-12) of a record's channels at compile time: strings,
 * numbers, booleans, enums, lists, sets, maps with string keys and nested records; anything else
 * is unconstrained. Managed components are not part of a graph's input or output.
 */
final class JsonSchemas {
    private final Types types;

    JsonSchemas(Types types) {
        this.types = types;
    }

    String render(StateModel s, String title) {
        List<String> props = new ArrayList<>();
        for (ComponentModel c : s.components()) {
            if (!c.isManaged()) {
                props.add(quote(c.name()) + ":" + schema(c.type(), new HashSet<>()));
            }
        }
        return "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":" + quote(title)
                + ",\"type\":\"object\",\"properties\":{" + String.join(",", props) + "}}";
    }

    /** The JSON Schema of one value of a type (a workflow's input or output). */
    String render(TypeMirror t, String title) {
        String body = schema(t, new HashSet<>());
        String head = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"title\":" + quote(title);
        return body.equals("{}") ? head + "}" : head + "," + body.substring(1);
    }

    private String schema(TypeMirror t, Set<String> visiting) {
        switch (t.getKind()) {
            case BOOLEAN:
                return "{\"type\":\"boolean\"}";
            case INT:
            case LONG:
            case SHORT:
            case BYTE:
                return "{\"type\":\"integer\"}";
            case DOUBLE:
            case FLOAT:
                return "{\"type\":\"number\"}";
            case CHAR:
                return "{\"type\":\"string\",\"maxLength\":1}";
            case ARRAY:
                return "{\"type\":\"array\",\"items\":"
                        + schema(((javax.lang.model.type.ArrayType) t).getComponentType(), visiting) + "}";
            case DECLARED:
                return declared((DeclaredType) t, visiting);
            default:
                return "{}";
        }
    }

    private String declared(DeclaredType d, Set<String> visiting) {
        TypeElement e = (TypeElement) d.asElement();
        String name = e.getQualifiedName().toString();
        List<? extends TypeMirror> args = d.getTypeArguments();
        switch (name) {
            case "java.lang.String":
            case "java.lang.Character":
                return "{\"type\":\"string\"}";
            case "java.lang.Boolean":
                return "{\"type\":\"boolean\"}";
            case "java.lang.Integer":
            case "java.lang.Long":
            case "java.lang.Short":
            case "java.lang.Byte":
            case "java.math.BigInteger":
                return "{\"type\":\"integer\"}";
            case "java.lang.Double":
            case "java.lang.Float":
            case "java.math.BigDecimal":
                return "{\"type\":\"number\"}";
            case "java.util.Optional":
                return args.size() == 1 ? schema(args.get(0), visiting) : "{}";
            default:
                break;
        }
        if (e.getKind() == ElementKind.ENUM) {
            List<String> constants = new ArrayList<>();
            e.getEnclosedElements().stream()
                    .filter(x -> x.getKind() == ElementKind.ENUM_CONSTANT)
                    .forEach(x -> constants.add(quote(x.getSimpleName().toString())));
            return "{\"type\":\"string\",\"enum\":[" + String.join(",", constants) + "]}";
        }
        if (isA(d, "java.util.Map")) {
            String values = args.size() == 2 ? schema(args.get(1), visiting) : "{}";
            return "{\"type\":\"object\",\"additionalProperties\":" + values + "}";
        }
        if (isA(d, "java.util.Collection")) {
            String items = args.size() == 1 ? schema(args.get(0), visiting) : "{}";
            boolean set = isA(d, "java.util.Set");
            return "{\"type\":\"array\",\"items\":" + items + (set ? ",\"uniqueItems\":true" : "") + "}";
        }
        if (e.getKind() == ElementKind.RECORD && visiting.add(name)) {
            List<String> props = new ArrayList<>();
            for (RecordComponentElement c : e.getRecordComponents()) {
                props.add(quote(c.getSimpleName().toString()) + ":" + schema(c.asType(), visiting));
            }
            visiting.remove(name);
            return "{\"type\":\"object\",\"properties\":{" + String.join(",", props) + "}}";
        }
        return "{}";
    }

    private boolean isA(TypeMirror t, String name) {
        if (t instanceof DeclaredType d
                && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(name)) {
            return true;
        }
        for (TypeMirror sup : types.directSupertypes(t)) {
            if (isA(sup, name)) {
                return true;
            }
        }
        return false;
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                b.append('\\');
            }
            b.append(ch);
        }
        return b.append('"').toString();
    }
}
