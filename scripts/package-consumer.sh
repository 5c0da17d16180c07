#!/usr/bin/env bash
# The package consumer (./build.sh package-consumer packs first, then runs this): tests/MsgPack.Spec.PackageConsumer
# against the package in artifacts/packages, restored into a packages folder of its own, emptied here, so that it gets
# this pack and not a copy of the same version extracted before (see its NuGet.config); rebuilt whole, so that nothing
# of an earlier build of it stays. It prints "package consumer: N checks passed", or "F of T checks failed" and exits 1.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

log "package consumer (tests/MsgPack.Spec.PackageConsumer: MsgPack.Spec.Core by PackageReference, and its generator)"
packages=(artifacts/packages/MsgPack.Spec.Core.*.nupkg)
if [ ! -f "${packages[0]}" ] || [ ${#packages[@]} -ne 1 ]; then
  echo "build.sh: want one artifacts/packages/MsgPack.Spec.Core.*.nupkg, found: ${packages[*]}" >&2
  exit 1
fi
version=${packages[0]#artifacts/packages/MsgPack.Spec.Core.}
version=${version%.nupkg}
rm -rf artifacts/package-consumer
ensure_dotnet
dotnet build tests/MsgPack.Spec.PackageConsumer -c "$configuration" --force --no-incremental -p:MsgPackSpecCoreVersion="$version" -nologo -v q
exec dotnet "tests/MsgPack.Spec.PackageConsumer/bin/$configuration/net10.0/MsgPack.Spec.PackageConsumer.dll"
