package dev.switchboard.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.processor.validate.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every catalogue entry a user can trigger has a diagnostics test: a new {@link Message} without
 * one fails here. {@code INTERNAL_ERROR} is the exception: it reports a processor bug, which no
 * valid test source can provoke on purpose.
 */
class MessageCatalogueCoverageTest {
    @Test
    void everyMessageIsAssertedByATest() throws IOException {
        String tests;
        try (Stream<Path> files = Files.walk(Path.of("src", "test", "java"))) {
            tests = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.endsWith("MessageCatalogueCoverageTest.java"))
                    .map(MessageCatalogueCoverageTest::read)
                    .collect(Collectors.joining("\n"));
        }
        List<String> untested = new ArrayList<>();
        for (Message m : Message.values()) {
            if (m != Message.INTERNAL_ERROR && !tests.contains("Message." + m.name() + ".format(")) {
                untested.add(m.name());
            }
        }
        assertEquals(List.of(), untested);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
