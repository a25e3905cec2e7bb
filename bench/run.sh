#!/usr/bin/env bash
# Builds the benchmarks, runs them, then prints the tables.
#
#   bench/run.sh                 # every table's benchmarks, about six minutes on 2 cores
#   bench/run.sh LinearBench     # only the benchmarks matching a JMH regexp (main settings)
#   bench/run.sh queue           # the run queue's figures on PostgreSQL (needs SWITCHBOARD_POSTGRES_URL)
#
# `queue` runs, in one invocation on the database SWITCHBOARD_POSTGRES_URL names: pgbench's
# one-row INSERT transactions with 1, 8 and 32 clients (what this database commits); the queue's
# runs/s with p50/p99 latency and transaction ids per run for the 3-node graph with no sleep and
# with 20 ms per node, at 1, 2 and 4 worker JVMs (server/.../QueueScalingFigures); the queue's
# statements per run counted on one JVM (QueueCostFigures); then server overhead per run
# (ServerOverheadBench), W5 per durable superstep on SQLite and PostgreSQL and the 1,000-step
# history read (SuperstepBench, CheckpointBench). BENCH_QUICK=1 shortens everything (a check that
# it runs, not figures). Give it a database no one else uses meanwhile: the transaction ids per run
# count every client's writes.
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

# queue: pgbench and the queue's figures on one database, then the per-run benchmarks.
queue() {
  local url=${SWITCHBOARD_POSTGRES_URL:?set SWITCHBOARD_POSTGRES_URL to a PostgreSQL database for the queue figures}
  local quick=${BENCH_QUICK:-}
  local secs=10 runs=200 iters=(-wi 4 -w 1s -i 4 -r 1s)
  if [ -n "$quick" ]; then secs=3; runs=40; iters=(-wi 1 -w 1s -i 1 -r 1s); fi
  # jdbc:postgresql://host[:port]/db?user=..&password=..
  local rest=${url#jdbc:postgresql://}
  local hostport=${rest%%/*} path=${rest#*/}
  local db=${path%%\?*} query=
  [[ $path == *\?* ]] && query=${path#*\?}
  local host=${hostport%%:*} port=5432
  [[ $hostport == *:* ]] && port=${hostport#*:}
  local user=${USER:-postgres} pass=
  local kv
  for kv in ${query//&/ }; do
    case $kv in user=*) user=${kv#user=} ;; password=*) pass=${kv#password=} ;; esac
  done
  local pg=(-h "$host" -p "$port" -U "$user")
  export PGPASSWORD=$pass PGOPTIONS='-c client_min_messages=warning'
  echo "== PostgreSQL $host:$port/$db: $(psql "${pg[@]}" -d "$db" -Atc "SELECT 'synchronous_commit=' || current_setting('synchronous_commit') || ', fsync=' || current_setting('fsync') || ', ' || version()")"
  local script
  script=$(mktemp)
  echo "INSERT INTO sb_pgbench.one (v) VALUES (1);" > "$script"
  psql "${pg[@]}" -d "$db" -qc "DROP SCHEMA IF EXISTS sb_pgbench CASCADE; CREATE SCHEMA sb_pgbench; CREATE TABLE sb_pgbench.one (id bigserial PRIMARY KEY, v int)"
  echo "== pgbench: one-row INSERT transactions, ${secs} s each"
  printf '%-8s %12s %14s\n' clients "commits/s" "latency ms"
  local c out
  for c in 1 8 32; do
    out=$(pgbench "${pg[@]}" -n -f "$script" -c "$c" -j "$(( c < 2 ? c : 2 ))" -T "$secs" "$db" 2>&1) || { echo "$out"; exit 1; }
    printf '%-8s %12.0f %14.2f\n' "$c" "$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' <<<"$out")" \
      "$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' <<<"$out")"
  done
  psql "${pg[@]}" -d "$db" -qc "DROP SCHEMA sb_pgbench CASCADE"
  rm -f "$script"

  echo "== the queue: $runs runs per figure, 8 slots per worker JVM (log: server/target/surefire-reports)"
  ./mvnw -B -q -pl server -am verify -Dspotless.check.skip=true -Djacoco.skip=true \
    -Dtest='QueueScalingFigures,QueueCostFigures' -Dsurefire.failIfNoSpecifiedTests=false \
    -Dswitchboard.figures=true -Dswitchboard.figures.runs="$runs" > bench/target/queue-figures.log 2>&1 \
    || { tail -n 40 bench/target/queue-figures.log; exit 1; }
  local reports=server/target/surefire-reports
  sed -n 's/^\[figures\] //p' "$reports/dev.switchboard.server.QueueScalingFigures-output.txt"
  echo "== the queue's statements per run, one JVM (front and worker), counted"
  sed -n 's/^\[queue-cost\] //p' "$reports/dev.switchboard.server.QueueCostFigures-output.txt"

  echo "== per run: server overhead, W5 per durable superstep, the 1,000-step history read"
  jmh queue "${iters[@]}" -- 'server\.ServerOverheadBench' 'checkpoint\.CheckpointBench\.switchboard(Sqlite|Postgres)$' \
    'checkpoint\.SuperstepBench'
  sed -n '/^Benchmark /,$p' bench/target/jmh-queue.log | grep -vE '[:·]gc\.(count|time|alloc\.rate) '
}

if [ "${1:-}" = queue ]; then
  queue
  exit 0
elif [ $# -gt 0 ]; then
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
