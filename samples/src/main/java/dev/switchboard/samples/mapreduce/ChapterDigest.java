package dev.switchboard.samples.mapreduce;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.Send;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Map-reduce with {@link Send}: a route from {@code START} sends each chapter to its own
 * {@code summarize} task; the tasks run in parallel in one superstep, and {@code combine} runs once
 * in the next, after all of them.
 */
public class ChapterDigest {
    private final Summarizer summarizer;

    /**
     * Creates the graph's nodes.
     *
     * @param summarizer summarizes one chapter
     */
    public ChapterDigest(Summarizer summarizer) {
        this.summarizer = Objects.requireNonNull(summarizer, "summarizer");
    }

    @Route(from = START, to = "summarize")
    List<Send<Chapter>> oneWorkerPerChapter(Book book) {
        return IntStream.range(0, book.chapters().size())
                .mapToObj(i ->
                        Send.to("summarize", new Chapter(i + 1, book.chapters().get(i))))
                .toList();
    }

    @Node
    BookUpdate summarize(Chapter chapter, NodeContext ctx) throws InterruptedException {
        String text = summarizer.summarize(chapter);
        ctx.emit("summarized chapter " + chapter.number());
        return BookUpdate.of().summaries(List.of(new Summary(chapter.number(), text)));
    }

    @Node
    @Edge(from = "summarize")
    BookUpdate combine(Book book) {
        return BookUpdate.of()
                .digest(book.summaries().stream().map(Summary::text).collect(Collectors.joining(" ")));
    }
}
