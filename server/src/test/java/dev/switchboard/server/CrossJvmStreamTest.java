package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.postgres.EventLog;
import dev.switchboard.server.wire.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two server JVMs' worth of servers on one PostgreSQL schema: a client streaming or join-streaming
 * a run through the server that does not run it gets the events the owner's own stream gets, in
 * order, through the events table, and its stream ends when the run ends.
 */
class CrossJvmStreamTest {
    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private TestPostgres db;
    private SwitchboardServer one;
    private SwitchboardServer two;
    private Api api1;
    private Api api2;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        Gated.GATE.drainPermits();
        db = TestPostgres.schema();
        one = server(1); // one run at a time each: a run created on a busy server goes to the other
        two = server(1);
        api1 = new Api(one.url(), null);
        api2 = new Api(two.url(), null);
    }

    private SwitchboardServer server(int maxRuns) throws Exception {
        return QueueServers.on(db, Duration.ofMillis(1000), Duration.ofMillis(200))
                .maxRuns(maxRuns)
                .build()
                .start();
    }

    @AfterEach
    void stop() throws Exception {
        Gated.GATE.release(100);
        for (SwitchboardServer s : new SwitchboardServer[] {one, two}) {
            if (s != null) {
                s.close();
            }
        }
        if (db != null) {
            db.close();
        }
    }

    /**
     * A gated run created on server one, inside step 2 on whichever server claimed it (its only
     * slot); answers thread and run ids.
     */
    private String[] busy() throws Exception {
        String[] t = api1.runPastItsFirstStep("gated", "\"stream_mode\":[\"values\",\"updates\",\"tasks\"]");
        // claimed with its insert: the other server, woken by it, could otherwise take it first
        assertEquals(one, owner(t[1]), "a run starts on the server that received it when that one has room");
        return t;
    }

    @Test
    void aRunStreamedThroughTheServerThatDoesNotRunItGetsTheOwnersEvents() throws Exception {
        String[] busy = busy();
        Api full = api(owner(busy[1])); // the streamed run goes to the other server
        Api free = api(other(busy[1]));
        String body = "{\"assistant_id\":\"chat\",\"input\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]},"
                + "\"stream_mode\":[\"values\",\"updates\",\"messages\",\"messages-tuple\",\"custom\"]}";
        String remoteThread = full.newThread();
        Api.Reply remote =
                full.post("/threads/" + remoteThread + "/runs/stream", body).expect(200);
        String runId = runOf(full, remoteThread);
        assertEquals(other(busy[1]), owner(runId), "the run ran on the other server");
        assertEquals(
                "success",
                full.get("/threads/" + remoteThread + "/runs/" + runId)
                        .json()
                        .get("status")
                        .asString(),
                "the stream ended with the run");
        String localThread = free.newThread();
        String local = free.post("/threads/" + localThread + "/runs/stream", body)
                .expect(200)
                .text();
        List<String> expected = normalized(local);
        assertTrue(expected.size() > 8, expected::toString);
        assertEquals(expected, normalized(remote.text()));
        Gated.GATE.release();
        assertEquals(List.of("A", 1, 2), trail(busy));
    }

    @Test
    void aJoinStreamStartedMidRunOnTheOtherServerReceivesTheWholeRunInOrder() throws Exception {
        String[] busy = busy();
        String path = "/threads/" + busy[0] + "/runs/" + busy[1] + "/stream";
        Tap remote = new Tap(other(busy[1]).url().resolve(path)); // both connected while the run waits in step 2
        Tap local = new Tap(owner(busy[1]).url().resolve(path));
        int beforeRelease = replayed(local, remote); // what the run streamed so far
        Gated.GATE.release();
        List<String> remoteEvents = remote.finish();
        List<String> localEvents = local.finish();
        assertTrue(beforeRelease > 0 && beforeRelease < remoteEvents.size(), remoteEvents::toString);
        assertEquals(localEvents, remoteEvents);
        assertEquals("values", remoteEvents.get(remoteEvents.size() - 1).split("\n")[0]);
        assertTrue(remoteEvents.get(remoteEvents.size() - 1).contains("[\"A\",1,2]"), remoteEvents::toString);
        assertEquals(List.of("A", 1, 2), trail(busy));
    }

    @Test
    void aStreamResumedThroughTheOtherServerWithLastEventIdGetsTheRestUnderTheOwnersIds() throws Exception {
        String[] busy = busy();
        String path = "/threads/" + busy[0] + "/runs/" + busy[1] + "/stream";
        List<Sse.Event> first;
        try (Sse s = Sse.get(owner(busy[1]).url().resolve(path))) {
            first = s.take(3);
        }
        List<Sse.Event> rest;
        try (Sse s = Sse.get(
                other(busy[1]).url().resolve(path),
                "Last-Event-ID",
                first.get(2).id())) {
            Gated.GATE.release();
            rest = s.rest();
        }
        List<Sse.Event> all;
        try (Sse s = Sse.get(owner(busy[1]).url().resolve(path))) {
            all = s.rest();
        }
        assertTrue(all.size() > 5, all::toString);
        assertEquals(all.subList(0, 3), first);
        assertEquals(all.subList(3, all.size()), rest);
        try (Sse s = Sse.get(other(busy[1]).url().resolve(path), "Last-Event-ID", "4")) {
            assertEquals(all.subList(5, all.size()), s.rest(), "a done run's rows, from the other server too");
        }
    }

    @Test
    void aRunClaimedAgainStreamsTheSameEventsUnderTheSameIdsOnEveryServer() throws Exception {
        String[] busy = busy();
        SwitchboardServer three = server(1);
        try {
            one.close(); // hands its run back: server two or three claims it again, step 2 waits at the gate
            one = null;
            SwitchboardServer owner = null;
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while ((owner = claimedAgainBy(busy[1], two, three)) == null) {
                assertTrue(System.nanoTime() < end, "no server claimed the run again");
                Thread.sleep(50);
            }
            SwitchboardServer other = owner == two ? three : two;
            Thread.sleep(300); // attempt 2 is inside step 2
            String path = "/threads/" + busy[0] + "/runs/" + busy[1] + "/stream";
            try (Sse onOwner = Sse.get(owner.url().resolve(path));
                    Sse onOther = Sse.get(other.url().resolve(path))) {
                Gated.GATE.release(2); // one may go to the closed server's step still waiting there
                List<Sse.Event> owners = onOwner.rest();
                assertEquals(owners, onOther.rest());
                assertEquals(
                        2,
                        owners.stream().filter(e -> e.name().equals("metadata")).count(),
                        owners::toString);
                assertEquals(
                        String.valueOf(owners.size() - 1),
                        owners.get(owners.size() - 1).id());
            }
        } finally {
            three.close();
        }
    }

    @Test
    void cancelOnDisconnectThroughTheOtherServerInterruptsTheRunWhereItRuns() throws Exception {
        String[] busy = busy();
        String path = "/threads/" + busy[0] + "/runs/" + busy[1] + "/stream?cancel_on_disconnect=true";
        try (Sse s = Sse.get(other(busy[1]).url().resolve(path))) {
            assertEquals("metadata", s.next().name());
        }
        Api owner = api(owner(busy[1]));
        owner.poll(
                "/threads/" + busy[0] + "/runs/" + busy[1],
                r -> r.get("status").asString().equals("interrupted"));
        Gated.GATE.release();
        Thread.sleep(300); // the blocked step ends now; its write must not count
        assertEquals(
                "[\"A\",1]",
                owner.get("/threads/" + busy[0] + "/state")
                        .json()
                        .path("values")
                        .path("trail")
                        .toString());
    }

    @Test
    void eventRowsGoWithTheirThreadAndArePrunedOnlyOnceTheirRunIsDone() throws Exception {
        String[] busy = busy(); // running: its rows stay whatever their age
        String tid = api2.newThread();
        api2.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200);
        String done = runOf(api2, tid);
        assertTrue(rows(done) > 0 && rows(busy[1]) > 0);
        try (ConnectionPool pool = ConnectionPool.postgres(db.url(), 1, Duration.ofSeconds(5));
                EventLog log = EventLog.open(pool, "the test schema")) {
            assertEquals(0, log.prune(Duration.ofMinutes(1)), "nothing recent is pruned");
            int doneRows = rows(done);
            assertEquals(doneRows, log.prune(Duration.ZERO));
        }
        assertEquals(0, rows(done));
        assertTrue(rows(busy[1]) > 0, "a running run's rows are kept");
        Gated.GATE.release();
        trail(busy);
        api1.delete("/threads/" + busy[0]).expect(204);
        assertEquals(0, rows(busy[1]), "deleted with their thread");
    }

    private int rows(String runId) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(
                        "SELECT count(*) FROM switchboard_server_events WHERE run_id = '" + runId + "'")) {
            r.next();
            return r.getInt(1);
        }
    }

    /** Prints (does not assert) how much later an event reaches a client of the other server. */
    @Test
    void printsTheAddedLatencyPerEvent() throws Exception {
        List<Long> added = new ArrayList<>();
        for (int round = 0; round < 10; round++) {
            String[] busy = busy();
            String path = "/threads/" + busy[0] + "/runs/" + busy[1] + "/stream";
            Tap remote = new Tap(other(busy[1]).url().resolve(path));
            Tap local = new Tap(owner(busy[1]).url().resolve(path));
            int from = replayed(local, remote); // only the events after the gate count
            Gated.GATE.release();
            remote.finish();
            local.finish();
            for (int i = from; i < local.events().size(); i++) {
                added.add(remote.arrivals.get(i) - local.arrivals.get(i));
            }
        }
        Collections.sort(added);
        System.out.println(batches());
        System.out.printf(
                "cross-JVM stream: %d events, added latency median %.2f ms, p90 %.2f ms, max %.2f ms%n",
                added.size(),
                added.get(added.size() / 2) / 1e6,
                added.get(added.size() * 9 / 10) / 1e6,
                added.get(added.size() - 1) / 1e6);
    }

    /** Waits until both taps got the events streamed before the gate opens; answers their count. */
    private static int replayed(Tap local, Tap remote) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (local.events().isEmpty()
                || remote.events().size() < local.events().size()) {
            assertTrue(System.nanoTime() < end, () -> "replayed " + remote.events() + " of " + local.events());
            Thread.sleep(10);
        }
        Thread.sleep(50); // nothing more comes while the run waits at the gate
        assertEquals(local.events().size(), remote.events().size());
        return local.events().size();
    }

    /** Rows and commits so far: a transaction's rows share {@code now()}, their created_at. */
    private String batches() throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r =
                        s.executeQuery("SELECT count(*), count(DISTINCT created_at) FROM switchboard_server_events")) {
            r.next();
            return "cross-JVM stream: " + r.getLong(1) + " event rows written in " + r.getLong(2) + " commits";
        }
    }

    private List<Object> trail(String[] busy) throws Exception {
        return Json.MAPPER.convertValue(
                api2.get("/threads/" + busy[0] + "/runs/" + busy[1] + "/join")
                        .expect(200)
                        .json()
                        .get("trail"),
                List.class);
    }

    private static String runOf(Api api, String tid) throws Exception {
        return api.get("/threads/" + tid + "/runs").json().get(0).get("run_id").asString();
    }

    /** Which of {@code candidates} claimed the run as its second attempt, or null. */
    private SwitchboardServer claimedAgainBy(String runId, SwitchboardServer... candidates) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(
                        "SELECT owner FROM switchboard_server_claims WHERE run_id = '" + runId + "' AND attempt = 2")) {
            if (r.next()) {
                for (SwitchboardServer server : candidates) {
                    if (r.getString(1).equals(server.worker().queue().owner())) {
                        return server;
                    }
                }
            }
            return null;
        }
    }

    /** The server that claimed the run. */
    private SwitchboardServer owner(String runId) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r =
                        s.executeQuery("SELECT owner FROM switchboard_server_claims WHERE run_id = '" + runId + "'")) {
            assertTrue(r.next(), "the run was claimed");
            return r.getString(1).equals(one.worker().queue().owner()) ? one : two;
        }
    }

    private SwitchboardServer other(String runId) throws Exception {
        return owner(runId) == one ? two : one;
    }

    private Api api(SwitchboardServer s) {
        return s == one ? api1 : api2;
    }

    /** The SSE text's events as "name\ndata", with ids (runs, threads, messages, tasks) blanked. */
    private static List<String> normalized(String sse) {
        List<String> out = new ArrayList<>();
        for (String frame : sse.split("\n\n")) {
            String name = null;
            String data = null;
            for (String line : frame.split("\n")) {
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = line.substring(6);
                }
            }
            if (name != null) {
                out.add(name + "\n" + data.replaceAll(UUID, "<id>"));
            }
        }
        return out;
    }

    /** An SSE client reading on its own thread, noting when each event arrived. */
    private final class Tap {
        private final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
        private final Thread reader;

        Tap(URI uri) throws Exception {
            HttpResponse<Stream<String>> r =
                    http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofLines());
            assertEquals(200, r.statusCode());
            reader = new Thread(() -> read(r.body()));
            reader.start();
        }

        private void read(Stream<String> lines) {
            String[] name = {null};
            lines.forEach(line -> {
                if (line.startsWith("event: ")) {
                    name[0] = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    arrivals.add(System.nanoTime());
                    events.add(name[0] + "\n" + line.substring(6));
                }
            });
        }

        List<String> events() {
            synchronized (events) {
                return List.copyOf(events);
            }
        }

        List<String> finish() throws InterruptedException {
            reader.join(30_000);
            assertTrue(!reader.isAlive(), "the stream ended with the run");
            return events();
        }
    }
}
