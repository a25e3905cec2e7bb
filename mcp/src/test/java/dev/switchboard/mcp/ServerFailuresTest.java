package dev.switchboard.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a caller sees when an MCP server misbehaves: a call that outlives its timeout, a server
 * that dies during a call (over stdio and over Streamable HTTP) and comes back, a server that
 * cannot be started.
 */
class ServerFailuresTest {

    private static ToolExecutionRequest request(String tool, String arguments) {
        return ToolExecutionRequest.builder()
                .id("c1")
                .name(tool)
                .arguments(arguments)
                .build();
    }

    private static McpToolSet.Builder stdio() {
        List<String> command = Everything.stdio();
        return McpToolSet.stdio(
                        command.get(0), command.subList(1, command.size()).toArray(String[]::new))
                .name("everything");
    }

    /** The node processes this JVM started for the everything server. */
    private static List<ProcessHandle> servers() {
        return ProcessHandle.current()
                .descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("server-everything"))
                .toList();
    }

    /** Runs a long call in the background and waits until the server is working on it. */
    private static CompletableFuture<String> longCall(McpToolSet tools) throws Exception {
        CompletableFuture<String> call = CompletableFuture.supplyAsync(
                () -> tools.execute(request("trigger-long-running-operation", "{\"duration\":60,\"steps\":1}")));
        // the server says nothing when a call arrives; a short pause lets the request reach it (were
        // the server killed before, the call would fail the same way: the assertions do not depend on it)
        Thread.sleep(500);
        return call;
    }

    @Test
    void aCallThatOutlivesItsTimeoutFailsAndTheServerStaysUsable() {
        try (McpToolSet tools = stdio().timeout(Duration.ofSeconds(1)).build()) {
            McpException e = assertThrows(
                    McpException.class,
                    () -> tools.execute(request("trigger-long-running-operation", "{\"duration\":5,\"steps\":1}")));
            assertEquals(
                    "MCP server 'everything' did not answer the call to 'trigger-long-running-operation' within 1 s",
                    e.getMessage());
            assertEquals("Echo: still here", tools.execute(request("echo", "{\"message\":\"still here\"}")));
        }
    }

    @Test
    void aStdioServerThatDiesDuringACallFailsItAtOnceAndStartsAgainForTheNext() throws Exception {
        try (McpToolSet tools = stdio().build()) {
            List<ProcessHandle> before = servers();
            assertEquals(1, before.size(), "server processes: " + before);
            CompletableFuture<String> call = longCall(tools);
            before.get(0).destroyForcibly();
            // well before the call's 60 s timeout and the operation's 60 s duration
            Exception e = assertThrows(Exception.class, () -> call.get(20, TimeUnit.SECONDS));
            McpException lost = (McpException) e.getCause();
            assertTrue(
                    lost.getMessage().startsWith("MCP server 'everything' is gone: its process exited"),
                    lost.getMessage());
            assertTrue(
                    lost.getMessage().endsWith("during the call to 'trigger-long-running-operation'"),
                    lost.getMessage());

            assertEquals("Echo: again", tools.execute(request("echo", "{\"message\":\"again\"}")));
            List<ProcessHandle> after = servers();
            assertEquals(1, after.size(), "server processes: " + after);
            assertNotEquals(before.get(0).pid(), after.get(0).pid());
        }
        assertEquals(List.of(), servers(), "close() stops the server's process");
    }

    @Test
    void aStreamableHttpServerThatDiesDuringACallFailsItAndIsReachedAgainWhenBack() throws Exception {
        int port;
        try (Everything.HttpServer server = Everything.http()) {
            port = server.port;
            try (McpToolSet tools = McpToolSet.streamableHttp(server.url())
                    .name("everything-http")
                    .build()) {
                assertEquals("Echo: over http", tools.execute(request("echo", "{\"message\":\"over http\"}")));
                assertEquals("The sum of 1 and 2 is 3.", tools.execute(request("get-sum", "{\"a\":1,\"b\":2}")));
                CompletableFuture<String> call = longCall(tools);
                server.kill();
                Exception e = assertThrows(Exception.class, () -> call.get(20, TimeUnit.SECONDS));
                McpException lost = (McpException) e.getCause();
                assertTrue(
                        lost.getMessage().startsWith("MCP server 'everything-http' is gone: its connection failed"),
                        lost.getMessage());

                // no server: the next call says so
                McpException down =
                        assertThrows(McpException.class, () -> tools.execute(request("echo", "{\"message\":\"x\"}")));
                assertTrue(down.getMessage().contains("everything-http"), down.getMessage());

                try (Everything.HttpServer back = Everything.HttpServer.start(port)) {
                    assertEquals("Echo: back", tools.execute(request("echo", "{\"message\":\"back\"}")));
                }
            }
        }
    }

    @Test
    void aServerThatCannotStartFailsTheBuildSayingWhy() {
        McpException e = assertThrows(
                McpException.class,
                () -> McpToolSet.stdio("no-such-mcp-server-command")
                        .name("missing")
                        .build());
        assertTrue(
                e.getMessage().startsWith("could not start MCP server 'missing'")
                        || e.getMessage().startsWith("MCP server 'missing' is gone: it could not be started"),
                e.getMessage());
        McpException crashing = assertThrows(
                McpException.class,
                () -> McpToolSet.stdio("node", "-e", "console.error('no config'); process.exit(3)")
                        .name("crashing")
                        .build());
        assertTrue(
                crashing.getMessage().startsWith("MCP server 'crashing' is gone: its process exited"),
                crashing.getMessage());
    }

    @Test
    void aPrefixAndAnIncludeListShapeWhatTheModelSees() {
        try (McpToolSet tools = stdio().include("echo").prefix("e_").build()) {
            assertEquals(
                    List.of("e_echo"),
                    tools.specifications().stream().map(s -> s.name()).toList());
            assertEquals("Echo: hi", tools.execute(request("e_echo", "{\"message\":\"hi\"}")));
            assertEquals(
                    "Echo: hi",
                    ((io.modelcontextprotocol.spec.McpSchema.TextContent) tools.call("echo", Map.of("message", "hi"))
                                    .content()
                                    .get(0))
                            .text());
        }
    }
}
