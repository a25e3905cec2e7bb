/**
 * Managed values for {@code @Managed} state components: values the runtime computes for each task
 * instead of storing them, such as the remaining step budget. They are defined for tasks only:
 * outputs, stream values and snapshots hold the type's neutral value ({@code 0}, {@code false},
 * {@code null}) in a managed component.
 */
package dev.switchboard.runtime.managed;
