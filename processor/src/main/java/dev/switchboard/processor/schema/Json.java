package dev.switchboard.processor.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON a schema file needs, without a library on the processor's path: objects as
 * insertion-ordered maps, arrays as lists, strings, integers, booleans. Written with two-space
 * indentation, an object of plain values on one line, so that a diff of two versions reads well.
 */
final class Json {
    private Json() {}

    /** A malformed file: where and what. */
    static final class MalformedException extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedException(String message) {
            super(message);
        }
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, "");
        return out.append('\n').toString();
    }

    private static void write(Object value, StringBuilder out, String indent) {
        if (value instanceof Map<?, ?> map) {
            writeObject(map, out, indent);
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ", ");
                write(list.get(i), out, indent);
            }
            out.append(']');
        } else if (value instanceof String s) {
            quote(s, out);
        } else {
            out.append(value);
        }
    }

    private static void writeObject(Map<?, ?> map, StringBuilder out, String indent) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        boolean flat = map.values().stream().noneMatch(v -> v instanceof Map<?, ?>);
        String inner = indent + "  ";
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            out.append(first ? "" : ",").append(flat ? (first ? "" : " ") : "\n" + inner);
            quote((String) e.getKey(), out);
            out.append(": ");
            write(e.getValue(), out, inner);
            first = false;
        }
        out.append(flat ? "}" : "\n" + indent + "}");
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    static Object parse(String text) throws MalformedException {
        Parser p = new Parser(text);
        Object v = p.value();
        p.skipSpace();
        if (p.at < text.length()) {
            throw p.error("more after the value");
        }
        return v;
    }

    private static final class Parser {
        private final String s;
        private int at;

        Parser(String s) {
            this.s = s;
        }

        MalformedException error(String what) {
            int line = 1;
            for (int i = 0; i < Math.min(at, s.length()); i++) {
                line += s.charAt(i) == '\n' ? 1 : 0;
            }
            return new MalformedException(what + " at line " + line);
        }

        void skipSpace() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        Object value() throws MalformedException {
            skipSpace();
            if (at >= s.length()) {
                throw error("unexpected end");
            }
            char c = s.charAt(at);
            if (c == '{') {
                return object();
            }
            if (c == '[') {
                return array();
            }
            if (c == '"') {
                return string();
            }
            for (String word : List.of("true", "false", "null")) {
                if (s.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < s.length() && (s.charAt(at) == '-' || Character.isDigit(s.charAt(at)))) {
                at++;
            }
            if (start == at) {
                throw error("unexpected '" + c + "'");
            }
            try {
                return Long.parseLong(s.substring(start, at));
            } catch (NumberFormatException e) {
                throw error("bad number");
            }
        }

        Map<String, Object> object() throws MalformedException {
            Map<String, Object> out = new LinkedHashMap<>();
            at++;
            skipSpace();
            if (at < s.length() && s.charAt(at) == '}') {
                at++;
                return out;
            }
            while (true) {
                skipSpace();
                if (at >= s.length() || s.charAt(at) != '"') {
                    throw error("expected a name");
                }
                String key = string();
                skipSpace();
                expect(':');
                if (out.put(key, value()) != null) {
                    throw error("duplicate name \"" + key + "\"");
                }
                skipSpace();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                    continue;
                }
                expect('}');
                return out;
            }
        }

        List<Object> array() throws MalformedException {
            List<Object> out = new ArrayList<>();
            at++;
            skipSpace();
            if (at < s.length() && s.charAt(at) == ']') {
                at++;
                return out;
            }
            while (true) {
                out.add(value());
                skipSpace();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                    continue;
                }
                expect(']');
                return out;
            }
        }

        String string() throws MalformedException {
            StringBuilder out = new StringBuilder();
            at++;
            while (at < s.length()) {
                char c = s.charAt(at++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (at >= s.length()) {
                    break;
                }
                char e = s.charAt(at++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (at + 4 > s.length()) {
                            throw error("bad escape");
                        }
                        try {
                            out.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                        } catch (NumberFormatException x) {
                            throw error("bad escape");
                        }
                        at += 4;
                    }
                    default -> out.append(e);
                }
            }
            throw error("unterminated string");
        }

        void expect(char c) throws MalformedException {
            if (at >= s.length() || s.charAt(at) != c) {
                throw error("expected '" + c + "'");
            }
            at++;
        }
    }
}
