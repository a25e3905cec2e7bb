package dev.switchboard.samples.functional;

import java.util.List;

/**
 * What the essay workflow returns: the topic, its outline, the paragraphs written in parallel, and
 * the reviewer's verdict.
 *
 * @param topic the essay's topic
 * @param outline its section titles
 * @param paragraphs one paragraph per section, in outline order
 * @param verdict what the reviewer answered
 */
public record Essay(String topic, List<String> outline, List<String> paragraphs, String verdict) {}
