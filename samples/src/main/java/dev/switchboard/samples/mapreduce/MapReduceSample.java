package dev.switchboard.samples.mapreduce;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.io.PrintStream;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Summarizes a three-chapter story with {@link ChapterDigest}. The workers report as they finish,
 * longest chapter last; the summaries still come out in chapter order, because the runtime applies
 * parallel writes in the order of the {@code Send}s, not in the order the workers finish.
 */
public final class MapReduceSample {
    static final List<String> STORY = List.of(
            "Ada finds a radio in the attic. It hums at night. Nobody else hears it. She keeps it secret.",
            "The radio speaks in her grandfather's voice. It tells her where a key is hidden.",
            "Ada opens the old shed with the key.");

    private MapReduceSample() {}

    /**
     * Runs the sample.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out);
    }

    static void run(PrintStream out) {
        ChapterDigestGraph graph = ChapterDigestGraph.builder(new ChapterDigest(Summarizer.firstSentence()))
                .build();
        Book book = null;
        out.println("workers, as they finish:");
        try (Stream<StreamPart<Book>> events = graph.stream(
                BookUpdate.of().chapters(STORY), RunConfig.defaults(), StreamMode.CUSTOM, StreamMode.VALUES)) {
            for (Iterator<StreamPart<Book>> it = events.iterator(); it.hasNext(); ) {
                StreamPart<Book> event = it.next();
                if (event instanceof StreamPart.Custom<Book> custom) {
                    out.println("  " + custom.payload());
                } else if (event instanceof StreamPart.Values<Book> values) {
                    book = values.state();
                }
            }
        }
        out.println("summaries, in chapter order:");
        book.summaries().forEach(s -> out.println("  " + s.chapter() + ". " + s.text()));
        out.println("digest: " + book.digest());
    }
}
