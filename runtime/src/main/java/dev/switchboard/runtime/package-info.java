/**
 * Switchboard's public runtime API: the {@link dev.switchboard.runtime.CompiledGraph} every
 * generated {@code XxxGraph} implements, run configuration, commands, sends, stream events and the
 * exceptions a run can raise.
 *
 * <p>All parameters and return values in this package and its subpackages are non-null unless
 * documented otherwise; nulls are rejected at the boundary with the parameter's name.
 */
package dev.switchboard.runtime;
