#!/usr/bin/env bash
# scripts/aot-consumer.sh trimmed|aot (a step of ./build.sh test): what trimming or native AOT makes of the library
# and of the generated serializers: tests/MsgPack.Spec.AotConsumer published trimmed (ILLink) or native AOT
# (ILCompiler), every trim/AOT warning an error, then run. It prints "aot consumer: N checks passed" (or "F of T checks
# failed" and exits 1); a publish that fails prints its log and "aot consumer: 1 of 1 checks failed", and exits 1.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

mode=${1:?usage: scripts/aot-consumer.sh trimmed|aot}
log "$mode consumer (tests/MsgPack.Spec.AotConsumer, trim and AOT warnings are errors)"
ensure_dotnet
mkdir -p artifacts
if ! dotnet publish tests/MsgPack.Spec.AotConsumer -c "$configuration" -r linux-x64 -p:Consumer="$mode" -o "artifacts/consumers/$mode" -nologo -v q >"artifacts/consumers-$mode.log" 2>&1; then
  cat "artifacts/consumers-$mode.log"
  echo "build.sh: the $mode consumer did not publish (see above); counted as one failure"
  echo "aot consumer: 1 of 1 checks failed"
  exit 1
fi
exec "artifacts/consumers/$mode/MsgPack.Spec.AotConsumer"
