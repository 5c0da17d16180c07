#!/usr/bin/env bash
# Builds native/libmsgpack_native.so (Release, -O2) and runs its tests.
#
# usage: native/build-native.sh [BUILD_DIR] [--skip-tests] [--static-msgpackc]
#   BUILD_DIR          default: native/build
#   --skip-tests       do not run ctest after building
#   --static-msgpackc  link libmsgpackc.a into the .so (no libmsgpackc.so.2 dependency)
#
# Idempotent: installs the Debian packages only when missing (needs root),
# reconfigures/rebuilds incrementally.
set -euo pipefail

NATIVE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR=""
RUN_TESTS=1
STATIC_MSGPACKC=OFF
for arg in "$@"; do
    case "$arg" in
        --skip-tests) RUN_TESTS=0 ;;
        --static-msgpackc) STATIC_MSGPACKC=ON ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        -*) echo "unknown option: $arg" >&2; exit 2 ;;
        *) BUILD_DIR="$arg" ;;
    esac
done
BUILD_DIR="${BUILD_DIR:-$NATIVE_DIR/build}"

# ---------------------------------------------------------------------------
# 1. packages
# ---------------------------------------------------------------------------
# libmsgpack-dev is the msgpack-c C library on bookworm (4.0.0); newer Debian
# releases call it libmsgpack-c-dev.
msgpackc_pkg=libmsgpack-dev
if ! apt-cache show libmsgpack-dev >/dev/null 2>&1 && apt-cache show libmsgpack-c-dev >/dev/null 2>&1; then
    msgpackc_pkg=libmsgpack-c-dev
fi
wanted=(cmake make g++ gcc binutils libmsgpuck-dev "$msgpackc_pkg" libmsgpack-cxx-dev)
missing=()
for p in "${wanted[@]}"; do
    if ! dpkg -s "$p" >/dev/null 2>&1; then
        missing+=("$p")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "==> installing: ${missing[*]}"
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
else
    echo "==> packages already installed"
fi
for p in libmsgpuck-dev "$msgpackc_pkg" libmsgpack-cxx-dev; do
    printf '    %-22s %s\n' "$p" "$(dpkg-query -W -f='${Version}' "$p")"
done

# ---------------------------------------------------------------------------
# 2. configure + build
# ---------------------------------------------------------------------------
echo "==> configuring in $BUILD_DIR"
cmake -S "$NATIVE_DIR" -B "$BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release \
      -DMPN_MSGPACKC_STATIC="$STATIC_MSGPACKC"
echo "==> building"
cmake --build "$BUILD_DIR" -j"$(nproc 2>/dev/null || echo 2)"

echo "==> compiler flags used"
for f in "$BUILD_DIR"/CMakeFiles/msgpack_native.dir/flags.make; do
    grep -E '^(C_FLAGS|CXX_FLAGS|C_DEFINES|CXX_DEFINES) ' "$f" | sed 's/^/    /'
done
if [ -f "$BUILD_DIR/CMakeFiles/msgpack_native.dir/link.txt" ]; then
    echo "    LINK: $(cat "$BUILD_DIR/CMakeFiles/msgpack_native.dir/link.txt")"
fi

# ---------------------------------------------------------------------------
# 3. tests
# ---------------------------------------------------------------------------
if [ "$RUN_TESTS" -eq 1 ]; then
    echo "==> ctest"
    (cd "$BUILD_DIR" && ctest --output-on-failure)
else
    echo "==> tests skipped (--skip-tests)"
fi

SO="$(cd "$BUILD_DIR" && pwd)/libmsgpack_native.so"
echo "==> built: $SO"
