package dev.switchboard.runtime.store;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * JSON text as JavaScript's {@code JSON.stringify(value, null, 2)} writes it, which is the text
 * LangGraph embeds for a whole value: two-space indent, {@code "key": value}, empty containers as
 * {@code {}} and {@code []}. Embedding the same text keeps vectors (and scores) comparable.
 */
final class JsFormat {
    private JsFormat() {}

    static String indented(Object value) {
        StringBuilder b = new StringBuilder();
        write(b, value, "");
        return b.toString();
    }

    private static void write(StringBuilder b, Object v, String indent) {
        if (v instanceof Map<?, ?> m) {
            container(b, indent, '{', '}', m.entrySet(), (e, in) -> {
                string(b, String.valueOf(e.getKey()));
                b.append(": ");
                write(b, e.getValue(), in);
            });
        } else if (v instanceof List<?> l) {
            container(b, indent, '[', ']', l, (e, in) -> write(b, e, in));
        } else if (v instanceof String s) {
            string(b, s);
        } else if (v instanceof BigDecimal d) {
            write(b, d.doubleValue(), indent); // JS has doubles only: "1.50" prints as 1.5
        } else if (v instanceof Double d) {
            // JS prints integral doubles without a fraction.
            b.append(
                    d == Math.rint(d) && Math.abs(d) < 1e21
                            ? BigDecimal.valueOf(d).toBigInteger().toString()
                            : d.toString());
        } else {
            b.append(v);
        }
    }

    private interface Element<T> {
        void write(T element, String indent);
    }

    private static <T> void container(
            StringBuilder b, String indent, char open, char close, Iterable<T> elements, Element<T> each) {
        String inner = indent + "  ";
        b.append(open);
        boolean any = false;
        for (T e : elements) {
            b.append(any ? ",\n" : "\n").append(inner);
            each.write(e, inner);
            any = true;
        }
        if (any) {
            b.append('\n').append(indent);
        }
        b.append(close);
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> b.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        b.append('"');
    }
}
