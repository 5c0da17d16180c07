#!/usr/bin/env bash
# ./build.sh net48: tests/MsgPack.Spec.Net48Consumer (built by ./build.sh build) under Mono: the .NET Framework API
# surface at C# 7.3 against the library's netstandard2.0 build, on a runtime whose Span<T> is System.Memory's portable
# one, not the fast Span of .NET. It prints "net48 consumer: N checks passed", or "F of T checks failed" and exits 1.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

consumer=tests/MsgPack.Spec.Net48Consumer/bin/$configuration/net48/MsgPack.Spec.Net48Consumer.exe

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

log "net48 consumer (C# 7.3, the netstandard2.0 build) under Mono"
if [ ! -f "$consumer" ]; then
  echo "build.sh: $consumer is missing: run ./build.sh build first" >&2
  exit 1
fi
apt_ensure mono-runtime
facades=$(mono_facades) || { echo "build.sh: no netstandard.dll for Mono (see above)" >&2; exit 1; }
MONO_PATH="$facades" exec mono "$consumer"
