package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.postgresql.Driver;

/**
 * A real PgBouncer in transaction mode in front of the test PostgreSQL, for one test class: its
 * one database alias sets the test's schema on every server connection it opens ({@code
 * connect_query}), as a deployment sets it at the pooler, and it opens at most {@code poolSize} of
 * them, shared by every client one transaction at a time. Without a {@code pgbouncer} binary the
 * tests are skipped, unless {@code CI=true}, where it is a failure (CI installs Debian's package).
 * Public, in the module's test jar, for the Spring Boot module's tests.
 */
public final class TestPgBouncer implements AutoCloseable {
    private static final List<Path> BINARIES = List.of(Path.of("/usr/sbin/pgbouncer"), Path.of("/usr/bin/pgbouncer"));

    private final Process process;
    private final Path dir;
    private final int port;
    private final Properties backend;

    private TestPgBouncer(Process process, Path dir, int port, Properties backend) {
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.backend = backend;
    }

    /**
     * Starts one before the database named by {@code db}, its alias {@code sbtest} reaching {@code
     * db}'s schema.
     */
    static TestPgBouncer before(TestPostgres db, int poolSize) throws Exception {
        return before(db.base, db.schema, poolSize);
    }

    /**
     * Starts one before the database of a {@code jdbc:postgresql:} URL, its alias {@code sbtest}
     * reaching {@code schema} there.
     *
     * @param base the database's URL, with user and password
     * @param schema the schema every server connection of the pooler is set to
     * @param poolSize the most server connections it opens
     * @return the running pooler; close it
     * @throws Exception if it cannot start (skipped without a binary, unless under CI)
     */
    public static TestPgBouncer before(String base, String schema, int poolSize) throws Exception {
        Path binary = BINARIES.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (binary == null) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("PgBouncer is required under CI but no pgbouncer binary is installed (apt-get install pgbouncer)");
            }
            Assumptions.abort("install pgbouncer (Debian: apt-get install pgbouncer) to run the PgBouncer tests");
        }
        Properties backend = Driver.parseURL(base, null);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // PgBouncer refuses to run as root; started as root it switches to postgres, who must
        // read its files and write its log
        Path dir = Files.createTempDirectory(
                "pgbouncer", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path users = dir.resolve("userlist.txt");
        Files.writeString(
                users, "\"" + backend.getProperty("user") + "\" \"" + backend.getProperty("password", "") + "\"\n");
        Path ini = dir.resolve("pgbouncer.ini");
        Files.writeString(
                ini,
                String.join(
                        "\n",
                        "[databases]",
                        "sbtest = host=" + backend.getProperty("PGHOST") + " port=" + backend.getProperty("PGPORT")
                                + " dbname=" + backend.getProperty("PGDBNAME") + " pool_size=" + poolSize
                                + " connect_query='SET search_path TO " + schema + "'",
                        "[pgbouncer]",
                        "listen_addr = 127.0.0.1",
                        "listen_port = " + port,
                        "unix_socket_dir =",
                        "auth_type = trust",
                        "auth_file = " + users,
                        "pool_mode = transaction",
                        "max_client_conn = 200",
                        // pgjdbc sends it at start-up; PgBouncer tracks only a few parameters
                        "ignore_startup_parameters = extra_float_digits",
                        "logfile = " + dir.resolve("pgbouncer.log"),
                        ""));
        for (Path p : List.of(users, ini)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
        }
        ProcessBuilder pb = "root".equals(System.getProperty("user.name"))
                ? new ProcessBuilder(binary.toString(), "-u", "postgres", ini.toString())
                : new ProcessBuilder(binary.toString(), ini.toString());
        Process process = pb.redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .start();
        TestPgBouncer bouncer = new TestPgBouncer(process, dir, port, backend);
        bouncer.awaitListening();
        return bouncer;
    }

    private void awaitListening() throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end) {
            if (!process.isAlive()) {
                fail("pgbouncer exited with " + process.exitValue() + ": " + log());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        fail("pgbouncer did not listen on " + port + " within 10 s: " + log());
    }

    /**
     * The JDBC URL of the pooled alias: pgjdbc's server-side prepared statements off, which
     * PgBouncer before 1.21 does not carry across transactions.
     *
     * @param applicationName what PostgreSQL's {@code pg_stat_activity} shows for its connections
     * @return the URL
     */
    public String url(String applicationName) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/sbtest?user=" + backend.getProperty("user") + "&password="
                + backend.getProperty("password", "") + "&prepareThreshold=0&ApplicationName=" + applicationName;
    }

    /**
     * Asserts that none of the pooler's server connections keeps an isolation level a client set
     * for its session: each is held by a client in a transaction at once, and each reads
     * PostgreSQL's default.
     *
     * @param poolSize the pooler's server connections, as given to {@link #before}
     * @throws SQLException if the pooler cannot be reached
     */
    public void assertNoSessionIsolationLeft(int poolSize) throws SQLException {
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < poolSize; i++) {
                Connection c = DriverManager.getConnection(url("sb-probe"));
                held.add(c);
                c.setAutoCommit(false);
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery("SHOW transaction_isolation")) {
                    r.next();
                    assertEquals("read committed", r.getString(1), "server connection " + i + "'s isolation");
                }
            }
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
    }

    /**
     * PostgreSQL's client backends on the database that last served {@code applicationName}.
     *
     * @param direct a URL straight to the database
     * @param applicationName the application name of the connections to count
     * @return how many there are
     * @throws SQLException if the database cannot be reached
     */
    public static int backends(String direct, String applicationName) throws SQLException {
        try (Connection c = DriverManager.getConnection(direct);
                PreparedStatement p = c.prepareStatement("SELECT count(*) FROM pg_stat_activity"
                        + " WHERE datname = current_database() AND application_name = ?")) {
            p.setString(1, applicationName);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /**
     * What PgBouncer logged, for failures.
     *
     * @return its log and output
     * @throws IOException if they cannot be read
     */
    public String log() throws IOException {
        Path log = dir.resolve("pgbouncer.log");
        Path out = dir.resolve("stdout.txt");
        return (Files.exists(log) ? Files.readString(log) : "") + (Files.exists(out) ? Files.readString(out) : "");
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }
}
