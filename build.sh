#!/usr/bin/env bash
# The one entry point of the repository: it dispatches a verb to the script in scripts/ that does it (scripts/VERB.sh;
# scripts/common.sh holds what they share). On a fresh machine it installs what it needs by itself (it runs as root there).
#   ./build.sh            restore, build (Release) and run every test
#   ./build.sh test       the same (scripts/test.sh): the library's net10.0, netstandard2.0 and net8.0 (on .NET 8) builds,
#                         the generator and its output, the README's blocks, the Tarantool sample against a server it
#                         installs, starts on 127.0.0.1 and stops, the net48 consumer, the package (packed, then a
#                         consumer that has only a PackageReference to it and uses its generator), the trimmed and
#                         native-AOT consumers (with generated serializers), then the benchmark smoke test (native
#                         baselines + --verify); the test runs have CI set, so no test skips for a missing prerequisite;
#                         the last line: "tests: N passed, N failed". CI runs exactly this
#   ./build.sh build      restore and build only
#   ./build.sh pack       build the NuGet package (.nupkg and .snupkg) into artifacts/packages, as CI would; the .nupkg
#                         holds the library (lib/) and the generator (analyzers/dotnet/roslyn4.4/cs)
#   ./build.sh package-consumer
#                         pack, then build and run tests/MsgPack.Spec.PackageConsumer against the package
#   ./build.sh repro      build the library (and the generator) in two clones of HEAD and check that the DLLs and PDBs are
#                         byte-identical
#   ./build.sh native     build native/build/libmsgpack_native.so (msgpuck, msgpack-c, msgpack-cxx) and run its ctest
#   ./build.sh net48      run the net48 consumer (C# 7.3 against the netstandard2.0 build, built by build) under Mono
#   ./build.sh bench [--full] [BenchmarkSwitcher args...]
#                         the BenchmarkDotNet suite: quick pass (short job, --quick cases) unless --full; raw output
#                         (JSON, CSV, HTML, disassembly, run-info.txt) into artifacts/benchmarks/<short|full>/, the
#                         markdown reports and headline.md into docs/results/<short|full>/, the chart into
#                         docs/benchmarks.svg; e.g. ./build.sh bench --full --filter '*Seed*'
#   ./build.sh interleaved CLASS... [--seconds S] [--name FILE]
#                         the rows of each class in one process, in turns of 10 ms, ratios taken within each round
#                         (docs/benchmarks-notes.md: this VM changes speed by itself); into docs/results/interleaved/FILE.md
#   ./build.sh ab BASE [--name FILE] [--rounds N] [--slice-ms MS] [--models A,B] [--no-control]
#                         the generated serializers of BASE against the working tree's in one process, in turns
#                         (scripts/ab.sh, benchmarks/MsgPack.Spec.AB); into docs/results/ab/FILE.md
#   ./build.sh fuzz [seconds] [seed]
#                         the mutation fuzzer against every reader (default 60 s, seed 1); non-zero exit on any failure
#   ./build.sh afl [target|all] [seconds]
#                         coverage-guided fuzzing: installs afl++ (Debian) and SharpFuzz.CommandLine (local tool), instruments
#                         MsgPack.Spec.dll, runs afl-fuzz per target (readers, skip, validate, sequence, token, roundtrip, text, utf8, generated;
#                         default all, 300 s each), prints execs/edges/crashes, copies crashes into the regression corpus
#                         (crashes/TARGET in the corpus folder that scripts/afl.sh names); non-zero exit on any crash
#   ./build.sh dump [--json] [--hex|--binary] [--preview N] [FILE|-]
#                         the annotated dump (or, with --json, the JSON) of MessagePack bytes or hex text from FILE or stdin
#   ./build.sh throughput [--seconds S] [--in-flight N] [--perf DIR]
#                         the Tarantool sample client's requests per second (PING, SELECT) against a local server;
#                         --perf: where the client's CPU goes (perf samples, perf.data files into DIR)
#   ./build.sh stack      the smallest thread stack on which generated readers read deep input, valid and bad
#                         (tools/MsgPack.Spec.StackProbe), into docs/results/stack/stack.txt
#   ./build.sh deps       install the Debian packages the tests run (tarantool, mono-runtime); test does this itself
#   ./build.sh clean      remove build outputs
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/scripts/common.sh"

verb=${1:-test}
[ $# -gt 0 ] && shift
case "$verb" in
  all|test) exec scripts/test.sh ;;
  build) build ;;
  pack) exec scripts/pack.sh ;;
  package-consumer) scripts/pack.sh && exec scripts/package-consumer.sh ;;
  repro) exec scripts/repro.sh ;;
  native) build_native "$@" ;;
  net48) exec scripts/net48.sh ;;
  bench) exec scripts/bench.sh "$@" ;;
  interleaved) exec scripts/interleaved.sh "$@" ;;
  ab) exec scripts/ab.sh "$@" ;;
  fuzz) ensure_dotnet; exec dotnet run --project tests/MsgPack.Spec.Fuzz -c "$configuration" -- "${1:-60}" "${2:-1}" ;;
  afl) exec scripts/afl.sh "$@" ;;
  dump) build_tool tools/MsgPack.Spec.Dump; exec dotnet "$tool_dll" "$@" ;;
  throughput) exec scripts/throughput.sh "$@" ;;
  stack) exec scripts/stack.sh ;;
  deps) apt_ensure tarantool mono-runtime ;;
  clean) rm -rf artifacts BenchmarkDotNet.Artifacts native/build; find src tests benchmarks samples tools -type d \( -name bin -o -name obj \) -prune -exec rm -rf {} + ;;
  -h|--help|help) sed -n '2,/^[^#]/{/^#/p}' build.sh ;;
  *) echo "build.sh: unknown verb '$verb' (try ./build.sh help)" >&2; exit 2 ;;
esac
