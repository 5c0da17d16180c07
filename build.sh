#!/usr/bin/env bash
# The one entry point of the repository.
#   ./build.sh            restore, build (Release) and run every test
#   ./build.sh test       the same: the library's net10.0, netstandard2.0 and net8.0 (on .NET 8) builds, the generator
#                         and its output, the README's blocks, the Tarantool sample against a server it installs, starts
#                         on 127.0.0.1 and stops, the net48 consumer, the package (packed, then a consumer that has only
#                         a PackageReference to it and uses its generator), the trimmed and native-AOT consumers (with
#                         generated serializers), then the benchmark smoke test (native baselines + --verify); CI runs
#                         exactly this
#   ./build.sh build      restore and build only
#   ./build.sh pack       build the NuGet package (.nupkg and .snupkg) into artifacts/packages, as CI would; the .nupkg
#                         holds the library (lib/) and the generator (analyzers/dotnet/roslyn4.4/cs)
#   ./build.sh package-consumer
#                         pack, then build and run tests/MsgPack.Spec.PackageConsumer against the package
#   ./build.sh repro      build the library (and the generator) in two clones of HEAD and check that the DLLs and PDBs are
#                         byte-identical
#   ./build.sh native     build native/libmsgpack_native.so (msgpuck, msgpack-c, msgpack-cxx) and run its ctest
#   ./build.sh net48      run the net48 consumer (C# 7.3 against the netstandard2.0 build, built by build) under Mono
#   ./build.sh bench [--full] [BenchmarkSwitcher args...]
#                         the BenchmarkDotNet suite: quick pass (short job, --quick cases) unless --full; results into docs/results/,
#                         disassembly into docs/codegen/; e.g. ./build.sh bench --full --filter '*Seed*'
#   ./build.sh interleaved CLASS... [--seconds S] [--name FILE]
#                         the rows of each class in one process, in turns of 10 ms, ratios taken within each round
#                         (docs/benchmarks-notes.md: this VM changes speed by itself); into docs/results/interleaved/FILE.md
#   ./build.sh fuzz [seconds] [seed]
#                         the mutation fuzzer against every reader (default 60 s, seed 1); non-zero exit on any failure
#   ./build.sh afl [target|all] [seconds]
#                         coverage-guided fuzzing: installs afl++ (Debian) and SharpFuzz.CommandLine (local tool), instruments
#                         MsgPack.Spec.dll, runs afl-fuzz per target (readers, skip, validate, sequence, token, roundtrip, text, utf8, generated;
#                         default all, 300 s each), prints execs/edges/crashes, copies crashes into the regression corpus
#                         (tests/MsgPack.Spec.Fuzzing/corpus/crashes/TARGET); non-zero exit on any crash
#   ./build.sh dump [--json] [--hex|--binary] [--preview N] [FILE|-]
#                         the annotated dump (or, with --json, the JSON) of MessagePack bytes or hex text from FILE or stdin
#   ./build.sh throughput [--seconds S] [--in-flight N] [--perf DIR]
#                         the Tarantool sample client's requests per second (PING, SELECT) against a local server;
#                         --perf: where the client's CPU goes (perf samples, perf.data files into DIR)
#   ./build.sh stack      the smallest thread stack on which generated readers read deep input, valid and bad
#                         (tools/MsgPack.Spec.StackProbe), into docs/results/stack/stack.txt
#   ./build.sh deps       install the Debian packages the tests run (tarantool, mono-runtime); test does this itself
#   ./build.sh clean      remove build outputs
# On a fresh machine it installs what it needs by itself (it runs as root there).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

solution=MsgPack.Spec.sln
configuration=Release
bench_project=benchmarks/MsgPack.Spec.Benchmarks/MsgPack.Spec.Benchmarks.csproj
bench_dll=benchmarks/MsgPack.Spec.Benchmarks/bin/$configuration/net10.0/MsgPack.Spec.Benchmarks.dll
net48_consumer=tests/MsgPack.Spec.Net48Consumer/bin/$configuration/net48/MsgPack.Spec.Net48Consumer.exe

# Each step with the time it starts (UTC), so that a slow CI run shows which step took the time.
log() { printf '\n== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "build.sh: need root to run: $*" >&2; exit 1; fi
}

# Installs Debian packages that are missing (apt-get update runs once, only when something is missing).
apt_ensure() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

