package dev.switchboard.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Channel implementations are package-private: the loop and generated code reach a kind only
 * through its {@link ChannelSpec}, so an implementation can change without touching its users.
 */
class ChannelVisibilityTest {
    private static final Path CLASSES = Path.of(System.getProperty("basedir", ""))
            .toAbsolutePath()
            .resolve("target/classes/dev/switchboard/runtime/channel");

    @Test
    void noChannelImplementationIsPublic() throws Exception {
        List<Class<?>> implementations = channelClasses().stream()
                .filter(c -> c != Channel.class && Channel.class.isAssignableFrom(c))
                .toList();
        assertTrue(implementations.size() >= 8, "found only " + implementations + " under " + CLASSES);
        List<String> publicOnes = implementations.stream()
                .filter(c -> Modifier.isPublic(c.getModifiers()))
                .map(Class::getSimpleName)
                .sorted()
                .toList();
        assertEquals(List.of(), publicOnes, "make these channel implementations package-private");
    }

    private static List<Class<?>> channelClasses() throws IOException, ClassNotFoundException {
        List<String> names;
        try (Stream<Path> files = Files.list(CLASSES)) {
            names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$") && !n.startsWith("package-info"))
                    .map(n -> Channel.class.getPackageName() + "." + n.substring(0, n.length() - ".class".length()))
                    .toList();
        }
        List<Class<?>> classes = new java.util.ArrayList<>();
        for (String name : names) {
            classes.add(Class.forName(name));
        }
        return classes;
    }
}
