package dev.switchboard.bench.report;

import dev.switchboard.bench.checkpoint.CheckpointBytes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Prints the benchmark table from JMH's JSON results ({@code -rf json}): per workload, the time and
 * allocation per node execution of Switchboard, LangGraph4j and the hand-written loop, the ratios
 * between them, the target, and W5's final checkpoint size. {@code bench/run.sh} calls it after
 * the JMH run; {@code java -cp benchmarks.jar dev.switchboard.bench.report.Table jmh.json} reprints
 * a table from a saved run.
 */
public final class Table {
    private static final String PKG = "dev.switchboard.bench.";

    /** One line of the table: which benchmark methods fill its columns. */
    private record Row(String label, String bench, String switchboard, String peer, String hand, String target) {}

    private static final List<Row> ROWS = List.of(
            new Row("W1 linear", "linear.LinearBench", "switchboard", "langgraph4j", "handWritten", "0.3"),
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
            new Row("W2 fan-out/join", "fanout.FanOutBench", "switchboard", "langgraph4j", "handWritten", "1.5"),
            new Row(
                    "W2 fan-out/join, same thread",
                    "fanout.FanOutBench",
                    "switchboardSameThread",
                    "langgraph4j",
                    "handWritten",
                    "1.5"),
            new Row("W3 loop, per superstep", "loop.LoopBench", "switchboard", "langgraph4j", "handWritten", "0.3"),
            new Row("W4 Send ×100 (*)", "send.SendBench", "switchboard", "langgraph4j", "handWritten", "0.5"),
            new Row(
                    "W4 Send ×100, same thread (*)",
                    "send.SendBench",
                    "switchboardSameThread",
                    "langgraph4j",
                    "handWritten",
                    "0.5"),
            new Row(
                    "W5 checkpointed, memory",
                    "checkpoint.CheckpointBench",
                    "switchboard",
                    "langgraph4j",
                    "handWritten",
                    "3"),
            new Row("W5 checkpointed, SQLite", "checkpoint.CheckpointBench", "switchboardSqlite", null, null, "-"));

    /** A benchmark's score: mean, error (99.9% interval) and bytes allocated per operation. */
    private record Score(double micros, double error, double bytes) {}

    private Table() {}

    /**
     * Prints the table.
     *
     * @param args the JMH JSON result file
     * @throws Exception if the file cannot be read or a checkpoint-size run fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: Table <jmh-result.json>");
            System.exit(2);
        }
        JsonNode results = JsonMapper.builder().build().readTree(Files.readString(Path.of(args[0])));
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
        if (scores.keySet().stream().anyMatch(k -> k.startsWith(PKG + "checkpoint."))) {
            out.println("W5 final checkpoint: Switchboard " + CheckpointBytes.switchboard() + " B (compact header,"
                    + " metadata and value blobs), LangGraph4j " + CheckpointBytes.langgraph4j()
                    + " B (its binary checkpoint serialization).");
        }
        out.println();
        printCheckpointBytes(out);
    }

    /** Each workload's final checkpoint, run once with a memory saver, in the stored form. */
    static void printCheckpointBytes(PrintStream out) {
        out.println("| workload | final checkpoint B | header B | metadata B | values B | names B (once per store) |");
        out.println("|---|--:|--:|--:|--:|--:|");
        CheckpointBytes.perWorkload()
                .forEach((label, size) -> out.println("| " + label + " | " + size.total() + " | " + size.header()
                        + " | " + size.metadata() + " | " + size.values() + " | " + size.names() + " |"));
    }

    private static Map<String, Score> scores(JsonNode results) {
        Map<String, Score> out = new HashMap<>();
        for (JsonNode r : results) {
            JsonNode primary = r.get("primaryMetric");
            JsonNode alloc = r.path("secondaryMetrics").path("gc.alloc.rate.norm");
            out.put(
                    r.get("benchmark").asString(),
                    new Score(
                            primary.get("score").asDouble(),
                            primary.get("scoreError").asDouble(Double.NaN),
                            alloc.isMissingNode()
                                    ? Double.NaN
                                    : alloc.get("score").asDouble()));
        }
        return out;
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
        parts.add("JMH " + first.get("jmhVersion").asString() + ": -f "
                + first.get("forks").asInt() + " -wi "
                + first.get("warmupIterations").asInt() + " -w "
                + first.get("warmupTime").asString() + " -i "
                + first.get("measurementIterations").asInt() + " -r "
                + first.get("measurementTime").asString() + " -prof gc");
        return "Machine: " + String.join(", ", parts);
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
