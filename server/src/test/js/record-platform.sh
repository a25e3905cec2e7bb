#!/usr/bin/env bash
# Records the facts of platform-sdk.mjs from LangGraph.js's own server (@langchain/langgraph-api,
# pinned by shared/server-conformance) into src/test/resources/platform/langgraph-js.json.
# Run from server/ after a test prepared target/conformance (ConformanceCheckTest does):
#   src/test/js/record-platform.sh
# The server runs in memory on 127.0.0.1:2181, serving src/test/js/platform/langgraph.json's graphs;
# the facts of routes it lacks (crons, bulk cancel, prune, thread streams, ...) come back as errors
# and are not recorded: the Java test checks those itself.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(cd "$here/../../../target/conformance" && pwd)
rec="$work/platform-record"
rm -rf "$rec" && mkdir -p "$rec/platform" "$rec/graphs"
cp "$work/server.mjs" "$rec/"
cp "$work/graphs/graphs.ts" "$rec/graphs/"
cp "$here/platform/graphs.ts" "$rec/platform/"
cp "$here/platform/langgraph.json" "$rec/langgraph.json"
ln -s "$work/node_modules" "$rec/node_modules"
cp "$here/platform-sdk.mjs" "$work/"
cd "$rec"
LOG_JSON=true node --import tsx server.mjs 2181 > server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -sf http://127.0.0.1:2181/ok > /dev/null && break; sleep 1; done
cd "$work"
node platform-sdk.mjs http://127.0.0.1:2181 > "$rec/facts.json"
node -e '
const doc = JSON.parse(require("fs").readFileSync(process.argv[1], "utf-8"));
const kept = {};
for (const [k, v] of Object.entries(doc.facts)) {
  if (doc.unrecorded.includes(k)) continue;
  if (v && v.failed) throw new Error(k + " failed on LangGraph.js: mark it { recorded: false }: " + v.failed);
  kept[k] = v;
}
console.log(JSON.stringify({ facts: kept }, null, 1));
' "$rec/facts.json" > "$here/../resources/platform/langgraph-js.json"
echo "recorded $(grep -c '' "$here/../resources/platform/langgraph-js.json") lines"
