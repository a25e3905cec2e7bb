package dev.switchboard.tests.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A record of a sealed interface renamed between versions ({@code versions/shapes}): version 2's
 * {@code @Tag(value = "Round", aliases = "Circle")} reads the circles version 1 stored, in the
 * values, the history and the delta chain of an appending channel, and writes its own tag.
 */
class SealedTagUpgradeTest {
    private static VersionDriver v1;
    private static VersionDriver v2;

    @TempDir
    static Path build;

    @TempDir
    Path data;

    @BeforeAll
    static void compileTheVersions() {
        Path schemas = build.resolve("schemas");
        v1 = GraphVersions.compile("versions/shapes/v1", schemas, build.resolve("v1"));
        v2 = GraphVersions.compile("versions/shapes/v2", schemas, build.resolve("v2"));
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void circlesStoredByVersion1ReadAsRounds(Stores.Kind kind) throws Exception {
        try (Stores store = new Stores(kind, data)) {
            v1.say(store.open(), "t", "circle 1");
            v1.say(store.open(), "t", "square 2");
            v1.say(store.open(), "t", "circle 3");
            assertEquals(
                    Map.of("shapes", "[Round[r=1.0], Square[side=2.0], Round[r=3.0]]", "last", "Round[r=3.0]"),
                    v2.state(store.open(), "t").values());
            for (Map<String, Object> values : v2.history(store.open(), "t")) {
                assertEquals(false, values.toString().contains("Circle"), values.toString());
            }
            assertEquals(
                    "[Round[r=1.0], Square[side=2.0], Round[r=3.0], Round[r=4.0]]",
                    v2.say(store.open(), "t", "circle 4").values().get("shapes"));
            assertEquals(List.of(), v2.state(store.open(), "t").next());
        }
    }
}
