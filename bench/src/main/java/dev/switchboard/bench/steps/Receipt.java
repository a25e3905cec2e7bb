package dev.switchboard.bench.steps;

/**
 * What one unit of work returns: a small record, as a payment or a mail provider answers.
 *
 * @param id the provider's id
 * @param cents the amount
 */
public record Receipt(String id, int cents) {}
