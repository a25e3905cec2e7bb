package dev.switchboard.edgecases.alpha;

/** Same component names and types as beta.Query. */
public record Query(String question, String answer) {}
