package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.rows.JdbcRowStore;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /threads/search} and {@code /threads/count} on PostgreSQL are answered by SQL (only
 * the page's rows are read) and give the same threads in the same order as the in-memory server,
 * on the same mixed set of threads: metadata of several shapes, statuses, values, explicit ids.
 */
class ThreadSearchSqlTest {
    private static final int THREADS = 24;

    private TestPostgres db;
    private SwitchboardServer pg;
    private SwitchboardServer mem;
    private Api onPg;
    private Api inMem;
    private final List<String> ids = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        db = TestPostgres.schema();
        pg = ConformanceGraphs.graphs().database(db.url()).port(0).build().start();
        mem = ConformanceGraphs.server(new MemorySaver()).port(0).build().start();
        onPg = new Api(pg.url(), null);
        inMem = new Api(mem.url(), null);
        for (int i = 0; i < THREADS; i++) {
            String id = UUID.randomUUID().toString();
            ids.add(i % 7 == 3 ? id.toUpperCase(java.util.Locale.ROOT) : id);
            for (Api api : List.of(onPg, inMem)) { // the same steps on both, so times order alike
                make(api, i);
            }
        }
        for (int i = THREADS - 1; i >= 0; i -= 5) {
            for (Api api : List.of(onPg, inMem)) { // touched in reverse: updated_at differs from created_at
                api.patch("/threads/" + ids.get(i), "{\"metadata\":{\"touched\":true}}")
                        .expect(200);
            }
        }
    }

    private void make(Api api, int i) throws Exception {
        String md = "{\"team\":\"" + (i % 3 == 0 ? "a" : "b") + "\",\"n\":" + (i == 6 ? "1.0" : i % 4)
                + ",\"tags\":" + (i % 2 == 0 ? "[\"x\",\"y\"]" : "[\"y\",\"x\"]")
                + ",\"nested\":{\"deep\":" + (i % 5) + "},\"maybe\":" + (i % 6 == 0 ? "null" : "\"v\"") + "}";
        String tid = ids.get(i);
        api.post("/threads", "{\"thread_id\":\"" + tid + "\",\"metadata\":" + md + "}")
                .expect(200);
        if (i % 4 == 1) {
            api.post(
                            "/threads/" + tid + "/runs/wait",
                            "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"t" + (i % 3) + "\"]}}")
                    .expect(200);
        } else if (i % 4 == 2) {
            api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"approval\",\"input\":{\"trail\":[]}}")
                    .expect(200);
        }
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {pg, mem, db}) {
            if (c != null) {
                c.close();
            }
        }
    }

    @Test
    void bothPathsGiveTheSameThreadsInTheSameOrder() throws Exception {
        List<String> filters = List.of(
                "",
                "\"metadata\":{\"team\":\"a\"}",
                "\"metadata\":{\"n\":1}",
                "\"metadata\":{\"tags\":[\"x\",\"y\"]}",
                "\"metadata\":{\"nested\":{\"deep\":2}}",
                "\"metadata\":{\"maybe\":null}",
                "\"metadata\":{\"team\":\"b\",\"touched\":true}",
                "\"metadata\":{\"absent\":1}",
                "\"status\":\"interrupted\"",
                "\"status\":\"idle\",\"metadata\":{\"team\":\"b\"}",
                "\"values\":{\"trail\":[\"t1\",\"a\",\"b\"]}",
                "\"ids\":[\"" + ids.get(3) + "\",\"" + ids.get(8) + "\",\"" + ids.get(9) + "\",\"" + UUID.randomUUID()
                        + "\"]");
        int nonEmpty = 0;
        for (String filter : filters) {
            String count = "{" + filter + "}";
            assertEquals(
                    inMem.post("/threads/count", count).expect(200).text(),
                    onPg.post("/threads/count", count).expect(200).text(),
                    count);
            for (String sort : List.of("thread_id", "status", "created_at", "updated_at")) {
                for (String order : List.of("asc", "desc")) {
                    for (String page : List.of("\"limit\":100", "\"limit\":4,\"offset\":3")) {
                        String body = "{" + (filter.isEmpty() ? "" : filter + ",") + "\"sort_by\":\"" + sort
                                + "\",\"sort_order\":\"" + order + "\"," + page + "}";
                        List<String> expected = search(inMem, body);
                        assertEquals(expected, search(onPg, body), body);
                        nonEmpty += expected.isEmpty() ? 0 : 1;
                    }
                }
            }
        }
        assertEquals(List.of(ids.get(23), ids.get(22), ids.get(21)), search(onPg, "{\"limit\":3}"));
        assertEquals(
                "7", onPg.post("/threads/count", "{\"metadata\":{\"n\":1}}").text(), "1 and 1.0 are equal");
        assertEquals(
                "2",
                onPg.post("/threads/count", "{\"ids\":[\"" + ids.get(3) + "\",\"" + ids.get(8) + "\"]}")
                        .text());
        assertTrue(nonEmpty > 60, "the filters select something: " + nonEmpty);
    }

    @Test
    void aSearchReadsOnlyTheRowsOfItsPageAndACountNone() throws Exception {
        JdbcRowStore rows = (JdbcRowStore) pg.rows();
        long before = rows.threadRowsRead();
        List<String> found = search(onPg, "{\"metadata\":{\"team\":\"b\"},\"limit\":2,\"offset\":1}");
        assertEquals(2, found.size());
        assertEquals(before + 2, rows.threadRowsRead(), "the rows the filter or the page leave out are not read");
        assertEquals(
                "16",
                onPg.post("/threads/count", "{\"metadata\":{\"team\":\"b\"}}").text());
        assertEquals(before + 2, rows.threadRowsRead(), "a count reads no row");
    }

    @Test
    void aNegativeLimitOrOffsetIsA400OnBothPaths() throws Exception {
        for (Api api : List.of(onPg, inMem)) {
            Api.Reply r = api.post("/threads/search", "{\"limit\":-1}");
            assertEquals(400, r.status(), r.text());
            assertTrue(r.text().contains("\"path\":[\"limit\"]"), r.text());
            assertTrue(r.text().contains("\"code\":\"too_small\""), r.text());
        }
    }

    private static List<String> search(Api api, String body) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode t : api.post("/threads/search", body).expect(200).json()) {
            out.add(t.get("thread_id").asString());
        }
        return out;
    }
}
