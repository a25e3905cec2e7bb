package dev.switchboard.bench.report;

import dev.switchboard.bench.checkpoint.CheckpointBytes;
import dev.switchboard.bench.grow.GrowWork;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * Prints the benchmark tables from JMH's JSON results ({@code -rf json}): per workload, the time and
 * allocation per node execution of Switchboard, LangGraph4j and the hand-written loop, the ratios
 * between them and the target; each workload's final checkpoint size and W5's growth (measured
 * here, deterministically, not timed); the "cost grows with work" sizes per step; the server's
 * overhead per run. {@code bench/run.sh} calls it after its JMH runs; {@code java -cp
 * benchmarks.jar dev.switchboard.bench.report.Table jmh-*.json} reprints the tables from saved runs.
 */
public final class Table {
    private static final String PKG = "dev.switchboard.bench.";

    /** One line of the table: which benchmark methods fill its columns. */
    private record Row(String label, String bench, String switchboard, String peer, String hand, String target) {}

    private static final List<Row> ROWS = List.of(
            new Row("W1 linear", "linear.LinearBench", "switchboard", "langgraph4j", "handWritten", "0.10"),
            new Row(
                    "W1 traced, OTel no-op API",
                    "linear.LinearBench",
                    "switchboardTracedNoop",
                    "langgraph4j",
                    "handWritten",
                    "-"),
            new Row(
                    "W1 traced, OTel SDK (no exporter)",
                    "linear.LinearBench",
                    "switchboardTracedSdk",
                    "langgraph4j",
                    "handWritten",
                    "-"),
            new Row("W2 fan-out/join", "fanout.FanOutBench", "switchboard", "langgraph4j", "handWritten", "0.30"),
            new Row(
                    "W2 fan-out/join, same thread",
                    "fanout.FanOutBench",
                    "switchboardSameThread",
                    "langgraph4j",
                    "handWritten",
                    "0.30"),
            new Row("W3 loop, per superstep", "loop.LoopBench", "switchboard", "langgraph4j", "handWritten", "0.07"),
            new Row("W4 Send ×100 (*)", "send.SendBench", "switchboard", "langgraph4j", "handWritten", "0.15"),
            new Row(
                    "W4 Send ×100, same thread (*)",
                    "send.SendBench",
                    "switchboardSameThread",
                    "langgraph4j",
                    "handWritten",
                    "0.15"),
            new Row(
                    "W5 checkpointed, memory",
                    "checkpoint.CheckpointBench",
                    "switchboard",
                    "langgraph4j",
                    "handWritten",
                    "1.0"),
            new Row("W5 checkpointed, SQLite", "checkpoint.CheckpointBench", "switchboardSqlite", null, null, "30"),
            new Row(
                    "W5 checkpointed, PostgreSQL",
                    "checkpoint.CheckpointBench",
                    "switchboardPostgres",
                    null,
                    null,
                    "300"),
            new Row("W6 agent turn, per turn (†)", "agent.AgentTurnBench", "switchboard", null, "handWritten", "-"));

    /** One size of a "cost grows with work" workload: its benchmark, parameter and steps per run. */
    private record Size(String label, String bench, String param, int value, int steps) {}

    private static final List<Size> SIZES = List.of(
            new Size("W3 loop, per superstep", "grow.LoopGrowBench", "rounds", 100, 100),
            new Size("W3 loop, per superstep", "grow.LoopGrowBench", "rounds", 1000, 1000),
            new Size("W3 loop, per superstep", "grow.LoopGrowBench", "rounds", 10_000, 10_000),
            new Size("W4 Send, per worker", "grow.SendGrowBench", "width", 10, 10),
            new Size("W4 Send, per worker", "grow.SendGrowBench", "width", 100, 100),
            new Size("W4 Send, per worker", "grow.SendGrowBench", "width", 1000, 1000),
            new Size("state of N messages, per step", "grow.StateGrowBench", "messages", 10, GrowWork.STATE_STEPS),
            new Size("state of N messages, per step", "grow.StateGrowBench", "messages", 1000, GrowWork.STATE_STEPS),
            new Size("state of N messages, per step", "grow.StateGrowBench", "messages", 100_000, GrowWork.STATE_STEPS),
            new Size("server run, N metadata keys, per key", "server.WideRequestBench", "keys", 1000, 1000),
            new Size("server run, N metadata keys, per key", "server.WideRequestBench", "keys", 16_000, 16_000),
            new Size("server run, N metadata keys, per key", "server.WideRequestBench", "keys", 80_000, 80_000));

