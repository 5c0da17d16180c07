#!/usr/bin/env bash
# The one entry point of the repository.
#   ./build.sh            restore, build (Release) and run every test
#   ./build.sh test       the same; CI runs exactly this
#   ./build.sh build      restore and build only
#   ./build.sh pack       build the NuGet package into artifacts/packages
#   ./build.sh clean      remove build outputs
# On a fresh machine it installs what it needs by itself (it runs as root there).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

solution=MsgPack.Spec.sln
configuration=Release

log() { printf '\n== %s\n' "$*"; }

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
  build
  log "test (library net10.0 build and netstandard2.0 build)"
  local out status=0
  out=$(mktemp)
  dotnet test "$solution" -c "$configuration" --no-build 2>&1 | tee "$out" || status=$?
  # One closing line that counts every test project: "tests: N passed, N failed".
  awk '/(Passed|Failed)!/ {
         for (i = 1; i <= NF; i++) { if ($i == "Passed:") p += $(i+1); if ($i == "Failed:") f += $(i+1) }
       }
       END { printf "tests: %d passed, %d failed\n", p, f }' "$out"
  rm -f "$out"
  return $status
}

pack() {
  restore
  log "pack"
  dotnet pack src/MsgPack.Spec/MsgPack.Spec.csproj -c "$configuration" --no-restore -o artifacts/packages
}

verb=${1:-all}
[ $# -gt 0 ] && shift
case "$verb" in
  all|test) run_tests ;;
  build) build ;;
  pack) pack ;;
  clean) rm -rf artifacts BenchmarkDotNet.Artifacts native/build; find src tests benchmarks -type d \( -name bin -o -name obj \) -prune -exec rm -rf {} + ;;
  -h|--help|help) sed -n '2,8p' "$0" ;;
  *) echo "build.sh: unknown verb '$verb' (try ./build.sh help)" >&2; exit 2 ;;
esac
