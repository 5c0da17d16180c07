#!/usr/bin/env bash
# ./build.sh interleaved CLASS... [--seconds S] [--name FILE]: the rows of each class in one process, in turns of
# 10 ms, ratios taken within each round (docs/benchmarks-notes.md: this VM changes speed by itself); the report, a table
# people read, into docs/results/interleaved/FILE.md.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build_native
build_benchmarks
exec dotnet "$bench_dll" --interleaved "$@" --results docs/results/interleaved