    /** A benchmark's score: mean, error (99.9% interval) and bytes allocated per operation. */
    private record Score(double micros, double error, double bytes) {}

    private Table() {}

    /**
     * Prints the table.
     *
     * @param args the JMH JSON result files, one per JMH run
     * @throws Exception if the file cannot be read or a checkpoint-size run fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: Table <jmh-result.json>...");
            System.exit(2);
        }
        JsonMapper json = JsonMapper.builder().build();
        ArrayNode results = json.createArrayNode();
        for (String file : args) {
            json.readTree(Files.readString(Path.of(file))).forEach(results::add);
        }
        print(results, System.out);
    }

    static void print(JsonNode results, PrintStream out) throws Exception {
        Map<String, Score> scores = scores(results);
        out.println(machine(results));
        out.println();
        out.println("| workload | Switchboard µs | LangGraph4j µs | hand-written µs | LG4J ÷ SB | SB ÷ hand"
                + " | SB B | LG4J B | hand B | target µs | met |");
        out.println("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|");
        for (Row row : ROWS) {
            Optional<Score> sb = find(scores, row.bench, row.switchboard);
            Optional<Score> peer = find(scores, row.bench, row.peer);
            Optional<Score> hand = find(scores, row.bench, row.hand);
            if (sb.isEmpty() && peer.isEmpty() && hand.isEmpty()) {
                continue;
            }
            out.println("| "
                    + String.join(
                            " | ",
                            row.label,
                            sb.map(Table::timeWithError).orElse("-"),
                            peer.map(Table::timeWithError).orElse("-"),
                            hand.map(Table::timeWithError).orElse("-"),
                            ratio(peer, sb),
                            ratio(sb, hand),
                            sb.map(Table::bytes).orElse("-"),
                            peer.map(Table::bytes).orElse("-"),
                            hand.map(Table::bytes).orElse("-"),
                            row.target,
                            met(sb, row.target))
                    + " |");
        }
        out.println();
        out.println("µs: mean time per node execution (W3: per superstep; W4: per worker), ± JMH's 99.9% interval."
                + " B: bytes allocated per node execution (-prof gc).");
        out.println("LG4J ÷ SB: how many times faster Switchboard is than LangGraph4j. SB ÷ hand: Switchboard's time"
                + " over the hand-written loop's, the physical limit.");
        out.println("(*) LangGraph4j has no Send: its W4 is 100 static nodes wired from START, run as one parallel"
                + " node.");
        out.println("(†) W6: the prebuilt ReAct agent (memory checkpoints) beside a hand-written LangChain4j loop,"
                + " µs and B per turn.");
        if (scores.keySet().stream().anyMatch(k -> k.startsWith(PKG + "checkpoint."))) {
            out.println("W5 final checkpoint: Switchboard " + CheckpointBytes.switchboard() + " B (compact header,"
                    + " metadata and value blobs), LangGraph4j " + CheckpointBytes.langgraph4j()
                    + " B (its binary checkpoint serialization).");
        }
        out.println();
        printCheckpointBytes(out);
        printGrowth(scores, out);
        printServer(scores, out);
    }

    /** Each workload's final checkpoint, run once with a memory saver, in the stored form. */
    static void printCheckpointBytes(PrintStream out) {
        out.println("| workload | final checkpoint B | header B | metadata B | values B | names B (once per store) |");
        out.println("|---|--:|--:|--:|--:|--:|");
        CheckpointBytes.perWorkload()
                .forEach((label, size) -> out.println("| " + label + " | " + size.total() + " | " + size.header()
                        + " | " + size.metadata() + " | " + size.values() + " | " + size.names() + " |"));
        CheckpointBytes.Growth growth = CheckpointBytes.growth();
        out.println("| W5 run for 1,000 steps | " + growth.thousand().total() + " | "
                + growth.thousand().header()
                + " | " + growth.thousand().metadata() + " | "
                + growth.thousand().values() + " | "
                + growth.thousand().names() + " |");
        out.println("| W5 run for 2,000 steps | " + growth.twoThousand().total() + " | "
                + growth.twoThousand().header() + " | " + growth.twoThousand().metadata() + " | "
                + growth.twoThousand().values() + " | " + growth.twoThousand().names() + " |");
        out.println();
        out.println("W5 growth, final checkpoint after 2,000 steps ÷ after 1,000: " + number(growth.ratio())
                + "× (target ≤ 2.1×: " + (growth.ratio() <= 2.1 ? "met" : "not met") + ").");
    }

