package dev.switchboard.samples.upgrade;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The upgrade sample end to end: three releases compiled against the committed schemas and run
 * each in a JVM of its own on one SQLite file.
 */
class UpgradeSampleTest {
    @TempDir
    Path work;

    @Test
    void aStoredTicketOutlivesThreeReleases() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        UpgradeSample.run(UpgradeSample.sources(), work, new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(
                List.of(
                        "== release 1 opens ticket-1",
                        "  Ticket[log=[My invoice is wrong, please refund it], topic=billing]",
                        "  next: [hold], asking: approve the billing answer?",
                        "== release 2 reads ticket-1",
                        "  Ticket[log=[My invoice is wrong, please refund it], subject=billing, priority=Optional.empty]",
                        "  next: [approval], asking: approve the billing answer?",
                        "== release 2 opens ticket-2",
                        "  Ticket[log=[The app crashes on login], subject=technical, priority=Optional[high]]",
                        "  next: [approval], asking: approve the technical answer?",
                        "== release 1 reads ticket-2",
                        lines.get(10),
                        "== release 3 reads ticket-1",
                        "  Ticket[log=[My invoice is wrong, please refund it], subject=Subject[team=billing, money=true],"
                                + " priority=Optional.empty]",
                        "  next: [approval], asking: approve the billing answer?",
                        "== release 3 approves ticket-1",
                        "  Ticket[log=[My invoice is wrong, please refund it, approved: yes, answered by the billing team,"
                                + " refund checked, priority not set], subject=Subject[team=billing, money=true],"
                                + " priority=Optional.empty]",
                        "  next: []",
                        "== release 3 approves ticket-2",
                        "  Ticket[log=[The app crashes on login, approved: yes, answered by the technical team, priority"
                                + " high], subject=Subject[team=technical, money=false], priority=Optional[high]]",
                        "  next: []"),
                lines);
        assertEquals(true, lines.get(10).startsWith("  refused (SCHEMA_TOO_NEW): checkpoint "), lines.get(10));
    }
}
