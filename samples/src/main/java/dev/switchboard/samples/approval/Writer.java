package dev.switchboard.samples.approval;

import java.util.List;

/**
 * Writes drafts; in a real application a language model behind this interface. The sample's
 * writer is deterministic so that its runs can be checked.
 */
public interface Writer {
    /**
     * Writes a draft.
     *
     * @param topic what to write about
     * @param feedback the changes asked for so far, oldest first
     * @return the draft
     */
    String draft(String topic, List<String> feedback);

    /**
     * A writer that states the topic and then applies each piece of feedback in turn.
     *
     * @return the writer
     */
    static Writer template() {
        return (topic, feedback) -> {
            StringBuilder text = new StringBuilder("Why " + topic + " matters.");
            for (String change : feedback) {
                text.append(" [").append(change).append(']');
            }
            return text.toString();
        };
    }
}
