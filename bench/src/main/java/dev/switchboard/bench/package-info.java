/**
 * JMH benchmarks of Switchboard against LangGraph4j and plain hand-written Java. Each workload has
 * its own package with the three implementations and one JMH class; {@code report} turns JMH's
 * JSON output into the table the README shows. Run them with {@code bench/run.sh}.
 */
package dev.switchboard.bench;