ensure_dotnet() {
  if ! command -v dotnet >/dev/null 2>&1; then
    echo "build.sh: the .NET SDK 10 is required (dotnet was not found on PATH)." >&2
    exit 1
  fi
  local major
  major=$(dotnet --version | cut -d. -f1)
  if [ "$major" -lt 10 ]; then
    echo "build.sh: the .NET SDK 10 or later is required; found $(dotnet --version)." >&2
    exit 1
  fi
}

restore() {
  ensure_dotnet
  log "restore"
  dotnet restore "$solution"
}

build() {
  restore
  log "build ($configuration)"
  dotnet build "$solution" -c "$configuration" --no-restore
}

run_tests() {
  # The native baselines first, so that the solution build copies libmsgpack_native.so next to the projects that load
  # it (the benchmarks, and tests that compare with msgpuck). A failure here does not stop the unit tests; it fails
  # the benchmark smoke test below.
  local native_status=0
  build_native --skip-tests || native_status=$?
  # The sample client's integration tests (samples/TarantoolClient.Tests) start a Tarantool of their own on
  # 127.0.0.1 and stop it by its process id; the server comes from Debian.
  apt_ensure tarantool
  build
  local out status=0 smoke smoke_status=0 consumer consumer_status=0
  out=$(mktemp)
  smoke=$(mktemp)
  consumer=$(mktemp)
  # The net48 consumer: what a .NET Framework user compiles (C# 7.3, the netstandard2.0 build), run under Mono. It
  # prints "net48 consumer: N checks passed", or "F of T checks failed" and exits 1; anything else (Mono missing, an
  # assembly it cannot load) counts as one failure.
  run_net48_consumer 2>&1 | tee "$consumer" || consumer_status=$?
  if [ "$consumer_status" -ne 0 ] && ! grep -qE '^net48 consumer: [0-9]+ of [0-9]+ checks failed$' "$consumer"; then
    echo "build.sh: the net48 consumer did not run to its end (exit $consumer_status); counted as one failure"
    echo "net48 consumer: 1 of 1 checks failed" | tee -a "$consumer"
  fi
  log "test (the library's net10.0 build, its netstandard2.0 build, its net8.0 build on a .NET 8 runtime, the samples)"
  dotnet test "$solution" -c "$configuration" --no-build 2>&1 | tee "$out" || status=$?
  # The bulk array and UTF-8 tests again with the wider vector paths switched off, so that every path this machine
  # could take runs: 256-bit (no AVX-512), 128-bit (no AVX2), and none at all (the per-value core and the scalar UTF-8
  # check alone, as on netstandard2.0).
  # On a machine without AVX-512 the first of these settings changes nothing (256-bit is already the widest path the
  # run above took), so it is left out there rather than run twice.
  local isa isas=(DOTNET_EnableAVX2=0 DOTNET_EnableHWIntrinsic=0)
  grep -qw avx512f /proc/cpuinfo 2>/dev/null && isas=(DOTNET_EnableAVX512=0 "${isas[@]}")
  for isa in "${isas[@]}"; do
    log "bulk array and UTF-8 tests with $isa"
    env "$isa" dotnet test tests/MsgPack.Spec.Tests -c "$configuration" --no-build --filter 'FullyQualifiedName~BulkArrayTests|FullyQualifiedName~MixedWidthArrayTests|FullyQualifiedName~Utf8ValidationTests' 2>&1 | tee -a "$out" || status=$?
  done
  # The package as a user gets it: packed from this build (as ./build.sh pack does, without building again), then a
  # project that has only a PackageReference to it builds and runs serializers of its generator. It prints "package
  # consumer: N checks passed", or "F of T checks failed" and exits 1; a failure before that (the pack, the restore,
  # the build) counts as one failure.
  local package_status=0
  { log "pack (for the package consumer)" && pack_library --no-build -nologo -v q && run_package_consumer; } 2>&1 | tee -a "$consumer" || package_status=$?
  if [ "$package_status" -ne 0 ]; then
    status=1
    if ! grep -qE '^package consumer: [0-9]+ of [0-9]+ checks failed' "$consumer"; then
      echo "build.sh: the package consumer did not run to its end (exit $package_status); counted as one failure"
      echo "package consumer: 1 of 1 checks failed" | tee -a "$consumer"
    fi
  fi
  # What trimming and native AOT make of the library and of the generated serializers: the consumer published trimmed
  # (ILLink) and native AOT (ILCompiler), every trim/AOT warning an error, then run; each prints "aot consumer: N
  # checks passed".
  local mode
  mkdir -p artifacts
  for mode in trimmed aot; do
    log "$mode consumer (tests/MsgPack.Spec.AotConsumer, trim and AOT warnings are errors)"
    if dotnet publish tests/MsgPack.Spec.AotConsumer -c "$configuration" -r linux-x64 -p:Consumer="$mode" -o "artifacts/consumers/$mode" -nologo -v q >"artifacts/consumers-$mode.log" 2>&1 || { cat "artifacts/consumers-$mode.log"; false; }; then
      "artifacts/consumers/$mode/MsgPack.Spec.AotConsumer" 2>&1 | tee -a "$consumer" || status=1
    else
      echo "build.sh: the $mode consumer did not publish (see above); counted as one failure"
      echo "aot consumer: 1 of 1 checks failed" | tee -a "$consumer"
      status=1
    fi
  done
  # The benchmark smoke test: every benchmark once with its fairness checks (no timing), so that a broken baseline
  # or a benchmark that no longer matches msgpuck fails CI.
  log "benchmark smoke test (MsgPack.Spec.Benchmarks --verify against the native baselines)"
  if [ "$native_status" -ne 0 ]; then
    echo "build.sh: native/build-native.sh failed (exit $native_status), see above" | tee "$smoke"
    smoke_status=$native_status
  else
    { build_benchmarks && run_verify; } 2>&1 | tee "$smoke" || smoke_status=$?
  fi
  if [ "$smoke_status" -ne 0 ] && ! grep -qE '^verify: [0-9]+ passed, [0-9]+ failed$' "$smoke"; then
    echo "build.sh: the benchmark smoke test failed before --verify ran; counted as one failure"
    echo "verify: 0 passed, 1 failed" | tee -a "$smoke"
  fi
  # One closing line that counts every test project, every check of the net48, package, trimmed and AOT consumers and
  # every verified benchmark class: "tests: N passed, N failed".
  awk '/(Passed|Failed)!/ {
         for (i = 1; i <= NF; i++) { if ($i == "Passed:") p += $(i+1); if ($i == "Failed:") f += $(i+1) }
       }
       /^net48 consumer: [0-9]+ checks passed/ { p += $3 }
       /^package consumer: [0-9]+ checks passed/ { p += $3 }
       /^package consumer: [0-9]+ of [0-9]+ checks failed/ { f += $3; p += $5 - $3 }
       /^aot consumer: [0-9]+ checks passed/ { p += $3 }
       /^aot consumer: [0-9]+ of [0-9]+ checks failed/ { f += $3; p += $5 - $3 }
       /^net48 consumer: [0-9]+ of [0-9]+ checks failed$/ { f += $3; p += $5 - $3 }
       /^verify: [0-9]+ passed, [0-9]+ failed$/ { p += $2; f += $4 }
       END { printf "tests: %d passed, %d failed\n", p, f }' "$out" "$consumer" "$smoke"
  rm -f "$out" "$smoke" "$consumer"
  [ "$status" -ne 0 ] && return "$status"
  [ "$consumer_status" -ne 0 ] && return "$consumer_status"
  return "$smoke_status"
}

