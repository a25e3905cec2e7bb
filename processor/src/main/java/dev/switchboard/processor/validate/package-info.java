/**
 * Validation: small rule classes that check a model and add {@link
 * dev.switchboard.processor.validate.Diagnostic}s to a {@link
 * dev.switchboard.processor.validate.Report}. Rules never throw for a user mistake and never stop
 * at the first error; every message comes from the {@link
 * dev.switchboard.processor.validate.Message} catalogue and names the fix.
 */
package dev.switchboard.processor.validate;
