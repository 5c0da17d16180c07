#!/usr/bin/env bash
# The package consumer (./build.sh package-consumer packs first, then runs this): tests/MsgPack.Spec.PackageConsumer
# against the three packages in artifacts/packages (MsgPack.Spec.Core, .Lz4 and .AspNetCore, of one version), restored
# into a packages folder of its own, emptied here, so that it gets this pack and not a copy of the same version
# extracted before (see its NuGet.config); rebuilt whole, so that nothing of an earlier build of it stays. It prints "package consumer: N checks passed", or "F of T checks failed" and exits 1.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

log "package consumer (tests/MsgPack.Spec.PackageConsumer: MsgPack.Spec.Core, .Lz4, .AspNetCore by PackageReference)"
packages=(artifacts/packages/MsgPack.Spec.Core.*.nupkg)
if [ ! -f "${packages[0]}" ] || [ ${#packages[@]} -ne 1 ]; then
  echo "build.sh: want one artifacts/packages/MsgPack.Spec.Core.*.nupkg, found: ${packages[*]}" >&2
  exit 1
fi
version=${packages[0]#artifacts/packages/MsgPack.Spec.Core.}
version=${version%.nupkg}
for id in MsgPack.Spec.Lz4 MsgPack.Spec.AspNetCore; do
  if [ ! -f "artifacts/packages/$id.$version.nupkg" ]; then
    echo "build.sh: want artifacts/packages/$id.$version.nupkg beside the core package, found: $(ls artifacts/packages)" >&2
    exit 1
  fi
done
rm -rf artifacts/package-consumer
ensure_dotnet
dotnet build tests/MsgPack.Spec.PackageConsumer -c "$configuration" --force --no-incremental -p:MsgPackSpecCoreVersion="$version" -nologo -v q
exec dotnet "tests/MsgPack.Spec.PackageConsumer/bin/$configuration/net10.0/MsgPack.Spec.PackageConsumer.dll"
