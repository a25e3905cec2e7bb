package dev.switchboard.tests.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lossless promotions ({@code versions/ledger}): version 2 widens every component of version 1
 * without a migration (int to long, alone and inside an appending list, float to double, long to
 * BigDecimal, String to Optional, a nested record gaining an Optional component); the processor
 * accepts the change against version 1's exported schema, and version 2 reads what version 1
 * stored, in its values, its history and the delta chain of the list, as the wider types.
 */
class PromotionUpgradeTest {
    private static VersionDriver v1;
    private static VersionDriver v2;

    @TempDir
    static Path build;

    @TempDir
    Path data;

    @BeforeAll
    static void compileTheVersions() {
        Path schemas = build.resolve("schemas");
        v1 = GraphVersions.compile("versions/ledger/v1", schemas, build.resolve("v1"));
        v2 = GraphVersions.compile("versions/ledger/v2", schemas, build.resolve("v2"));
    }

    @ParameterizedTest
    @EnumSource(Stores.Kind.class)
    void version2ReadsVersion1sNumbersAsWiderOnes(Stores.Kind kind) throws Exception {
        assertEquals(true, Files.exists(build.resolve("schemas/upgrade.Book/2.json")));
        try (Stores store = new Stores(kind, data)) {
            v1.say(store.open(), "t", "250");
            v1.say(store.open(), "t", "100");
            assertEquals(
                    Map.of(
                            "amounts", "[250:Integer, 100:Integer]",
                            "count", "2:Integer",
                            "rate", "0.5:Float",
                            "cents", "350:Long",
                            "note", "booked 100:String",
                            "place", "Place[city=Lyon]"),
                    v1.state(store.open(), "t").values());
            Map<String, String> read = v2.state(store.open(), "t").values();
            assertEquals(
                    Map.of(
                            "amounts", "[250:Long, 100:Long]",
                            "count", "2:Long",
                            "rate", "0.5:Double",
                            "cents", "350:BigDecimal",
                            "note", "Optional[booked 100]:Optional",
                            "place", "Place[city=Lyon, zip=Optional.empty]"),
                    read);
            List<Map<String, Object>> history = v2.history(store.open(), "t");
            assertEquals(6, history.size());
            // The first run's input checkpoint: the list holds one amount, nothing else is written.
            assertEquals(
                    Map.of(
                            "amounts", "[250:Long]",
                            "count", "0:Long",
                            "rate", "0.0:Double",
                            "cents", "null",
                            "note", "Optional.empty:Optional",
                            "place", "null"),
                    history.get(4));
            assertEquals(
                    Map.of(
                            "amounts", "[250:Long, 100:Long, 7:Long]",
                            "count", "3:Long",
                            "rate", "1.0:Double",
                            "cents", "357:BigDecimal",
                            "note", "Optional[booked 7 after booked 100]:Optional",
                            "place", "Place[city=Lyon, zip=Optional[69001]]"),
                    v2.say(store.open(), "t", "7").values());
        }
    }
}
