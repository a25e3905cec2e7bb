package dev.switchboard.review.beta;

/** Same component names and types as alpha.Query. */
public record Query(String question, String answer) {}
