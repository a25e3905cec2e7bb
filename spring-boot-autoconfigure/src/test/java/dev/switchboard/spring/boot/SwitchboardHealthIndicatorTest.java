package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class SwitchboardHealthIndicatorTest {
    @TempDir
    Path dir;

    @Test
    void aReachableJdbcSaverIsUpWithItsSchemaVersion() {
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("h.db"))) {
            Health health = new SwitchboardHealthIndicator(saver).health(true);
            assertEquals(Status.UP, health.getStatus());
            assertEquals("JdbcSaver", health.getDetails().get("saver"));
            assertEquals(saver.schemaVersion(), health.getDetails().get("schemaVersion"));
            assertTrue(saver.schemaVersion() > 0);
        }
    }

    @Test
    void aSaverThatCannotReadIsDownWithItsError() {
        JdbcSaver saver = SqliteSaver.file(dir.resolve("closed.db"));
        saver.close();
        Health health = new SwitchboardHealthIndicator(saver).health(true);
        assertEquals(Status.DOWN, health.getStatus());
        assertTrue(health.getDetails().containsKey("error"), health.toString());
    }

    @Test
    void theIndicatorIsRegisteredWhenASaverExistsAndCanBeTurnedOff() {
        ApplicationContextRunner runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        SwitchboardAutoConfiguration.class, SwitchboardHealthAutoConfiguration.class));
        runner.run(context -> assertTrue(context.containsBean("switchboardHealthIndicator")));
        runner.withPropertyValues("management.health.switchboard.enabled=false")
                .run(context -> assertTrue(!context.containsBean("switchboardHealthIndicator")));
        runner.withPropertyValues("switchboard.checkpoint.saver=none")
                .run(context -> assertTrue(!context.containsBean("switchboardHealthIndicator")));
    }
}
