#!/usr/bin/env bash
# ./build.sh afl [target|all] [seconds]: coverage-guided fuzzing with afl-fuzz over SharpFuzz's instrumentation.
# Installs afl++ (Debian) and SharpFuzz.CommandLine (the local tool of dotnet-tools.json), instruments a copy of
# MsgPack.Spec.dll, runs afl-fuzz per target (default all, 300 s each), prints execs/edges/crashes, copies each crash
# (minimized) into the regression corpus ($afl_corpus/crashes/TARGET); non-zero exit on any crash. The lz4 target
# (MsgPack.Spec.Lz4's read doors) has its corpus beside its tests: $lz4_corpus/seeds and $lz4_corpus/crashes.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

project=tests/MsgPack.Spec.AflFuzz/MsgPack.Spec.AflFuzz.csproj
# The corpus: documents/ and roundtrip/ seed afl-fuzz; crashes/TARGET/ receives what it finds (the library's tests
# replay all of it).
afl_corpus=tests/MsgPack.Spec.Fuzzing/corpus
afl_targets=(readers skip validate sequence token roundtrip text utf8 generated lz4 document)
lz4_corpus=tests/MsgPack.Spec.Lz4.Tests/corpus

which=${1:-all} seconds=${2:-300} targets=()
if [ "$which" = all ]; then targets=("${afl_targets[@]}"); else
  case " ${afl_targets[*]} " in *" $which "*) targets=("$which") ;; *)
    echo "build.sh: unknown afl target '$which' (${afl_targets[*]} or all)" >&2; exit 2 ;; esac
fi
apt_ensure afl++
ensure_dotnet
log "SharpFuzz.CommandLine (the local tool of dotnet-tools.json)"
dotnet tool restore
log "build $project ($configuration)"
dotnet build "$project" -c "$configuration"
# Instrument a copy: sharpfuzz rewrites the assembly in place and refuses one it already instrumented, and the build
# output stays a plain build for ./build.sh test.
bin=artifacts/afl/bin
rm -rf "$bin"
mkdir -p "$bin"
cp -r "tests/MsgPack.Spec.AflFuzz/bin/$configuration/net10.0/." "$bin/"
log "instrument MsgPack.Spec.dll and MsgPack.Spec.Lz4.dll"
dotnet tool run sharpfuzz "$bin/MsgPack.Spec.dll"
dotnet tool run sharpfuzz "$bin/MsgPack.Spec.Lz4.dll"
# This machine: no CPU governor or core_pattern to tune (containers), no affinity to take from other users; .NET
# reserves far more virtual memory than afl's default limit (-m none); the dotnet host itself is not instrumented (the
# library is), so afl's binary check is skipped; the first start of the runtime is slow.
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 AFL_SKIP_BIN_CHECK=1 \
  AFL_NO_UI=1 AFL_FORKSRV_INIT_TMOUT=60000
crashes=0 status=0 summary=()
for target in "${targets[@]}"; do
  seeds="$afl_corpus/documents"
  [ "$target" = roundtrip ] && seeds="$afl_corpus/roundtrip"
  [ "$target" = lz4 ] && seeds="$lz4_corpus/seeds"
  out="artifacts/afl/$target"
  rm -rf "$out"
  log "afl-fuzz $target for $seconds s (log: $out.log)"
  afl-fuzz -i "$seeds" -o "$out" -m none -t 5000 -V "$seconds" -- \
    dotnet "$bin/MsgPack.Spec.AflFuzz.dll" fuzz "$target" > "$out.log" 2>&1 || status=$?
  stats="$out/default/fuzzer_stats"
  if [ ! -f "$stats" ] || grep -q "No instrumentation detected" "$out.log"; then
    echo "build.sh: afl-fuzz did not run $target (exit $status); the end of $out.log:" >&2
    tail -20 "$out.log" >&2
    exit 1
  fi
  # Coverage must come from the instrumented library: a few hundred edges at least (a bare .NET host shows none).
  edges=$(awk -F' *: *' '$1 == "edges_found" { print $2 }' "$stats")
  if [ "${edges:-0}" -lt 100 ]; then
    echo "build.sh: afl-fuzz saw only ${edges:-0} edges for $target: is $bin/MsgPack.Spec.dll instrumented?" >&2
    exit 1
  fi
  line=$(awk -F' *: *' -v t="$target" '
    { v[$1] = $2 }
    END { printf "%-9s %6s s, execs %s (%s/s), edges %s of %s (bitmap %s), corpus %s, crashes %s, hangs %s, stability %s",
          t, v["run_time"], v["execs_done"], v["execs_per_sec"], v["edges_found"], v["total_edges"], v["bitmap_cvg"],
          v["corpus_count"], v["saved_crashes"], v["saved_hangs"], v["stability"] }' "$stats")
  echo "$line"
  summary+=("$line")
  # Each crash, minimized by afl-tmin when it manages within two minutes, into the regression corpus, named by its
  # content so that a rerun adds only new ones.
  for crash in "$out"/default/crashes/id:*; do
    [ -f "$crash" ] || continue
    crashes_dir="$afl_corpus/crashes/$target"
    [ "$target" = lz4 ] && crashes_dir="$lz4_corpus/crashes"
    mkdir -p "$crashes_dir"
    small="$crash.min"
    if ! timeout 120 afl-tmin -i "$crash" -o "$small" -m none -t 5000 -- \
        dotnet "$bin/MsgPack.Spec.AflFuzz.dll" fuzz "$target" > "$crash.tmin.log" 2>&1 || [ ! -s "$small" ]; then
      small="$crash"
    fi
    name=$(sha1sum "$small" | cut -c1-16)
    cp "$small" "$crashes_dir/$name"
    crashes=$((crashes + 1))
  done
done
log "afl summary"
printf '%s\n' "${summary[@]}"
if [ "$crashes" -gt 0 ]; then
  echo "build.sh: $crashes crash input(s), copied into $afl_corpus/crashes/ (reproduce: dotnet $bin/MsgPack.Spec.AflFuzz.dll run TARGET FILE)"
  exit 1
fi
