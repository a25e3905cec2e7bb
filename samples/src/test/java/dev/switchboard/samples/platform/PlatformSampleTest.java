package dev.switchboard.samples.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The platform sample: an assistant's context and config reach its runs and its versions switch
 * them; a cron's run calls the webhook and its thread goes; a thread's ttl and a prune.
 */
class PlatformSampleTest {
    @Test
    void theFeaturesShowWhatTheyDo() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, PlatformSample.run(new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertEquals(
                List.of(
                        "assistant harbour desk, version 1",
                        "run: Paris: 70°F (harbour), ui weather Paris 70°F",
                        "patched: version 2, run: Paris: 21°C (harbour), ui weather Paris 21°C",
                        "versions: 2, 1",
                        "version 1 latest again, run: Paris: 70°F (harbour), ui weather Paris 70°F",
                        "cron webhook: run success, [\"Oslo: 54°F (harbour)\"], Idempotency-Key is the run id: true",
                        "the firing's thread after its run: 404",
                        "thread with a 0.3 s ttl, then: 404",
                        "pruned 1 thread: 9 checkpoints, then 1; reports [\"Paris: 70°F (harbour)\","
                                + "\"Oslo: 54°F (harbour)\",\"Lima: 64°F (harbour)\"], 3 cards"),
                out.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
