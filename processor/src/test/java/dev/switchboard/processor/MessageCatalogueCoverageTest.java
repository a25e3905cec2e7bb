package dev.switchboard.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.processor.validate.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every catalogue entry a user can trigger has a diagnostics test: a new {@link Message} without
 * one fails here. A message counts only where a test asserts it directly, as the text argument of
 * {@code assertError(compilation, Message.X.format(...), ...)} (or {@code assertWarning} for a
 * warning); one that is only formatted in a
 * helper, a variable or a comment does not. {@code INTERNAL_ERROR} is the exception: it reports a
 * processor bug, which no valid test source can provoke on purpose.
 */
class MessageCatalogueCoverageTest {
    /** {@code Message.X.format(} at the start of an argument. */
    private static final Pattern FORMAT = Pattern.compile("\\s*Message\\.([A-Z_]+)\\.format\\(");

    @Test
    void everyMessageIsAssertedByATest() throws IOException {
        Set<String> asserted = new HashSet<>();
        // The @Middleware diagnostics are asserted in switchboard-agent, which has the agent's types.
        for (Path dir : List.of(Path.of("src", "test", "java"), Path.of("..", "agent", "src", "test", "java"))) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(p -> p.toString().endsWith(".java"))
                        .filter(p -> !p.endsWith("MessageCatalogueCoverageTest.java"))
                        .forEach(p -> asserted.addAll(assertedMessages(code(read(p)))));
            }
        }
        List<String> untested = new ArrayList<>();
        for (Message m : Message.values()) {
            if (m != Message.INTERNAL_ERROR && !asserted.contains(m.name())) {
                untested.add(m.name());
            }
        }
        assertEquals(List.of(), untested);
    }

    @Test
    void onlyTheTextArgumentOfAnAssertErrorCounts() {
        String source = """
                // assertError(c, Message.A.format("x"), g, "l");
                String s = Message.B.format("x");
                assertError(c, s, g, "(");
                assertError(fails(1, g), Message.C.format("(", f(1, 2)), g, "l");
                assertError(
                        compile(x),
                        Message.D.format(
                                "y"),
                        g,
                        "l");
                assertError(c, unknown(Message.E.format("x")), g, "l");
                assertWarning(c, Message.F.format("x"), g, "l");
                """;
        assertEquals(Set.of("C", "D", "F"), assertedMessages(code(source)));
    }

    /**
     * The messages of {@code code} formatted as the second argument of an {@code assertError}
     * call, that is right after its first argument, which may itself hold calls and commas.
     */
    private static Set<String> assertedMessages(String code) {
        Set<String> out = new HashSet<>();
        Matcher call = Pattern.compile("\\bassert(Error|Warning)\\(").matcher(code);
        while (call.find()) {
            int depth = 0;
            int i = call.end();
            for (; i < code.length() && !(depth == 0 && (code.charAt(i) == ',' || code.charAt(i) == ')')); i++) {
                char ch = code.charAt(i);
                depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            }
            if (i < code.length() && code.charAt(i) == ',') {
                Matcher format = FORMAT.matcher(code).region(i + 1, code.length());
                if (format.lookingAt()) {
                    out.add(format.group(1));
                }
            }
        }
        return out;
    }

    /**
     * The source with comments removed and the contents of string, text block and character
     * literals blanked, so that parentheses, commas and "Message." in them do not count.
     */
    private static String code(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            if (source.startsWith("//", i)) {
                i = end(source, source.indexOf('\n', i), 0);
            } else if (source.startsWith("/*", i)) {
                i = end(source, source.indexOf("*/", i + 2), 2);
            } else if (source.startsWith("\"\"\"", i)) {
                i = skipLiteral(source, i + 3, "\"\"\"");
                out.append("\"\"");
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                String quote = String.valueOf(source.charAt(i));
                i = skipLiteral(source, i + 1, quote);
                out.append(quote).append(quote);
            } else {
                out.append(source.charAt(i++));
            }
        }
        return out.toString();
    }

    /** The index after a literal's closing quote, skipping escaped characters. */
    private static int skipLiteral(String source, int from, String quote) {
        int i = from;
        while (i < source.length() && !source.startsWith(quote, i)) {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(source.length(), i + quote.length());
    }

    private static int end(String source, int at, int length) {
        return at < 0 ? source.length() : at + length;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
