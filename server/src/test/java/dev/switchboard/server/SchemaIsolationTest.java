package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Chain;
import dev.switchboard.server.fixtures.ChainGraph;
import dev.switchboard.server.postgres.DriverDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ServerBuilder.schema}: two servers on one PostgreSQL database, each in a schema
 * of its own (one given a URL, one an application's data source; neither schema existing before),
 * share nothing — a thread, run or assistant of one is not visible to the other — and each keeps
 * every table (rows, checkpoints, store) in its schema. A SQLite database or a name that is not a
 * plain identifier is refused at build with a message saying why.
 */
class SchemaIsolationTest {
    @TempDir
    Path tmp;

    @Test
    void twoServersInTwoSchemasOfOneDatabaseShareNothing() throws Exception {
        try (TestPostgres db = TestPostgres.schema()) {
            String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
            String a = "sb_tenant_a_" + suffix;
            String b = "sb_tenant_b_" + suffix;
            try (SwitchboardServer one =
                            server().database(db.base).schema(a).build().start();
                    SwitchboardServer two = server().database(new DriverDataSource(db.base))
                            .schema(b)
                            .build()
                            .start()) {
                Api apiOne = new Api(one.url(), null);
                Api apiTwo = new Api(two.url(), null);
                String threadOne = apiOne.post("/threads", "{}")
                        .expect(200)
                        .json()
                        .get("thread_id")
                        .asString();
                assertEquals(
                        "[\"go\",\"a\",\"b\"]",
                        apiOne.post(
                                        "/threads/" + threadOne + "/runs/wait",
                                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"go\"]}}")
                                .expect(200)
                                .json()
                                .get("trail")
                                .toString());
                apiOne.put("/store/items", "{\"namespace\":[\"n\"],\"key\":\"k\",\"value\":{\"v\":1}}");
                String threadTwo = apiTwo.post("/threads", "{}")
                        .expect(200)
                        .json()
                        .get("thread_id")
                        .asString();

                apiTwo.get("/threads/" + threadOne).expect(404);
                apiOne.get("/threads/" + threadTwo).expect(404);
                assertEquals(
                        List.of(threadOne),
                        ids(apiOne.post("/threads/search", "{}").expect(200)));
                assertEquals(
                        List.of(threadTwo),
                        ids(apiTwo.post("/threads/search", "{}").expect(200)));
                assertEquals(
                        0,
                        apiTwo.get("/threads/" + threadTwo + "/runs")
                                .expect(200)
                                .json()
                                .size());
                assertEquals(
                        "{\"v\":1}",
                        apiOne.get("/store/items?namespace=n&key=k")
                                .expect(200)
                                .json()
                                .get("value")
                                .toString());
                assertEquals(
                        "null",
                        apiTwo.get("/store/items?namespace=n&key=k").expect(200).text());
            }
            try (Connection c = DriverManager.getConnection(db.base);
                    Statement s = c.createStatement()) {
                assertEquals(1, count(s, a + ".switchboard_server_threads"));
                assertEquals(1, count(s, a + ".switchboard_server_runs"));
                assertTrue(count(s, a + ".switchboard_checkpoints") > 0);
                assertEquals(1, count(s, a + ".switchboard_store_items"));
                assertEquals(1, count(s, b + ".switchboard_server_threads"));
                assertEquals(0, count(s, b + ".switchboard_server_runs"));
                assertEquals(0, count(s, b + ".switchboard_store_items"));
                s.execute("DROP SCHEMA " + a + " CASCADE");
                s.execute("DROP SCHEMA " + b + " CASCADE");
            }
        }
    }

    @Test
    void aSchemaOnSqliteOrANameThatIsNoPlainIdentifierIsRefusedAtBuild() {
        IllegalStateException sqlite = assertThrows(
                IllegalStateException.class,
                () -> server().database("jdbc:sqlite:" + tmp.resolve("s.db"))
                        .schema("tenant")
                        .build());
        assertTrue(sqlite.getMessage().contains("SQLite database is one file"), sqlite.getMessage());
        IllegalArgumentException name = assertThrows(
                IllegalArgumentException.class,
                () -> server().database("jdbc:postgresql://localhost:1/none")
                        .schema("Tenant; DROP")
                        .build());
        assertTrue(name.getMessage().contains("lower-case SQL identifier"), name.getMessage());
    }

    private static ServerBuilder server() {
        return SwitchboardServer.builder()
                .graph("chain", ChainGraph.builder(new Chain()))
                .port(0);
    }

    private static List<String> ids(Api.Reply reply) {
        return reply.json()
                .valueStream()
                .map(t -> t.get("thread_id").asString())
                .toList();
    }

    private static long count(Statement s, String table) throws Exception {
        try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
            r.next();
            return r.getLong(1);
        }
    }
}
