package dev.switchboard.edgecases.beta;

/** Same component names and types as alpha.Query. */
public record Query(String question, String answer) {}