    /** The "cost grows with work" table: each size's time per step beside the smallest size's. */
    static void printGrowth(Map<String, Score> scores, PrintStream out) {
        if (scores.keySet().stream()
                .noneMatch(k -> k.startsWith(PKG + "grow.") || k.startsWith(PKG + "server.WideRequestBench"))) {
            return;
        }
        out.println();
        out.println("| workload | size | Switchboard µs per step | B per step | ÷ smallest size |");
        out.println("|---|--:|--:|--:|--:|");
        Map<String, Double> smallest = new HashMap<>();
        for (Size size : SIZES) {
            Score s = scores.get(PKG + size.bench + ".switchboard?" + size.param + "=" + size.value);
            if (s == null) {
                continue;
            }
            double perStep = s.micros / size.steps;
            double first = smallest.computeIfAbsent(size.label, k -> perStep);
            out.println("| " + size.label + " | " + String.format(Locale.ROOT, "%,d", size.value) + " | "
                    + number(perStep) + " ± " + number(s.error / size.steps) + " | "
                    + (Double.isNaN(s.bytes) ? "-" : String.format(Locale.ROOT, "%.0f", s.bytes / size.steps))
                    + " | " + number(perStep / first) + "× |");
        }
    }

    /** The server's overhead per run: the same three-node run through the server and directly. */
    static void printServer(Map<String, Score> scores, PrintStream out) {
        Optional<Score> direct = find(scores, "server.ServerOverheadBench", "direct");
        Optional<Score> served = find(scores, "server.ServerOverheadBench", "server");
        Optional<Score> socket = find(scores, "server.ServerOverheadBench", "serverSocket");
        if (direct.isEmpty() || served.isEmpty()) {
            return;
        }
        double overhead = served.get().micros - direct.get().micros;
        out.println();
        out.println("| 3-node graph, SQLite, one run | µs per run | B per run (this JVM) |");
        out.println("|---|--:|--:|");
        out.println("| invoked directly, fresh thread deleted after | " + timeWithError(direct.get()) + " | "
                + bytes(direct.get()) + " |");
        out.println("| through the server, POST /runs/wait (stateless) | " + timeWithError(served.get()) + " | "
                + bytes(served.get()) + " |");
        out.println("| **server overhead** (JDK HttpClient) | " + number(overhead) + " ± "
                + number(direct.get().error + served.get().error) + " | - |");
        if (socket.isPresent()) {
            out.println("| through the server, the same request's bytes on a socket | " + timeWithError(socket.get())
                    + " | " + bytes(socket.get()) + " |");
            out.println("| **server overhead** (bytes on a socket) | "
                    + number(socket.get().micros - direct.get().micros) + " ± "
                    + number(direct.get().error + socket.get().error) + " | - |");
        }
        out.println();
        // The target is judged on the socket's figure when it ran: the JDK HttpClient shares the JVM
        // and takes about half the samples itself. Without it, on the HttpClient's, and said so.
        double least = socket.map(s -> s.micros - direct.get().micros).orElse(overhead);
        String socketPart = socket.isPresent() ? ", " + number(least) + " µs with the bytes written on a socket" : "";
        out.println("Server overhead per run: " + number(overhead) + " µs with the JDK's HttpClient in the same JVM"
                + socketPart + " (target ≤ 500 µs: " + (least <= 500 ? "met" : "not met") + ").");
    }

