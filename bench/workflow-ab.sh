#!/usr/bin/env bash
# npm run bench:workflow:ab [-- <revision> [rounds]]
#
# An interleaved A/B of bench:workflow: this tree (A) and another revision (B, default 6db5469, the speed issue 23
# compares against) built side by side and run alternately, A B A B …, on the same machine and database server, so
# drift of the machine lands on both. Prints each run's summary lines and the medians. The other revision is checked
# out once under .data/bench-ab/<revision> (a git worktree sharing this clone's node_modules by hard links).
# Both sides run the same workload: BENCH_FLOWS (default `leave`, the only flow revisions before issue 14's mix drive;
# a revision's bench that knows no BENCH_FLOWS ignores it, so set it to what that revision drives).
set -euo pipefail
cd "$(dirname "$0")/.."
REV="${1:-6db5469}"
ROUNDS="${2:-2}"
export BENCH_FLOWS="${BENCH_FLOWS:-leave}"
# The same warm-up on both sides: older revisions' benches read the same variable, with 5 by default
# (docs/adr/0086-the-workflow-bench-measures-a-warm-server.md).
export BENCH_WARMUP_INSTANCES_PER_CLIENT="${BENCH_WARMUP_INSTANCES_PER_CLIENT:-60}"
HERE="$(pwd)"
OTHER="$HERE/.data/bench-ab/$REV"

if [ ! -d "$OTHER/.git" ] && [ ! -f "$OTHER/.git" ]; then
  mkdir -p "$(dirname "$OTHER")"
  git worktree add --detach "$OTHER" "$REV" >/dev/null
fi
[ -e "$OTHER/node_modules" ] || cp -al "$HERE/node_modules" "$OTHER/node_modules"
echo "# bench:workflow A/B (flows: $BENCH_FLOWS, warm-up $BENCH_WARMUP_INSTANCES_PER_CLIENT instances per client) — A: this tree ($(git rev-parse --short HEAD)$(git diff --quiet || echo ', with uncommitted changes')), B: $REV; $ROUNDS rounds, interleaved"
npm run build:api >/dev/null
(cd "$OTHER" && npm run build:api >/dev/null)

declare -a A_RATES B_RATES
summary() { grep -E '^workflow commands|^HTTP INSERT|^raw INSERT loop \(a\)|^ratio workflow|^workflow: CPU' || true; }
for ((i = 1; i <= ROUNDS; i++)); do
  for side in A B; do
    dir="$HERE"; [ "$side" = B ] && dir="$OTHER"
    out="$(cd "$dir" && node dist/bench/workflow.bench.js 2>&1)" || { echo "$out" | tail -20; exit 1; }
    rate="$(echo "$out" | awk '/^workflow commands/ {print $(NF-7)}')"
    echo
    echo "## round $i, $side ($( [ "$side" = A ] && git rev-parse --short HEAD || echo "$REV")): $rate commands/s"
    echo "$out" | summary
    if [ "$side" = A ]; then A_RATES+=("$rate"); else B_RATES+=("$rate"); fi
  done
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
a="$(median "${A_RATES[@]}")"; b="$(median "${B_RATES[@]}")"
echo
echo "## medians: A $a commands/s (${A_RATES[*]}), B $b commands/s (${B_RATES[*]}); A / B = $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f", a / b}')"
