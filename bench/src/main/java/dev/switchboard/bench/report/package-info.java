/** Turns a JMH run's JSON results into the one table {@code bench/run.sh} prints. */
package dev.switchboard.bench.report;
