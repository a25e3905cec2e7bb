#!/usr/bin/env bash
# Builds the benchmarks and runs them all in one JMH run, then prints one table.
#
#   bench/run.sh                 # every workload, about four minutes on 2 cores
#   bench/run.sh LinearBench     # only the benchmarks matching a JMH regexp
#
# Settings for a 2-core machine: one fork per benchmark, 5 warm-up and 5 measured iterations of one
# second (W5 needs about four seconds of warm-up before C2 has compiled Jackson), allocation per
# operation from -prof gc. The fixed, pre-touched heap keeps heap resizing and page faults out of the
# timings. JMH's own output goes to bench/target/jmh.log, its JSON results to
# bench/target/jmh-result.json; reprint the table from them with
#   java -cp bench/target/benchmarks.jar dev.switchboard.bench.report.Table bench/target/jmh-result.json
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== building bench/target/benchmarks.jar"
./mvnw -B -q -pl bench -am package -DskipTests -Dspotless.check.skip=true

jar=bench/target/benchmarks.jar
count=$(java -jar "$jar" -l "$@" | tail -n +2 | grep -c . || true)
echo "== running $count benchmarks (log: bench/target/jmh.log)"
java -jar "$jar" \
  -f 1 -wi 5 -w 1s -i 5 -r 1s \
  -prof gc \
  -jvmArgsAppend "-Xms2g -Xmx2g -XX:+AlwaysPreTouch" \
  -rf json -rff bench/target/jmh-result.json \
  "$@" > bench/target/jmh.log 2>&1 || { tail -n 40 bench/target/jmh.log; exit 1; }

echo
java -cp "$jar" dev.switchboard.bench.report.Table bench/target/jmh-result.json
