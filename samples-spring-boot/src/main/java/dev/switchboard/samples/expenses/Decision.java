package dev.switchboard.samples.expenses;

/**
 * A manager's answer to an expense that needs approval, sent as the run's resume value ({@code
 * command: {resume: {approved: true, by: "maria"}}}).
 *
 * @param approved whether to pay it
 * @param by who decided
 */
public record Decision(boolean approved, String by) {}
