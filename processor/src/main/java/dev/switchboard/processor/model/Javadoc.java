package dev.switchboard.processor.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Plain text from a doc comment, for descriptions taken from a class's javadoc. */
final class Javadoc {
    /** An inline tag, {@code {@code x}} or {@code {@link A#b label}}: its text (a link's label, else its target). */
    private static final Pattern INLINE = Pattern.compile("\\{@\\w+\\s+([^{}]*)}");

    private static final Pattern HTML = Pattern.compile("</?[a-zA-Z][^>]*>");

    private Javadoc() {}

    /**
     * The comment's first paragraph (up to a blank line, a {@code <p>} or the block tags), its inline
     * tags reduced to their text, HTML tags dropped and white space collapsed.
     *
     * @param comment the doc comment as javac gives it, or {@code null}
     * @return the text, or {@code ""}
     */
    static String firstParagraph(String comment) {
        if (comment == null) {
            return "";
        }
        StringBuilder first = new StringBuilder();
        for (String line : comment.strip().split("\n", -1)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("@") || l.startsWith("<p>")) {
                break;
            }
            first.append(l).append(' ');
        }
        Matcher m = INLINE.matcher(first);
        StringBuilder text = new StringBuilder();
        while (m.find()) {
            String inner = m.group(1).strip();
            int space = inner.indexOf(' ');
            // {@link Type#member label}: the label; {@code text}: the text
            String shown = m.group().startsWith("{@link") && space > 0 ? inner.substring(space + 1) : inner;
            m.appendReplacement(text, Matcher.quoteReplacement(shown));
        }
        m.appendTail(text);
        return HTML.matcher(text).replaceAll("").replaceAll("\\s+", " ").strip();
    }
}
