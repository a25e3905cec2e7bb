package dev.switchboard.samples.upgrade.desk;

/** Release 3: which team a ticket goes to, and whether customers wait for money. */
public record Subject(String team, boolean money) {}
