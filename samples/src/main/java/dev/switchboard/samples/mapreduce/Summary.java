package dev.switchboard.samples.mapreduce;

/**
 * A worker's result.
 *
 * @param chapter the summarized chapter's number
 * @param text the summary
 */
public record Summary(int chapter, String text) {}
