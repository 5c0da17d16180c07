#!/usr/bin/env bash
# ./build.sh stack: the smallest thread stack on which generated readers read deep input, valid and bad, unoptimized
# and optimized (tools/MsgPack.Spec.StackProbe), into docs/results/stack/stack.txt.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build_tool tools/MsgPack.Spec.StackProbe
mkdir -p docs/results/stack
{ dotnet "$tool_dll"; echo; DOTNET_TieredCompilation=0 dotnet "$tool_dll"; } | tee docs/results/stack/stack.txt
