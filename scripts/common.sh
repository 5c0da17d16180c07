# shellcheck shell=bash
# Sourced (not run) by build.sh and by every script of scripts/: the settings and helpers they share. It moves to
# the repository's root, so that every path below and in the scripts is relative to it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

solution=MsgPack.Spec.sln
configuration=Release
bench_project=benchmarks/MsgPack.Spec.Benchmarks/MsgPack.Spec.Benchmarks.csproj
bench_dll=benchmarks/MsgPack.Spec.Benchmarks/bin/$configuration/net10.0/MsgPack.Spec.Benchmarks.dll

# Each step with the time it starts (UTC), so that a slow CI run shows which step took the time.
log() { printf '\n== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "build.sh: need root to run: $*" >&2; exit 1; fi
}

# Installs Debian packages that are missing (apt-get update runs once, only when something is missing).
apt_ensure() {
  local missing=() pkg
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

# The verb build: restore, then the whole solution (Release).
build() {
  restore
  log "build ($configuration)"
  dotnet build "$solution" -c "$configuration" --no-restore
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

# Every benchmark once per parameter set after its fairness checks, no timing: "verify: N passed, N failed".
run_verify() {
  log "verify: every benchmark once per parameter set, after its fairness checks (no timing)"
  dotnet "$bench_dll" --verify
}

# A program of tools/ or samples/ (its project directory), built quietly (its errors shown when it fails); it is then
# run as dotnet "$tool_dll".
build_tool() {
  ensure_dotnet
  dotnet build "$1" -c "$configuration" -v q -nologo >/dev/null || dotnet build "$1" -c "$configuration"
  # shellcheck disable=SC2034 # read by the script that sourced this file
  tool_dll="$1/bin/$configuration/net10.0/${1##*/}.dll"
}
