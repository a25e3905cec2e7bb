package dev.switchboard.runtime.checkpoint;

import java.util.Objects;

/**
 * A write a task made during the superstep after a checkpoint, stored as soon as the task finishes,
 * so that a run that fails (or pauses) part-way through a superstep does not run the finished
 * tasks again when it resumes.
 *
 * @param taskId the deterministic id of the task
 * @param index the position of the write among the task's writes; negative for the special
 *     channels, whose latest write replaces earlier ones
 * @param channel the channel written, or a special one ({@code __error__}, {@code __interrupt__},
 *     {@code __resume__})
 * @param value the encoded value
 */
public record PendingWrite(String taskId, int index, String channel, byte[] value) {
    /**
     * Checks the fields.
     *
     * @param taskId the task id
     * @param index the write index
     * @param channel the channel
     * @param value the encoded value
     */
    public PendingWrite {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(value, "value");
    }
}
