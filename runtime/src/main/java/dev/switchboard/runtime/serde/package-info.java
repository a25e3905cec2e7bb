/**
 * Schema-directed serialization of checkpoint values: every stored value is written and read as
 * the Java type the processor derived from the state record, so stored data never names a class
 * and nothing outside the declared schema can be instantiated from a checkpoint.
 */
package dev.switchboard.runtime.serde;
