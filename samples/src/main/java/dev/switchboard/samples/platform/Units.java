package dev.switchboard.samples.platform;

/**
 * The platform sample's run context: how temperatures are shown. An assistant supplies it (its
 * {@code context}), so every run of that assistant gets it without asking for it.
 *
 * @param units {@code celsius} or {@code fahrenheit}; null reads as celsius
 */
public record Units(String units) {}