# tests/MsgPack.Spec.Net48Consumer (built by the solution build) under Mono: the .NET Framework API surface at C# 7.3
# against the library's netstandard2.0 build, on a runtime whose Span<T> is System.Memory's portable one, not the
# fast Span of .NET. Its own exit code: 0 when every check passed.
run_net48_consumer() {
  log "net48 consumer (C# 7.3, the netstandard2.0 build) under Mono"
  if [ ! -f "$net48_consumer" ]; then
    echo "build.sh: $net48_consumer is missing: run ./build.sh build first" >&2
    return 1
  fi
  apt_ensure mono-runtime || return
  local facades
  facades=$(mono_facades) || { echo "build.sh: no netstandard.dll for Mono (see above)" >&2; return 1; }
  MONO_PATH="$facades" mono "$net48_consumer"
}

# Prints a directory that holds netstandard.dll, the facade every netstandard2.0 library references (.NET Framework
# 4.7.1 and later have it; Mono keeps it in lib/mono/4.5/Facades). Debian 12 ships that directory only in mono-devel:
# 148 packages, 40 MB, two minutes to install, for one 92 KB file; with mono-runtime alone the consumer stops at
# "Could not load file or assembly 'netstandard, Version=2.0.0.0'". So unless mono-devel is installed, the one file is
# taken out of the mono-devel package of the runtime's version (apt-get download, 24 MB, nothing installed) and kept
# in the consumer's obj/ directory; Mono finds it through MONO_PATH. A few seconds, once per machine.
mono_facades() {
  local installed=/usr/lib/mono/4.5/Facades
  if [ -f "$installed/netstandard.dll" ]; then
    echo "$installed"
    return 0
  fi
  local version dir tmp
  version=$(dpkg-query -W -f='${Version}' mono-runtime) || return
  dir="$PWD/tests/MsgPack.Spec.Net48Consumer/obj/mono-facades/$version"
  if [ ! -f "$dir/netstandard.dll" ]; then
    echo "build.sh: taking netstandard.dll out of Debian's mono-devel $version" >&2
    tmp=$(mktemp -d)
    # APT::Sandbox::User=root: as root, apt would hand the download to the _apt user, who cannot write into $tmp.
    fetch_deb() { (cd "$tmp" && apt-get download -qq -o APT::Sandbox::User=root "$1") >&2; }
    # The package lists may be older than the runtime, or newer (then the runtime's version is gone from the
    # archive, and any mono-devel 6.8 has the same facade: type forwards to mscorlib and its neighbours).
    fetch_deb "mono-devel=$version" \
      || { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 && { fetch_deb "mono-devel=$version" || fetch_deb mono-devel; }; } \
      || { rm -rf "$tmp"; return 1; }
    if ! dpkg-deb --fsys-tarfile "$tmp"/mono-devel_*.deb | tar -x -C "$tmp" ./usr/lib/mono/4.5/Facades/netstandard.dll; then
      rm -rf "$tmp"
      return 1
    fi
    mkdir -p "$dir"
    mv "$tmp/usr/lib/mono/4.5/Facades/netstandard.dll" "$dir/"
    rm -rf "$tmp"
  fi
  echo "$dir"
}

