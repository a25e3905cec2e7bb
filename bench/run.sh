#!/usr/bin/env bash
# Builds the benchmarks, runs them, then prints the tables.
#
#   bench/run.sh                 # every table's benchmarks, about six minutes on 2 cores
#   bench/run.sh LinearBench     # only the benchmarks matching a JMH regexp (main settings)
#
# Without arguments it ends with the bytes a long conversation stores (ConversationStorage), which
# is a program, not a JMH benchmark: bytes do not depend on the machine's load.
#
# Settings for a 2-core machine: one fork per benchmark, 4 warm-up and 4 measured iterations of one
# second (W5 needs about four seconds of warm-up before C2 has compiled Jackson), allocation per
# operation from -prof gc. The "cost grows with work" sizes (grow.*, WideRequestBench) run apart with 3 + 3
# iterations: they compare a workload with itself at other sizes. The fixed, pre-touched heap keeps
# heap resizing and page faults out of the timings. W5 on PostgreSQL runs when
# SWITCHBOARD_POSTGRES_URL is set and is left out, saying so, when it is not. StoreBench is not in
# the default run; name it to run it. JMH's output goes to bench/target/jmh*.log, its JSON results
# to bench/target/jmh-result*.json; reprint the tables from them with
#   java -cp bench/target/benchmarks.jar dev.switchboard.bench.report.Table bench/target/jmh-result*.json
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== building bench/target/benchmarks.jar"
./mvnw -B -q -pl bench -am package -DskipTests -Dspotless.check.skip=true

jar=bench/target/benchmarks.jar
rm -f bench/target/jmh-result*.json
excludes=()
if [ -z "${SWITCHBOARD_POSTGRES_URL:-}" ]; then
  echo "== skipping W5 on PostgreSQL: SWITCHBOARD_POSTGRES_URL is unset"
  excludes=(-e 'CheckpointBench.switchboardPostgres')
fi
heap=(-jvmArgsAppend "-Xms2g -Xmx2g -XX:+AlwaysPreTouch")

# jmh NAME ITERATION-OPTIONS... -- REGEXPS...: one JMH run, its log and JSON named after NAME.
jmh() {
  local name=$1; shift
  local opts=()
  while [ "$1" != "--" ]; do opts+=("$1"); shift; done
  shift
  local count
  count=$(java -jar "$jar" -l "${excludes[@]}" "$@" | tail -n +2 | grep -c . || true)
  echo "== running $count benchmarks, each @Param size apart (log: bench/target/jmh-$name.log)"
  java -jar "$jar" -f 1 "${opts[@]}" -prof gc "${heap[@]}" "${excludes[@]}" \
    -rf json -rff "bench/target/jmh-result-$name.json" \
    "$@" > "bench/target/jmh-$name.log" 2>&1 || { tail -n 40 "bench/target/jmh-$name.log"; exit 1; }
}

if [ $# -gt 0 ]; then
  jmh main -wi 4 -w 1s -i 4 -r 1s -- "$@"
else
  jmh main -wi 4 -w 1s -i 4 -r 1s -- \
    'linear\.LinearBench' 'fanout\.FanOutBench' 'loop\.LoopBench' 'send\.SendBench' \
    'checkpoint\.CheckpointBench' 'server\.ServerOverheadBench' 'agent\.AgentTurnBench'
  jmh grow -wi 3 -w 1s -i 3 -r 1s -- 'grow\.' 'server\.WideRequestBench'
fi

echo
results=()
for name in main grow; do
  if [ -f "bench/target/jmh-result-$name.json" ]; then results+=("bench/target/jmh-result-$name.json"); fi
done
java -cp "$jar" dev.switchboard.bench.report.Table "${results[@]}"

if [ $# -eq 0 ]; then
  echo
  echo "== a conversation's storage: the ReAct agent with one tool on SQLite (not timed)"
  java -cp "$jar" dev.switchboard.bench.conversation.ConversationStorage 50 200 400 800
fi
