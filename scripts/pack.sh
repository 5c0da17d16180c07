#!/usr/bin/env bash
# ./build.sh pack: the package as CI would make it (ContinuousIntegrationBuild: source paths mapped to /_/, Source Link
# to the repository at HEAD): the .nupkg (the library, and the generator in analyzers/dotnet/roslyn4.4/cs), and the
# .snupkg of the library's PDBs, into artifacts/packages, replacing the previous pack; then the same for the other
# packages, MsgPack.Spec.Lz4 (src/MsgPack.Spec.Lz4) and MsgPack.Spec.AspNetCore (src/MsgPack.Spec.AspNetCore).
#   scripts/pack.sh --no-build [dotnet pack options...]
#                         the same from the build already there, without ContinuousIntegrationBuild (./build.sh test
#                         packs so for the package consumer)
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

pack_library() {
  local package
  for package in MsgPack.Spec MsgPack.Spec.Lz4 MsgPack.Spec.AspNetCore; do
    # The core's package id is MsgPack.Spec.Core; the others' are their project names.
    local id=$package; [ "$package" = MsgPack.Spec ] && id=MsgPack.Spec.Core
    rm -f artifacts/packages/"$id".[0-9]*
    dotnet pack "src/$package/$package.csproj" -c "$configuration" --no-restore -o artifacts/packages "$@" || return
  done
}

if [ "${1:-}" = --no-build ]; then
  log "pack (for the package consumer)"
  pack_library "$@"
else
  restore
  log "pack"
  pack_library -p:ContinuousIntegrationBuild=true "$@"
  ls -l artifacts/packages
fi