# native/libmsgpack_native.so, the native baselines (the script installs its Debian packages when missing).
build_native() {
  log "native (libmsgpack_native.so: msgpuck, msgpack-c, msgpack-cxx)"
  native/build-native.sh "$@"
}

# The benchmark project alone (Release), after the native library, so that the .so is copied next to it.
build_benchmarks() {
  ensure_dotnet
  log "build benchmarks ($configuration)"
  dotnet build "$bench_project" -c "$configuration"
}

run_verify() {
  log "verify: every benchmark once per parameter set, after its fairness checks (no timing)"
  dotnet "$bench_dll" --verify
}

# ./build.sh bench [--full] [BenchmarkSwitcher args...]
# Quick pass (default): the short job (3 warmup + 3 measured iterations) with 100 ms iterations and --quick: fewer
# [Params] cases (Workloads.Quick: 3 text cases of 5, 2 binary sizes of 4, 1 large-string size of 2) and no [FullOnly]
# rows (the msgpack-c and msgpack-cxx sbuffer encoders, variants of rows that stay). With the .NET peers
# (MessagePack-CSharp, Nerdbank.MessagePack) that is 270 benchmarks, about 8 minutes on 2 cores at the ~1.7 s a
# short-job benchmark costs (every case and row would be 418, about 12 minutes). --full: BenchmarkDotNet's default
# job, every case and every row. Extra arguments go to BenchmarkSwitcher (a --filter replaces the default '*').
# Results: docs/results/<short|full>/ (GitHub markdown, CSV, full JSON, run-info.txt, headline.md); the chart:
# docs/benchmarks.svg (docs/benchmarks-full.svg for --full); the JIT's disassembly of the codegen classes: docs/codegen/.
bench() {
  local mode=short job_args=(--job short --iterationTime 100 --quick) filter=(--filter '*')
  if [ "${1:-}" = "--full" ]; then
    shift
    mode=full
    job_args=(--job default)
  fi
  local arg
  for arg in "$@"; do
    case "$arg" in --filter|-f) filter=() ;; esac
  done
  build_native
  build_benchmarks
  run_verify
  local artifacts=BenchmarkDotNet.Artifacts results="docs/results/$mode" started load_before elapsed
  rm -rf "$artifacts/results"
  log "benchmarks ($mode): ${filter[*]} ${job_args[*]} $*"
  load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
  started=$(date +%s)
  dotnet "$bench_dll" "${filter[@]}" "${job_args[@]}" --artifacts "$artifacts" "$@"
  elapsed=$(( $(date +%s) - started ))
  echo "benchmarks: $mode pass took $elapsed s"
  log "results -> $results, disassembly -> docs/codegen"
  if [ ${#filter[@]} -gt 0 ]; then
    rm -rf "$results" # the whole suite ran: start the results afresh
  fi
  mkdir -p "$results" docs/codegen
  {
    # One entry per run whose files are in the directory (a filtered run replaces only its own files).
    echo "---"
    echo "command: ./build.sh bench $([ "$mode" = full ] && echo '--full ')$*"
    echo "benchmark arguments: ${filter[*]} ${job_args[*]} --artifacts $artifacts $*"
    echo "finished: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), the BenchmarkDotNet run took $elapsed s"
    echo "load average (1, 5, 15 min) before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
    dotnet "$bench_dll" --info
  } >> "$results/run-info.txt"
  local file copied=0
  for file in "$artifacts"/results/*-report-github.md "$artifacts"/results/*-report.csv "$artifacts"/results/*-report-full.json; do
    [ -e "$file" ] || continue
    cp "$file" "$results/${file##*/MsgPack.Spec.Benchmarks.}"
    copied=$((copied + 1))
  done
  for file in "$artifacts"/results/*-asm.md; do
    [ -e "$file" ] || continue
    cp "$file" "docs/codegen/${file##*/MsgPack.Spec.Benchmarks.}"
  done
  echo "copied $copied result files"
  # The chart of the quick pass is docs/benchmarks.svg (docs/benchmarks.md shows it); a --full run's is docs/benchmarks-full.svg.
  dotnet "$bench_dll" --chart "$results" "docs/benchmarks$([ "$mode" = full ] && echo -full).svg"
  dotnet "$bench_dll" --report "$results" "$results/headline.md"
}

