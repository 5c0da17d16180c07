#!/usr/bin/env bash
# ./build.sh bench [--full] [BenchmarkSwitcher args...]
# Quick pass (default): the short job (3 warmup + 3 measured iterations) with 100 ms iterations and --quick: fewer
# [Params] cases (Workloads.Quick: 3 text cases of 5, 2 binary sizes of 4, 1 large-string size of 2) and no [FullOnly]
# rows (the msgpack-c and msgpack-cxx sbuffer encoders, variants of rows that stay). With the .NET peers
# (MessagePack-CSharp, Nerdbank.MessagePack) that is 270 benchmarks, about 8 minutes on 2 cores at the ~1.7 s a
# short-job benchmark costs (every case and row would be 418, about 12 minutes). --full: BenchmarkDotNet's default job,
# every case and every row. Extra arguments go to BenchmarkSwitcher (a --filter replaces the default '*').
#
# Where the results go (MODE is short, or full for --full):
#   artifacts/benchmarks/MODE/ (ignored by git): BenchmarkDotNet's artifacts: results/ with every report (full JSON,
#     CSV, HTML, GitHub markdown) and the JIT's disassembly of the codegen classes (*-asm.md) and the logs. A filtered
#     run replaces only its own files; a run of the whole suite starts the folder afresh.
#   docs/results/quick-pass/ (full-pass/ for --full): the GitHub-flavored markdown report of each class this run
#     measured, headline.md (the headline ratios, from every full JSON report in artifacts/benchmarks/MODE/results) and
#     run-info.txt (one entry per run: the command, the machine's load, the native libraries' versions), so that a
#     figure a page quotes has its run's environment beside it.
#   docs/benchmarks.svg (docs/benchmarks-full.svg for --full): the chart, from the same JSON reports.
# The chart and headline.md are drawn only from a whole run (a run of the whole suite, maybe updated since by filtered
# runs): a filtered run in a folder that never held one (a fresh clone) leaves them as they are, and says so.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

mode=short job_args=(--job short --iterationTime 100 --quick) filter=(--filter '*') chart=docs/benchmarks.svg
if [ "${1:-}" = "--full" ]; then
  shift
  mode=full
  job_args=(--job default)
  chart=docs/benchmarks-full.svg
fi
for arg in "$@"; do
  case "$arg" in --filter|-f) filter=() ;; esac
done
raw="artifacts/benchmarks/$mode" docs="docs/results/$([ "$mode" = full ] && echo full-pass || echo quick-pass)"

build_native
build_benchmarks
run_verify

if [ ${#filter[@]} -gt 0 ]; then
  rm -rf "$raw" # the whole suite runs: start its results afresh
fi
mkdir -p "$raw" "$docs"
stamp="$raw/.started"
touch "$stamp"
log "benchmarks ($mode): ${filter[*]} ${job_args[*]} $*"
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
started=$(date +%s)
dotnet "$bench_dll" "${filter[@]}" "${job_args[@]}" --artifacts "$raw" "$@"
elapsed=$(( $(date +%s) - started ))
echo "benchmarks: $mode pass took $elapsed s"
whole="$raw/whole-suite.txt"
if [ ${#filter[@]} -gt 0 ]; then
  echo "the whole suite, finished $(date -u '+%Y-%m-%d %H:%M:%S UTC'); filtered runs may have replaced some classes since" > "$whole"
fi

log "results: $raw (raw), $docs (markdown reports, headline.md, run-info.txt), $chart"
[ ${#filter[@]} -gt 0 ] && rm -f "$docs/run-info.txt" # the whole suite ran: its entry starts the file afresh
{
  # One entry per run whose files are in the folder (a filtered run replaces only its own files).
  echo "---"
  echo "command: ./build.sh bench $([ "$mode" = full ] && echo '--full ')$*"
  echo "benchmark arguments: ${filter[*]} ${job_args[*]} --artifacts $raw $*"
  echo "finished: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), the BenchmarkDotNet run took $elapsed s"
  echo "load average (1, 5, 15 min) before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
  dotnet "$bench_dll" --info
} >> "$docs/run-info.txt"
if [ ${#filter[@]} -gt 0 ]; then
  rm -f "$docs"/*-report-github.md # the whole suite ran: its reports replace every earlier one
fi
copied=0
for file in "$raw"/results/*-report-github.md; do
  [ "$file" -nt "$stamp" ] || continue # only the classes this run measured
  cp "$file" "$docs/${file##*/MsgPack.Spec.Benchmarks.}"
  copied=$((copied + 1))
done
rm -f "$stamp"
echo "copied $copied markdown reports into $docs"
if [ -f "$whole" ]; then
  dotnet "$bench_dll" --chart "$raw/results" "$chart"
  dotnet "$bench_dll" --report "$raw/results" "$docs/headline.md"
else
  echo "$chart and $docs/headline.md not redrawn: $raw holds no run of the whole suite (./build.sh bench$([ "$mode" = full ] && echo ' --full') without --filter makes one)"
fi