    private static Map<String, Score> scores(JsonNode results) {
        Map<String, Score> out = new HashMap<>();
        for (JsonNode r : results) {
            JsonNode primary = r.get("primaryMetric");
            JsonNode alloc = r.path("secondaryMetrics").path("gc.alloc.rate.norm");
            out.put(
                    r.get("benchmark").asString() + params(r.path("params")),
                    new Score(
                            primary.get("score").asDouble(),
                            primary.get("scoreError").asDouble(Double.NaN),
                            alloc.isMissingNode()
                                    ? Double.NaN
                                    : alloc.get("score").asDouble()));
        }
        return out;
    }

    /** {@code ?name=value&...} for a benchmark with JMH parameters, else empty. */
    private static String params(JsonNode params) {
        List<String> pairs = new ArrayList<>();
        for (var e : params.properties()) {
            pairs.add(e.getKey() + "=" + e.getValue().asString());
        }
        return pairs.isEmpty() ? "" : "?" + String.join("&", pairs);
    }

    private static Optional<Score> find(Map<String, Score> scores, String bench, String method) {
        return method == null ? Optional.empty() : Optional.ofNullable(scores.get(PKG + bench + "." + method));
    }

    private static String machine(JsonNode results) throws IOException {
        JsonNode first = results.get(0);
        List<String> parts = new ArrayList<>();
        parts.add(Runtime.getRuntime().availableProcessors() + " cores");
        cpuModel().ifPresent(parts::add);
        parts.add("JDK " + first.get("jdkVersion").asString() + " ("
                + first.get("vmName").asString() + " " + first.get("vmVersion").asString() + ")");
        parts.add("JMH " + first.get("jmhVersion").asString() + ": " + String.join("; ", settings(results)));
        return "Machine: " + String.join(", ", parts);
    }

    /** Each distinct set of iteration settings, with the workloads it was used for when they differ. */
    private static List<String> settings(JsonNode results) {
        Map<String, String> byOptions = new LinkedHashMap<>();
        for (JsonNode r : results) {
            String options = "-f " + r.get("forks").asInt() + " -wi "
                    + r.get("warmupIterations").asInt() + " -w "
                    + r.get("warmupTime").asString() + " -i "
                    + r.get("measurementIterations").asInt() + " -r "
                    + r.get("measurementTime").asString() + " -prof gc";
            String group = r.get("benchmark").asString().startsWith(PKG + "grow.") ? "cost grows" : "the rest";
            byOptions.merge(options, group, (a, b) -> a.contains(b) ? a : a + ", " + b);
        }
        if (byOptions.size() == 1) {
            return List.copyOf(byOptions.keySet());
        }
        List<String> out = new ArrayList<>();
        byOptions.forEach((options, groups) -> out.add(options + " (" + groups + ")"));
        return out;
    }

    private static Optional<String> cpuModel() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return Optional.empty();
        }
        return Files.readAllLines(cpuinfo).stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim())
                .findFirst();
    }

    private static String timeWithError(Score s) {
        return Double.isNaN(s.error) ? number(s.micros) : number(s.micros) + " ± " + number(s.error);
    }

    private static String bytes(Score s) {
        return Double.isNaN(s.bytes) ? "-" : String.format(Locale.ROOT, "%.0f", s.bytes);
    }

    private static String ratio(Optional<Score> numerator, Optional<Score> denominator) {
        if (numerator.isEmpty() || denominator.isEmpty()) {
            return "-";
        }
        return number(numerator.get().micros / denominator.get().micros) + "×";
    }

    private static String met(Optional<Score> sb, String target) {
        if (sb.isEmpty() || target.equals("-")) {
            return "-";
        }
        return sb.get().micros <= Double.parseDouble(target) ? "yes" : "no";
    }

    /** Three significant digits, without exponent. */
    static String number(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        int digits = Math.max(0, 2 - (int) Math.floor(Math.log10(Math.abs(v))));
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