# ./build.sh afl [target|all] [seconds]: coverage-guided fuzzing with afl-fuzz over SharpFuzz's instrumentation.
afl_project=tests/MsgPack.Spec.AflFuzz/MsgPack.Spec.AflFuzz.csproj
afl_corpus=tests/MsgPack.Spec.Fuzzing/corpus
afl_targets=(readers skip validate sequence token roundtrip text utf8 generated)

afl() {
  local which=${1:-all} seconds=${2:-300} targets=()
  if [ "$which" = all ]; then targets=("${afl_targets[@]}"); else
    case " ${afl_targets[*]} " in *" $which "*) targets=("$which") ;; *)
      echo "build.sh: unknown afl target '$which' (${afl_targets[*]} or all)" >&2; exit 2 ;; esac
  fi
  apt_ensure afl++
  ensure_dotnet
  log "SharpFuzz.CommandLine (the local tool of dotnet-tools.json)"
  dotnet tool restore
  log "build $afl_project ($configuration)"
  dotnet build "$afl_project" -c "$configuration"
  # Instrument a copy: sharpfuzz rewrites the assembly in place and refuses one it already instrumented, and the
  # build output stays a plain build for ./build.sh test.
  local bin=artifacts/afl/bin
  rm -rf "$bin"
  mkdir -p "$bin"
  cp -r "tests/MsgPack.Spec.AflFuzz/bin/$configuration/net10.0/." "$bin/"
  log "instrument MsgPack.Spec.dll"
  dotnet tool run sharpfuzz "$bin/MsgPack.Spec.dll"
  # This machine: no CPU governor or core_pattern to tune (containers), no affinity to take from other users; .NET
  # reserves far more virtual memory than afl's default limit (-m none); the dotnet host itself is not instrumented
  # (the library is), so afl's binary check is skipped; the first start of the runtime is slow.
  export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 AFL_SKIP_BIN_CHECK=1 \
    AFL_NO_UI=1 AFL_FORKSRV_INIT_TMOUT=60000
  local target seeds out stats crashes=0 status=0 summary=()
  for target in "${targets[@]}"; do
    seeds="$afl_corpus/documents"
    [ "$target" = roundtrip ] && seeds="$afl_corpus/roundtrip"
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
    local edges
    edges=$(awk -F' *: *' '$1 == "edges_found" { print $2 }' "$stats")
    if [ "${edges:-0}" -lt 100 ]; then
      echo "build.sh: afl-fuzz saw only ${edges:-0} edges for $target: is $bin/MsgPack.Spec.dll instrumented?" >&2
      exit 1
    fi
    local line
    line=$(awk -F' *: *' -v t="$target" '
      { v[$1] = $2 }
      END { printf "%-9s %6s s, execs %s (%s/s), edges %s of %s (bitmap %s), corpus %s, crashes %s, hangs %s, stability %s",
            t, v["run_time"], v["execs_done"], v["execs_per_sec"], v["edges_found"], v["total_edges"], v["bitmap_cvg"],
            v["corpus_count"], v["saved_crashes"], v["saved_hangs"], v["stability"] }' "$stats")
    echo "$line"
    summary+=("$line")
    # Each crash, minimized by afl-tmin when it manages within two minutes, into the regression corpus, named by
    # its content so that a rerun adds only new ones.
    local crash name small
    for crash in "$out"/default/crashes/id:*; do
      [ -f "$crash" ] || continue
      mkdir -p "$afl_corpus/crashes/$target"
      small="$crash.min"
      if ! timeout 120 afl-tmin -i "$crash" -o "$small" -m none -t 5000 -- \
          dotnet "$bin/MsgPack.Spec.AflFuzz.dll" fuzz "$target" > "$crash.tmin.log" 2>&1 || [ ! -s "$small" ]; then
        small="$crash"
      fi
      name=$(sha1sum "$small" | cut -c1-16)
      cp "$small" "$afl_corpus/crashes/$target/$name"
      crashes=$((crashes + 1))
    done
  done
  log "afl summary"
  printf '%s\n' "${summary[@]}"
  if [ "$crashes" -gt 0 ]; then
    echo "build.sh: $crashes crash input(s), copied into $afl_corpus/crashes/ (reproduce: dotnet $bin/MsgPack.Spec.AflFuzz.dll run TARGET FILE)"
    return 1
  fi
}

