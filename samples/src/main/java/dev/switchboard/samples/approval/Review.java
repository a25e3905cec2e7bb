package dev.switchboard.samples.approval;

/**
 * What the workflow shows the reviewer when it pauses for approval.
 *
 * @param draft the text to approve
 * @param revision how many revisions came before it
 */
public record Review(String draft, int revision) {}
