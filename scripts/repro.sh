#!/usr/bin/env bash
# ./build.sh repro: two clones of HEAD in two directories of different names and depths, each building the library
# (all three target frameworks, and the generator it packs) as CI does; every DLL and PDB must be byte-identical between
# them.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ensure_dotnet
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
a="$root/one/MsgPack.Spec"
b="$root/second-clone/deeper/MsgPack.Spec"
git clone -q . "$a"
git clone -q . "$b"
for clone in "$a" "$b"; do
  log "build $clone"
  dotnet build "$clone/src/MsgPack.Spec/MsgPack.Spec.csproj" -c "$configuration" -p:ContinuousIntegrationBuild=true -v q -nologo >/dev/null
done
log "compare"
status=0
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
exit "$status"
