package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The {@code /store} endpoints through LangGraph's own JS client ({@code client.store}, from the
 * conformance suite's pinned {@code @langchain/langgraph-sdk}): put, get, search, list and delete
 * read back what they wrote. Skipped, or failed under {@code CI=true}, as {@link
 * ConformanceCheckTest} is when node or the suite is missing.
 */
class StoreSdkTest {
    @Test
    void theJsSdksStoreClientReadsBackWhatItWrote() throws Exception {
        Path work = ConformanceCheckTest.prepare();
        // node resolves the SDK from the script's folder, so the script runs beside the suite's node_modules
        Files.copy(
                Path.of("src/test/js/store-sdk.mjs"),
                work.resolve("store-sdk.mjs"),
                StandardCopyOption.REPLACE_EXISTING);
        List<String> lines;
        try (SwitchboardServer server =
                ConformanceGraphs.server(new MemorySaver()).port(0).build().start()) {
            lines = ConformanceCheckTest.run(
                    work, 120, "node", "store-sdk.mjs", server.url().toString());
        }
        assertEquals(1, lines.size(), () -> "node printed " + lines + "; see " + work.resolve("node.err.log"));
        JsonNode out = Json.parse(lines.get(0).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(
                "{\"namespace\":[\"sdk\",\"u1\"],\"key\":\"k1\",\"value\":{\"v\":1,\"kind\":\"a\"},\"datesParse\":true}",
                out.get("get").toString());
        assertEquals("null", out.get("missing").toString());
        assertEquals("[\"sdk.u1/k1=1\",\"sdk.u2/k1=3\"]", out.get("search").toString());
        assertEquals("[\"k1@u2\"]", out.get("searchOffset").toString());
        assertEquals(
                "[[\"sdk\",\"u1\"],[\"sdk\",\"u2\"]]", out.get("namespaces").toString());
        assertEquals("[[\"sdk\"]]", out.get("depth1").toString());
        assertEquals("null", out.get("afterDelete").toString());
        assertEquals(422, out.get("badTtl").asInt());
    }
}
