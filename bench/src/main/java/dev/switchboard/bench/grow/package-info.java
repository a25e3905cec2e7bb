/**
 * "Cost grows with work": W3, W4 and a state of many messages at several sizes, each size a JMH
 * {@code @Param}, reported per step so that a flat column shows a cost that does not grow.
 */
package dev.switchboard.bench.grow;
