/**
 * Managed values for {@code @Managed} state components: values the runtime computes for each task
 * instead of storing them, such as the remaining step budget.
 */
package dev.switchboard.runtime.managed;
