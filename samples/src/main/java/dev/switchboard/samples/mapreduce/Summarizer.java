package dev.switchboard.samples.mapreduce;

/**
 * Summarizes one chapter. A real implementation would call a language model, which is slow; that
 * is why the graph runs one worker per chapter in parallel.
 */
@FunctionalInterface
public interface Summarizer {
    /**
     * Summarizes a chapter.
     *
     * @param chapter the chapter
     * @return the summary text
     * @throws InterruptedException if the run is cancelled while waiting
     */
    String summarize(Chapter chapter) throws InterruptedException;

    /**
     * A stand-in for a model: the chapter's first sentence, after a delay of 40 ms per sentence so
     * that long chapters finish last.
     *
     * @return the summarizer
     */
    static Summarizer firstSentence() {
        return chapter -> {
            String[] sentences = chapter.text().split("(?<=\\.)\\s+");
            Thread.sleep(40L * sentences.length);
            return sentences[0];
        };
    }
}
