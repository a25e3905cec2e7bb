package dev.switchboard.runtime;

/** Blanks out Java comments, keeping line breaks, strings and character literals. */
final class JavaComments {
    private JavaComments() {}

    static String strip(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = blank(source, i, end < 0 ? n : end, out);
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = blank(source, i, end < 0 ? n : end + 2, out);
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                i = copy(source, i, end < 0 ? n : end + 3, out);
            } else if (c == '"' || c == '\'') {
                i = copy(source, i, endOfLiteral(source, i), out);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int endOfLiteral(String source, int start) {
        char quote = source.charAt(start);
        int i = start + 1;
        while (i < source.length() && source.charAt(i) != quote && source.charAt(i) != '\n') {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i + 1, source.length());
    }

    private static int blank(String source, int from, int to, StringBuilder out) {
        for (int i = from; i < to; i++) {
            out.append(source.charAt(i) == '\n' ? '\n' : ' ');
        }
        return to;
    }

    private static int copy(String source, int from, int to, StringBuilder out) {
        out.append(source, from, to);
        return to;
    }
}
