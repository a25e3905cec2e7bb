package dev.switchboard.samples.approval;

/**
 * The reviewer's answer, with which the paused workflow resumes.
 *
 * @param approved whether to publish the draft as it is
 * @param feedback what to change, when not approved
 */
public record Decision(boolean approved, String feedback) {
    /**
     * Approves the draft.
     *
     * @return the decision
     */
    public static Decision approve() {
        return new Decision(true, null);
    }

    /**
     * Asks for changes.
     *
     * @param feedback what to change
     * @return the decision
     */
    public static Decision revise(String feedback) {
        return new Decision(false, feedback);
    }
}
