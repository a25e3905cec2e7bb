package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class SwitchboardStoreTest {
    private static final Namespace PREFS = Namespace.of("users", "u-1", "prefs");

    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SwitchboardAutoConfiguration.class));

    @TempDir
    Path dir;

    @Test
    void withoutADataSourceTheStoreIsInMemoryAndGraphsGetIt() {
        runner.run(context -> {
            Store store = context.getBean(Store.class);
            assertInstanceOf(InMemoryStore.class, store);
            assertEquals(
                    Optional.of(store), context.getBean(SwitchboardGraphs.class).store());
        });
    }

    @Test
    void aSqliteDataSourceKeepsTheStoreInItsFile() {
        Path file = dir.resolve("app.db");
        runner.withBean(DataSource.class, () -> new DriverManagerDataSource("jdbc:sqlite:" + file))
                .run(context -> {
                    Store store = context.getBean(Store.class);
                    assertInstanceOf(JdbcStore.class, store);
                    store.put(PREFS, "tone", Map.of("value", "formal"));
                });
        try (JdbcStore reopened = SqliteStore.file(file)) {
            assertEquals(
                    Map.of("value", "formal"),
                    reopened.get(PREFS, "tone").orElseThrow().value());
        }
    }

    @Test
    void anApplicationsOwnStoreWinsAndKindNoneLeavesGraphsWithout() {
        InMemoryStore own = new InMemoryStore();
        runner.withBean("myStore", Store.class, () -> own)
                .run(context -> assertSame(own, context.getBean(Store.class)));
        runner.withPropertyValues("switchboard.store.kind=none").run(context -> {
            assertTrue(context.getBeansOfType(Store.class).isEmpty());
            assertEquals(
                    Optional.empty(), context.getBean(SwitchboardGraphs.class).store());
        });
    }

    @Test
    void kindSqliteOpensItsOwnFileAndKindJdbcWithoutADataSourceFailsNamingTheFix() {
        Path file = dir.resolve("nested/store.db");
        runner.withPropertyValues("switchboard.store.kind=sqlite", "switchboard.store.sqlite-file=" + file)
                .run(context -> assertInstanceOf(JdbcStore.class, context.getBean(Store.class)));
        assertTrue(file.toFile().isFile());
        runner.withPropertyValues("switchboard.store.kind=jdbc").run(context -> {
            Throwable t = context.getStartupFailure();
            while (t.getCause() != null) {
                t = t.getCause();
            }
            assertTrue(
                    t.getMessage().contains("switchboard.store.kind=jdbc needs one DataSource bean"), t.getMessage());
        });
    }
}
