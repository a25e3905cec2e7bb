package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tools.jackson.core.Version;

/** The start-up check against a Jackson 3 pinned below what the runtime needs. */
class JacksonVersionTest {
    @Test
    void anOlderJacksonStopsTheApplicationNamingTheFix() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> JacksonVersion.check(new Version(3, 0, 3, null, "tools.jackson.core", "jackson-databind")));
        assertTrue(e.getMessage().contains("3.1.7 or newer"), e.getMessage());
        assertTrue(e.getMessage().contains("has 3.0.3"), e.getMessage());
        assertTrue(e.getMessage().contains("switchboard-bom"), e.getMessage());
        assertDoesNotThrow(
                () -> JacksonVersion.check(new Version(3, 1, 7, null, "tools.jackson.core", "jackson-databind")));
        assertDoesNotThrow(() -> JacksonVersion.check());
    }
}