# The package as CI would make it (ContinuousIntegrationBuild: source paths mapped to /_/, Source Link to the
# repository at HEAD): the .nupkg (the library, and the generator in analyzers/dotnet/roslyn4.4/cs), and the .snupkg
# of the library's PDBs.
pack() {
  restore
  log "pack"
  pack_library -p:ContinuousIntegrationBuild=true
  ls -l artifacts/packages
}

# MsgPack.Spec.Core into artifacts/packages, replacing the previous pack; extra arguments go to dotnet pack.
pack_library() {
  rm -f artifacts/packages/MsgPack.Spec.Core.*
  dotnet pack src/MsgPack.Spec/MsgPack.Spec.csproj -c "$configuration" --no-restore -o artifacts/packages "$@"
}

# tests/MsgPack.Spec.PackageConsumer against the package in artifacts/packages (pack it first): restored into a
# packages folder of its own, emptied here, so that it gets this pack and not a copy of the same version extracted
# before (see its NuGet.config); rebuilt whole, so that nothing of an earlier build of it stays. Its own exit code: 0
# when every check passed.
run_package_consumer() {
  log "package consumer (tests/MsgPack.Spec.PackageConsumer: MsgPack.Spec.Core by PackageReference, and its generator)"
  local packages version
  packages=(artifacts/packages/MsgPack.Spec.Core.*.nupkg)
  if [ ! -f "${packages[0]}" ] || [ ${#packages[@]} -ne 1 ]; then
    echo "build.sh: want one artifacts/packages/MsgPack.Spec.Core.*.nupkg, found: ${packages[*]}" >&2
    return 1
  fi
  version=${packages[0]#artifacts/packages/MsgPack.Spec.Core.}
  version=${version%.nupkg}
  rm -rf artifacts/package-consumer
  dotnet build tests/MsgPack.Spec.PackageConsumer -c "$configuration" --force --no-incremental -p:MsgPackSpecCoreVersion="$version" -nologo -v q || return
  dotnet "tests/MsgPack.Spec.PackageConsumer/bin/$configuration/net10.0/MsgPack.Spec.PackageConsumer.dll"
}

# ./build.sh repro: two clones of HEAD in two directories of different names and depths, each building the library
# (all three target frameworks, and the generator it packs) as CI does; every DLL and PDB must be byte-identical
# between them.
repro() {
  ensure_dotnet
  local root a b status=0 file
  root=$(mktemp -d)
  a="$root/one/MsgPack.Spec"
  b="$root/second-clone/deeper/MsgPack.Spec"
  git clone -q . "$a"
  git clone -q . "$b"
  for clone in "$a" "$b"; do
    log "build $clone"
    dotnet build "$clone/src/MsgPack.Spec/MsgPack.Spec.csproj" -c "$configuration" -p:ContinuousIntegrationBuild=true -v q -nologo >/dev/null
  done
  log "compare"
  # The library, and the generator that its build builds and its package ships (analyzers/dotnet/roslyn4.4/cs).
  for file in $(cd "$a" && find "src/MsgPack.Spec/bin/$configuration" "src/MsgPack.Spec.Generator/bin/$configuration" \
      \( -name 'MsgPack.Spec.dll' -o -name 'MsgPack.Spec.pdb' -o -name 'MsgPack.Spec.Generator.dll' -o -name 'MsgPack.Spec.Generator.pdb' \) | sort); do
    if cmp -s "$a/$file" "$b/$file"; then
      echo "identical: $file $(sha256sum "$a/$file" | cut -c1-16)"
    else
      echo "DIFFERENT: $file"
      status=1
    fi
  done
  rm -rf "$root"
  return "$status"
}

verb=${1:-all}
[ $# -gt 0 ] && shift
case "$verb" in
  all|test) run_tests ;;
  build) build ;;
  pack) pack ;;
  repro) repro ;;
  native) build_native "$@" ;;
  net48) run_net48_consumer ;;
  package-consumer) pack && run_package_consumer ;;
  afl) afl "$@" ;;
  fuzz) ensure_dotnet; dotnet run --project tests/MsgPack.Spec.Fuzz -c "$configuration" -- "${1:-60}" "${2:-1}" ;;
  bench) bench "$@" ;;
  interleaved)
    build_native
    build_benchmarks
    dotnet "$bench_dll" --interleaved "$@" --results docs/results/interleaved ;;
  dump)
    ensure_dotnet
    dotnet build tools/MsgPack.Spec.Dump -c "$configuration" -v q -nologo >/dev/null || dotnet build tools/MsgPack.Spec.Dump -c "$configuration"
    dotnet "tools/MsgPack.Spec.Dump/bin/$configuration/net10.0/MsgPack.Spec.Dump.dll" "$@" ;;
  deps) apt_ensure tarantool mono-runtime ;;
  stack)
    # The thread stack a generated reader needs for deep input, valid and bad, unoptimized and optimized.
    ensure_dotnet
    dotnet build tools/MsgPack.Spec.StackProbe -c "$configuration" -v q -nologo >/dev/null || dotnet build tools/MsgPack.Spec.StackProbe -c "$configuration"
    mkdir -p docs/results/stack
    probe="tools/MsgPack.Spec.StackProbe/bin/$configuration/net10.0/MsgPack.Spec.StackProbe.dll"
    { dotnet "$probe"; echo; DOTNET_TieredCompilation=0 dotnet "$probe"; } | tee docs/results/stack/stack.txt ;;
  throughput)
    # The sample client against a Tarantool of its own: requests per second, CPU per request, the library's share.
    apt_ensure tarantool
    ensure_dotnet
    dotnet build samples/TarantoolClient.Throughput -c "$configuration" -v q -nologo >/dev/null || dotnet build samples/TarantoolClient.Throughput -c "$configuration"
    # --perf DIR: perf samples the client. The runtime writes /tmp/perf-PID.map so that perf can name JIT-compiled code,
    # which perf finds only outside the W^X double mapping (memfd:doublemapper), so that is switched off for the run.
    case " $* " in *" --perf "*) apt_ensure linux-perf; export DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0 ;; esac
    dotnet "samples/TarantoolClient.Throughput/bin/$configuration/net10.0/TarantoolClient.Throughput.dll" "$@" ;;
  clean) rm -rf artifacts BenchmarkDotNet.Artifacts native/build; find src tests benchmarks samples tools -type d \( -name bin -o -name obj \) -prune -exec rm -rf {} + ;;
  -h|--help|help) sed -n '2,/^[^#]/{/^#/p}' "$0" ;;
  *) echo "build.sh: unknown verb '$verb' (try ./build.sh help)" >&2; exit 2 ;;
esac
