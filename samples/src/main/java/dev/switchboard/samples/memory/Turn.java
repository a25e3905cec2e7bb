package dev.switchboard.samples.memory;

/**
 * One conversation turn: who speaks, what they said, and the agent's reply.
 *
 * @param user the user id, which keys their long-term memory
 * @param message what the user said
 * @param reply what the agent answered
 */
public record Turn(String user, String message, String reply) {}
