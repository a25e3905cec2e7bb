package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.Chain;
import dev.switchboard.server.fixtures.ChainGraph;
import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.ApiRequest;
import dev.switchboard.server.http.ApiResponse;
import dev.switchboard.server.postgres.DriverDataSource;
import dev.switchboard.server.wire.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A server built as an application hosts it: on the application's {@link DataSource} (no JDBC URL,
 * no password), with the application's saver and an already built graph, its API served through
 * {@link SwitchboardServer#handler()} by the application's own HTTP server (no port bound), and the
 * caller's identity given by that server ({@link ApiRequest#principal()}), as Spring Security does.
 */
class DataSourceServerTest {
    @Test
    void aServerOnAnApplicationsDataSourceKeepsItsRowsThereAndHandsEveryConnectionBack() throws Exception {
        try (TestPostgres db = TestPostgres.schema()) {
            CountingDataSource pool = new CountingDataSource(new DriverDataSource(db.url()));
            JdbcSaver saver = PostgresSaver.dataSource(pool);
            SwitchboardServer server = SwitchboardServer.builder()
                    .graph(
                            "chain",
                            ChainGraph.builder(new Chain()).checkpointer(saver).build())
                    .database(pool)
                    .checkpointer(saver)
                    .httpServer(false)
                    .build()
                    .start();
            try {
                assertThrows(IllegalStateException.class, server::port);
                ApiHandler api = server.handler();
                String thread = call(api, "POST", "/threads", "{}", "alice")
                        .get("thread_id")
                        .asString();
                JsonNode result = call(
                        api,
                        "POST",
                        "/threads/" + thread + "/runs/wait",
                        "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"go\"]}}",
                        "alice");
                assertEquals("[\"go\",\"a\",\"b\"]", result.get("trail").toString());
                assertEquals(
                        "[\"go\",\"a\",\"b\"]",
                        call(api, "GET", "/threads/" + thread + "/state", null, "alice")
                                .get("values")
                                .get("trail")
                                .toString());

                // the identity the host gave owns the thread: another, or none, does not see it
                assertEquals(404, status(api, "GET", "/threads/" + thread, "bob"));
                assertEquals(404, status(api, "GET", "/threads/" + thread, null));
                assertEquals(
                        0, call(api, "POST", "/threads/search", "{}", "bob").size());

                try (Connection c = db.connect();
                        Statement s = c.createStatement()) {
                    // the thread is stored under alice's owner-scoped id, not the one she names
                    String stored;
                    try (ResultSet r = s.executeQuery("SELECT thread_id FROM switchboard_server_runs")) {
                        assertTrue(r.next());
                        stored = r.getString(1);
                        assertFalse(r.next());
                    }
                    assertNotEquals(thread, stored);
                    assertTrue(count(
                                    s,
                                    "switchboard_checkpoints c JOIN switchboard_spaces sp ON sp.id = c.space WHERE sp.thread_id = '"
                                            + stored + "'")
                            > 0);
                }
                assertTrue(pool.opened.get() > 0);
            } finally {
                server.close();
                saver.close();
            }
            assertEquals(0, pool.open.get(), "connections the server kept after close()");
        }
    }

    @Test
    void aWorkerNeedsPostgresAndOnPostgresTheSaverMustBeAJdbcSaver() throws Exception {
        try (TestPostgres db = TestPostgres.schema()) {
            DataSource pool = new DriverDataSource(db.url());
            IllegalStateException notJdbc = assertThrows(
                    IllegalStateException.class,
                    () -> SwitchboardServer.builder()
                            .graph("chain", ChainGraph.builder(new Chain()))
                            .database(pool)
                            .checkpointer(new MemorySaver())
                            .build());
            assertTrue(notJdbc.getMessage().contains("must be a JdbcSaver"), notJdbc.getMessage());
        }
        IllegalStateException noQueue = assertThrows(
                IllegalStateException.class,
                () -> SwitchboardServer.builder()
                        .graph("chain", ChainGraph.builder(new Chain()))
                        .checkpointer(new MemorySaver())
                        .worker()
                        .build());
        assertTrue(noQueue.getMessage().contains("PostgreSQL"), noQueue.getMessage());
    }

    private static int count(Statement s, String from) throws SQLException {
        try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + from)) {
            r.next();
            return r.getInt(1);
        }
    }

    private static JsonNode call(ApiHandler api, String method, String path, String body, String who) throws Exception {
        ApiResponse r = api.handle(new Request(method, path, body, who));
        String text = text(r);
        assertEquals(200, r.status(), () -> method + " " + path + " answered " + text);
        return Json.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    private static int status(ApiHandler api, String method, String path, String who) {
        return api.handle(new Request(method, path, null, who)).status();
    }

    private static String text(ApiResponse r) throws Exception {
        if (!r.streamed()) {
            return new String(r.body(), StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        r.stream().writeTo(out);
        return out.toString(StandardCharsets.UTF_8).trim();
    }

    /** A request as an application's HTTP server hands it over, its caller already authenticated. */
    private record Request(String method, String path, String json, String principal) implements ApiRequest {
        @Override
        public String rawQuery() {
            return null;
        }

        @Override
        public String header(String name) {
            Map<String, String> headers = json == null
                    ? Map.of("host", "127.0.0.1")
                    : Map.of(
                            "host",
                            "127.0.0.1",
                            "content-type",
                            "application/json",
                            "content-length",
                            Integer.toString(json.getBytes(StandardCharsets.UTF_8).length));
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }

        @Override
        public InputStream body() {
            return new ByteArrayInputStream(json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** An application's data source, counting the connections it handed out and not yet got back. */
    private static final class CountingDataSource implements DataSource {
        final AtomicInteger open = new AtomicInteger();
        final AtomicInteger opened = new AtomicInteger();
        private final DataSource target;

        CountingDataSource(DataSource target) {
            this.target = target;
        }

        @Override
        public Connection getConnection() throws SQLException {
            Connection c = target.getConnection();
            open.incrementAndGet();
            opened.incrementAndGet();
            AtomicInteger closed = new AtomicInteger();
            return (Connection) Proxy.newProxyInstance(
                    Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, m, args) -> {
                        if (m.getName().equals("close") && closed.getAndIncrement() == 0) {
                            open.decrementAndGet();
                        }
                        if (m.getName().equals("unwrap") && ((Class<?>) args[0]).isInstance(c)) {
                            return c;
                        }
                        try {
                            return m.invoke(c, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        @Override
        public Connection getConnection(String username, String password) {
            throw new UnsupportedOperationException();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> iface) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
