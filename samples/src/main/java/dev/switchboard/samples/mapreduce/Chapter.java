package dev.switchboard.samples.mapreduce;

/**
 * What one {@code summarize} worker receives through its {@code Send}: a single chapter, not the
 * whole {@link Book}.
 *
 * @param number the chapter's number, from 1
 * @param text the chapter's text
 */
public record Chapter(int number, String text) {}
