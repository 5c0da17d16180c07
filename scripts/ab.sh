#!/usr/bin/env bash
# ./build.sh ab BASE [--name FILE] [--rounds N] [--slice-ms MS] [--models A,B] [--no-control]: an A/B of the generated
# serializers of the suite's models (Read, TryRead, Write, GetEncodedLength over spans) between the commit BASE ("pre")
# and the working tree ("post"), in one process (benchmarks/MsgPack.Spec.AB: each build in its own AssemblyLoadContext,
# the two timed in turns within each round, and the pre build loaded twice as the control); the report into
# docs/results/ab/FILE.md (default: the two commits). BASE is checked out (git worktree) and built in artifacts/ab/.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if [ $# -lt 1 ] || [[ $1 == -* ]]; then
  echo "usage: ./build.sh ab BASE [--name FILE] [MsgPack.Spec.AB options: --rounds N --slice-ms MS --models A,B --no-control]" >&2
  exit 2
fi
ensure_dotnet
base=$(git rev-parse --verify "$1^{commit}")
shift
base_short=$(git rev-parse --short=7 "$base")
head_short=$(git rev-parse --short=7 HEAD)
post_label="$head_short (working tree$(git diff --quiet HEAD -- src benchmarks || echo ', with uncommitted changes'))"
name="$base_short-$head_short"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

# The base in a worktree of its own (kept for the next run; ./build.sh clean removes it, git worktree prune forgets it).
base_dir=artifacts/ab/$base_short
git worktree prune
if [ ! -d "$base_dir" ]; then
  log "worktree of $base_short in $base_dir"
  git worktree add --detach "$base_dir" "$base"
fi
log "build benchmarks ($configuration) at $base_short"
dotnet build "$base_dir/$bench_project" -c "$configuration" -v q -nologo
build_benchmarks
build_tool benchmarks/MsgPack.Spec.AB

log "A/B: $base_short against the working tree"
exec dotnet "$tool_dll" --pre "$base_dir/${bench_dll%/*}" --post "${bench_dll%/*}" \
  --pre-label "$base_short" --post-label "$post_label" \
  --command "./build.sh ab $base_short${args[*]:+ ${args[*]}}" \
  --out "docs/results/ab/$name.md" "${args[@]}"
