/**
 * Micrometer observations for Switchboard runs, nodes and checkpoint writes:
 * {@link dev.switchboard.micrometer.MicrometerListener}.
 */
package dev.switchboard.micrometer;
