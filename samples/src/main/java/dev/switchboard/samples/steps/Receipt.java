package dev.switchboard.samples.steps;

/**
 * What the payment provider returns for a charge: the result of the durable step {@code charge}.
 *
 * @param id the provider's charge id
 * @param cents the amount charged
 */
public record Receipt(String id, int cents) {}
