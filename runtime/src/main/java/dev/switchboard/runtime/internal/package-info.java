/**
 * Not API: the contract between code the Switchboard processor generates and the runtime. Types
 * here are public only because generated classes live in user packages; they may change in any
 * release. Failure messages name the broken contract so that a mismatch between processor and
 * runtime versions is easy to diagnose.
 */
package dev.switchboard.runtime.internal;
