#!/usr/bin/env bash
# scripts/aspnetcore-aot.sh (a step of ./build.sh test): tests/MsgPack.Spec.AspNetCore.AotApp, a minimal API and a
# SignalR hub on MsgPack.Spec.AspNetCore, published native AOT (ILCompiler) with every trim and AOT warning an error,
# started on 127.0.0.1 (a port the system picks), then the same binary run as its client (HttpClient, and the SignalR
# .NET client on our protocol). It prints "aspnetcore aot: N checks passed" (or "F of T checks failed" and exits 1); a
# publish or a start that fails prints its log and "aspnetcore aot: 1 of 1 checks failed", and exits 1.
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

log "aspnetcore aot app (tests/MsgPack.Spec.AspNetCore.AotApp, native AOT, trim and AOT warnings are errors)"
ensure_dotnet
mkdir -p artifacts
out=artifacts/aspnetcore-aot
app="$out/MsgPack.Spec.AspNetCore.AotApp"
fail() {
  echo "build.sh: $1; counted as one failure"
  echo "aspnetcore aot: 1 of 1 checks failed"
  exit 1
}
if ! dotnet publish tests/MsgPack.Spec.AspNetCore.AotApp -c "$configuration" -r linux-x64 -o "$out" -nologo -v q >artifacts/aspnetcore-aot.log 2>&1; then
  cat artifacts/aspnetcore-aot.log
  fail "the aspnetcore aot app did not publish (see above)"
fi

# The server runs until its standard input closes: a pipe of its own, closed (and the server waited for) on exit.
server_log=$(mktemp)
exec 3> >(exec "$app" >"$server_log" 2>&1)
server=$!
stop_server() {
  exec 3>&-
  for _ in $(seq 50); do kill -0 "$server" 2>/dev/null || return 0; sleep 0.1; done
  kill "$server" 2>/dev/null || true
}
trap 'stop_server; rm -f "$server_log"' EXIT
url=
for _ in $(seq 100); do
  url=$(sed -n 's/^listening //p' "$server_log")
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  cat "$server_log"
  fail "the aspnetcore aot app did not start (see above)"
fi
status=0
timeout 120 "$app" client "$url/" || status=$?
if [ "$status" -ne 0 ]; then
  echo "server log:"
  cat "$server_log"
fi
exit "$status"
