package dev.switchboard.server;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link DoubleTextingContract} on the PostgreSQL run queue: two server JVMs on one schema, run A
 * created through one, B through the other, so the rule holds whichever JVM runs the busy run.
 */
class PostgresDoubleTextingTest extends DoubleTextingContract {
    private static TestPostgres db;
    private SwitchboardServer one;
    private SwitchboardServer two;

    @BeforeAll
    static void schema() throws Exception {
        db = TestPostgres.schema();
    }

    @AfterAll
    static void drop() throws Exception {
        if (db != null) {
            db.close();
        }
    }

    @Override
    void startServers() throws Exception {
        one = QueueServers.on(db, Duration.ofSeconds(5), Duration.ofSeconds(1))
                .build()
                .start();
        two = QueueServers.on(db, Duration.ofSeconds(5), Duration.ofSeconds(1))
                .build()
                .start();
        api = new Api(one.url(), null);
        other = new Api(two.url(), null);
    }

    @Override
    void stopServers() {
        if (two != null) {
            two.close();
        }
        if (one != null) {
            one.close();
        }
    }
}
