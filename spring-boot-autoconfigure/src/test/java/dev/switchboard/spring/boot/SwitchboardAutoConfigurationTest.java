package dev.switchboard.spring.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

class SwitchboardAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SwitchboardAutoConfiguration.class))
            .withUserConfiguration(DeskConfiguration.class);

    @TempDir
    Path dir;

    /** What an application declares: its service, its node class and its graph, all beans. */
    @Configuration(proxyBeanMethods = false)
    static class DeskConfiguration {
        @Bean
        Greeter greeter() {
            return line -> "re: " + line;
        }

        @Bean
        Desk desk(Greeter greeter) {
            return new Desk(greeter);
        }

        @Bean
        DeskGraph deskGraph(Desk desk, SwitchboardGraphs graphs) {
            return graphs.build(DeskGraph.builder(desk));
        }
    }

    @Test
    void withoutADataSourceThreadsLiveInMemory() {
        runner.run(context -> {
            assertInstanceOf(MemorySaver.class, context.getBean(CheckpointSaver.class));
            DeskGraph graph = context.getBean(DeskGraph.class);
            RunConfig thread = RunConfig.thread("t1");
            graph.invoke(ConversationUpdate.of().lines(List.of("hello")), thread);
            Conversation second = graph.invoke(ConversationUpdate.of().lines(List.of("again")), thread)
                    .value();
            // The injected Greeter answered, and the thread kept its first turn: the saver is wired.
            assertEquals(List.of("hello", "re: hello", "again", "re: again"), second.lines());
        });
    }

    @Test
    void aSqliteDataSourceGetsTheJdbcSaverOnItsFile() {
        Path file = dir.resolve("app.db");
        runner.withBean(DataSource.class, () -> sqlite(file)).run(context -> {
            CheckpointSaver saver = context.getBean(CheckpointSaver.class);
            JdbcSaver jdbc = assertInstanceOf(JdbcSaver.class, saver);
            assertTrue(jdbc.database().contains("app.db"), jdbc.database());
            context.getBean(DeskGraph.class)
                    .invoke(ConversationUpdate.of().lines(List.of("hi")), RunConfig.thread("s1"));
        });
        // The checkpoint is in the application's database file, readable by another saver.
        try (JdbcSaver reopened = SqliteSaver.file(file)) {
            assertTrue(reopened.getTuple("s1", "", null).isPresent());
        }
    }

    @Test
    void anApplicationsOwnSaverWins() {
        MemorySaver own = new MemorySaver();
        runner.withBean(DataSource.class, () -> sqlite(dir.resolve("unused.db")))
                .withBean("mySaver", CheckpointSaver.class, () -> own)
                .run(context -> {
                    assertSame(own, context.getBean(CheckpointSaver.class));
                    assertEquals(
                            Optional.of(own),
                            context.getBean(SwitchboardGraphs.class).saver());
                });
    }

    @Test
    void saverNoneRunsGraphsWithoutCheckpoints() {
        runner.withPropertyValues("switchboard.checkpoint.saver=none").run(context -> {
            assertTrue(context.getBeansOfType(CheckpointSaver.class).isEmpty());
            GraphOutput<Conversation> out = context.getBean(DeskGraph.class)
                    .invoke(ConversationUpdate.of().lines(List.of("hi")));
            assertEquals(List.of("hi", "re: hi"), out.value().lines());
        });
    }

    @Test
    void saverSqliteOpensItsOwnFile() {
        Path file = dir.resolve("nested/dir/checkpoints.db");
        runner.withPropertyValues("switchboard.checkpoint.saver=sqlite", "switchboard.checkpoint.sqlite-file=" + file)
                .run(context -> {
                    JdbcSaver jdbc = assertInstanceOf(JdbcSaver.class, context.getBean(CheckpointSaver.class));
                    assertTrue(jdbc.database().contains("checkpoints.db"), jdbc.database());
                });
        assertTrue(file.toFile().isFile());
    }

    @Test
    void saverJdbcWithoutADataSourceFailsNamingTheFix() {
        runner.withPropertyValues("switchboard.checkpoint.saver=jdbc").run(context -> {
            Throwable failure = context.getStartupFailure();
            assertNotNull(failure);
            String message = rootMessage(failure);
            assertTrue(message.contains("switchboard.checkpoint.saver=jdbc needs one DataSource bean"), message);
            assertTrue(message.contains("spring.datasource.url"), message);
        });
    }

    @Test
    void anInMemorySqliteDataSourceIsRefusedWithTheFix() {
        runner.withBean(DataSource.class, () -> new DriverManagerDataSource("jdbc:sqlite::memory:"))
                .run(context -> {
                    String message = rootMessage(context.getStartupFailure());
                    assertTrue(message.contains("in-memory SQLite database"), message);
                    assertTrue(message.contains("switchboard.checkpoint.saver=memory"), message);
                });
    }

    @Test
    void customizersRunOnEveryBuilder() {
        runner.withBean(SwitchboardBuilderCustomizer.class, () -> builder -> builder.interruptBefore("answer"))
                .run(context -> {
                    GraphOutput<Conversation> out = context.getBean(DeskGraph.class)
                            .invoke(ConversationUpdate.of().lines(List.of("hi")), RunConfig.thread("c1"));
                    assertTrue(out.paused(), "the customizer's breakpoint should pause before answer");
                    assertEquals(List.of("hi"), out.value().lines());
                });
    }

    @Test
    void sqliteUrlsNameTheirFile() {
        assertEquals(Path.of("/tmp/a.db"), JdbcSavers.sqliteFileOf("jdbc:sqlite:/tmp/a.db"));
        assertEquals(Path.of("/tmp/b.db"), JdbcSavers.sqliteFileOf("jdbc:sqlite:file:/tmp/b.db?cache=shared"));
    }

    private static DataSource sqlite(Path file) {
        return new DriverManagerDataSource("jdbc:sqlite:" + file);
    }

    private static String rootMessage(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage();
    }
}
