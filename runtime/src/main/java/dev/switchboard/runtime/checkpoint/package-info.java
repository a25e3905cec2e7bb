/**
 * Checkpoints: the model every saver stores ({@link dev.switchboard.runtime.checkpoint.Checkpoint},
 * {@link dev.switchboard.runtime.checkpoint.Blob}, {@link dev.switchboard.runtime.checkpoint.PendingWrite}),
 * the {@link dev.switchboard.runtime.checkpoint.CheckpointSaver} SPI, the in-memory saver and
 * encryption at rest.
 *
 * <p>Channel values travel as blobs keyed by channel and version, so a value that did not change is
 * never stored twice, and append-style reducer channels are stored as per-step deltas on top of
 * snapshots that are taken as the value grows, so storage grows linearly with run length.
 */
package dev.switchboard.runtime.checkpoint;
