package dev.switchboard.samples.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class MapReduceSampleTest {
    private static final List<String> CHAPTERS = List.of("One. Uno.", "Two. Dos.", "Three. Tres.", "Four. Cuatro.");
    private static final List<Chapter> SENT = IntStream.range(0, CHAPTERS.size())
            .mapToObj(i -> new Chapter(i + 1, CHAPTERS.get(i)))
            .toList();

    /**
     * Each worker waits until the next chapter's worker has finished, so they finish last chapter
     * first, and only if they all run at the same time; run one by one, the first would time out.
     */
    static final class LastChapterFirst implements Summarizer {
        final List<Chapter> received = new CopyOnWriteArrayList<>();
        final List<Integer> finished = new CopyOnWriteArrayList<>();
        private final List<CountDownLatch> done = IntStream.rangeClosed(0, CHAPTERS.size())
                .mapToObj(i -> new CountDownLatch(1))
                .toList();

        @Override
        public String summarize(Chapter chapter) throws InterruptedException {
            received.add(chapter);
            int n = chapter.number();
            if (n < CHAPTERS.size() && !done.get(n + 1).await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("chapter " + (n + 1) + " did not finish: workers ran one by one");
            }
            finished.add(n);
            done.get(n).countDown();
            return chapter.text().split(" ")[0];
        }
    }

    @Test
    void summariesKeepSendOrderAlthoughWorkersFinishInReverse() {
        LastChapterFirst summarizer = new LastChapterFirst();
        Book book = ChapterDigestGraph.builder(new ChapterDigest(summarizer))
                .build()
                .invoke(BookUpdate.of().chapters(CHAPTERS))
                .value();

        assertEquals(List.of(4, 3, 2, 1), summarizer.finished);
        assertEquals(
                List.of(
                        new Summary(1, "One."),
                        new Summary(2, "Two."),
                        new Summary(3, "Three."),
                        new Summary(4, "Four.")),
                book.summaries());
        assertEquals("One. Two. Three. Four.", book.digest());
        assertEquals(CHAPTERS, book.chapters());
    }

    @Test
    void eachWorkerGetsOnlyItsChapterAndCombineRunsOnceAfterAll() {
        LastChapterFirst summarizer = new LastChapterFirst();
        List<StreamPart.TaskStart<Book>> starts;
        try (Stream<StreamPart<Book>> events = ChapterDigestGraph.builder(new ChapterDigest(summarizer)).build().stream(
                BookUpdate.of().chapters(CHAPTERS), RunConfig.defaults(), StreamMode.TASKS)) {
            starts = events.filter(e -> e instanceof StreamPart.TaskStart<Book>)
                    .map(e -> (StreamPart.TaskStart<Book>) e)
                    .toList();
        }

        List<StreamPart.TaskStart<Book>> workers =
                starts.stream().filter(t -> t.node().equals("summarize")).toList();
        // A worker's input is its Send payload, not the state. Workers start in any order.
        assertEquals(SENT, byNumber(workers.stream().map(t -> (Chapter) t.input())));
        assertEquals(SENT, byNumber(summarizer.received.stream()));
        assertEquals(
                1, workers.stream().map(StreamPart.TaskStart::step).distinct().count());

        List<StreamPart.TaskStart<Book>> combines =
                starts.stream().filter(t -> t.node().equals("combine")).toList();
        assertEquals(1, combines.size());
        assertEquals(workers.get(0).step() + 1, combines.get(0).step());
        Book seenByCombine = assertInstanceOf(Book.class, combines.get(0).input());
        assertEquals(4, seenByCombine.summaries().size());
    }

    private static List<Chapter> byNumber(Stream<Chapter> chapters) {
        return chapters.sorted(Comparator.comparingInt(Chapter::number)).toList();
    }

    @Test
    void noChaptersMeansNoWorkersAndNoCombine() {
        Book book = ChapterDigestGraph.builder(new ChapterDigest(c -> {
                    throw new AssertionError("no worker should run");
                }))
                .build()
                .invoke(BookUpdate.of().chapters(List.of()))
                .value();
        assertEquals(List.of(), book.summaries());
        assertNull(book.digest());
    }

    @Test
    void programPrintsWorkersAsTheyFinishThenTheSummariesInOrder() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MapReduceSample.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertEquals("workers, as they finish:", lines.get(0));
        // Finishing order depends on timing; which workers reported does not.
        assertEquals(
                List.of("  summarized chapter 1", "  summarized chapter 2", "  summarized chapter 3"),
                lines.subList(1, 4).stream().sorted().toList());
        assertEquals(
                List.of(
                        "summaries, in chapter order:",
                        "  1. Ada finds a radio in the attic.",
                        "  2. The radio speaks in her grandfather's voice.",
                        "  3. Ada opens the old shed with the key.",
                        "digest: Ada finds a radio in the attic. The radio speaks in her grandfather's voice."
                                + " Ada opens the old shed with the key."),
                lines.subList(4, lines.size()));
    }
}
