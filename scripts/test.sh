#!/usr/bin/env bash
# ./build.sh test (and ./build.sh alone; CI runs exactly this, through .ci/run): the native baselines, the solution
# build, the net48 consumer under Mono, every test project (the library's net10.0, netstandard2.0 and net8.0 builds,
# the generator and its output, the README's blocks, the Tarantool sample against a server of its own), the bulk
# array and UTF-8 tests again with the wider vector paths off, the package and its consumer, the trimmed and native-AOT
# consumers, the native-AOT ASP.NET Core app (scripts/aspnetcore-aot.sh), then the benchmark smoke test (--verify against the native baselines). Every step runs even when one
# before it failed; the last line counts them all: "tests: N passed, N failed" (scripts/test-summary.awk).
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# The test runs have CI set (any non-empty value; CI's own is kept), so that no test that needs the native library or
# a Tarantool skips here: a missing one fails (tests/MsgPack.Spec.Tests/Prerequisite.cs). Only the test runs: CI=true
# would turn on ContinuousIntegrationBuild in the build (Directory.Build.props).
ci=${CI:-1}

# The native baselines first, so that the solution build copies libmsgpack_native.so next to the projects that load
# it (the benchmarks, and tests that compare with msgpuck). A failure here does not stop the unit tests; it fails the
# benchmark smoke test below (and, through CI, the differential tests).
native_status=0
build_native --skip-tests || native_status=$?
# The sample client's integration tests (samples/TarantoolClient.Tests) start a Tarantool of their own on 127.0.0.1
# and stop it by its process id; the server comes from Debian.
apt_ensure tarantool
build
out=$(mktemp)
smoke=$(mktemp)
consumer=$(mktemp)
trap 'rm -f "$out" "$smoke" "$consumer"' EXIT
status=0 smoke_status=0 consumer_status=0

# The net48 consumer: what a .NET Framework user compiles (C# 7.3, the netstandard2.0 build), run under Mono. It prints
# "net48 consumer: N checks passed", or "F of T checks failed" and exits 1; anything else (Mono missing, an assembly it
# cannot load) counts as one failure.
scripts/net48.sh 2>&1 | tee "$consumer" || consumer_status=$?
if [ "$consumer_status" -ne 0 ] && ! grep -qE '^net48 consumer: [0-9]+ of [0-9]+ checks failed$' "$consumer"; then
  echo "build.sh: the net48 consumer did not run to its end (exit $consumer_status); counted as one failure"
  echo "net48 consumer: 1 of 1 checks failed" | tee -a "$consumer"
fi

log "test (the library's net10.0 build, its netstandard2.0 build, its net8.0 build on a .NET 8 runtime, the samples)"
env CI="$ci" dotnet test "$solution" -c "$configuration" --no-build 2>&1 | tee "$out" || status=$?

# The bulk array and UTF-8 tests again with the wider vector paths switched off, so that every path this machine could
# take runs: 256-bit (no AVX-512), 128-bit (no AVX2), and none at all (the per-value core and the scalar UTF-8 check
# alone, as on netstandard2.0). On a machine without AVX-512 the first of these settings changes nothing (256-bit is
# already the widest path the run above took), so it is left out there rather than run twice.
isas=(DOTNET_EnableAVX2=0 DOTNET_EnableHWIntrinsic=0)
grep -qw avx512f /proc/cpuinfo 2>/dev/null && isas=(DOTNET_EnableAVX512=0 "${isas[@]}")
for isa in "${isas[@]}"; do
  log "bulk array and UTF-8 tests with $isa"
  env "$isa" CI="$ci" dotnet test tests/MsgPack.Spec.Tests -c "$configuration" --no-build \
    --filter 'FullyQualifiedName~BulkArrayTests|FullyQualifiedName~MixedWidthArrayTests|FullyQualifiedName~Utf8ValidationTests' 2>&1 | tee -a "$out" || status=$?
done

# The package as a user gets it: packed from this build (as ./build.sh pack does, without building again), then a
# project that has only a PackageReference to it builds and runs serializers of its generator. A failure before its
# checks ran (the pack, the restore, the build) counts as one failure.
package_status=0
{ scripts/pack.sh --no-build -nologo -v q && scripts/package-consumer.sh; } 2>&1 | tee -a "$consumer" || package_status=$?
if [ "$package_status" -ne 0 ]; then
  status=1
  if ! grep -qE '^package consumer: [0-9]+ of [0-9]+ checks failed' "$consumer"; then
    echo "build.sh: the package consumer did not run to its end (exit $package_status); counted as one failure"
    echo "package consumer: 1 of 1 checks failed" | tee -a "$consumer"
  fi
fi

# What trimming and native AOT make of the library and of the generated serializers.
for mode in trimmed aot; do
  scripts/aot-consumer.sh "$mode" 2>&1 | tee -a "$consumer" || status=1
done
# The ASP.NET Core package in a native-AOT web application: a minimal API and a hub on its protocol, serving a client.
scripts/aspnetcore-aot.sh 2>&1 | tee -a "$consumer" || status=1

# The benchmark smoke test: every benchmark once with its fairness checks (no timing), so that a broken baseline or a
# benchmark that no longer matches msgpuck fails CI.
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

awk -f scripts/test-summary.awk "$out" "$consumer" "$smoke"
[ "$status" -ne 0 ] && exit "$status"
[ "$consumer_status" -ne 0 ] && exit "$consumer_status"
exit "$smoke_status"
