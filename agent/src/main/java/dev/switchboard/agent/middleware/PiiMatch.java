package dev.switchboard.agent.middleware;

/**
 * One piece of PII found in a text.
 *
 * @param text what was found
 * @param start where it starts
 * @param end where it ends (exclusive)
 */
public record PiiMatch(String text, int start, int end) {}
