#!/usr/bin/env bash
# ./build.sh throughput [--seconds S] [--in-flight N] [--perf DIR]: the Tarantool sample client's requests per second
# (PING, SELECT) against a Tarantool of its own (Debian's, installed when missing): requests per second, CPU per
# request, the library's share; --perf: where the client's CPU goes (perf samples, perf.data files into DIR).
# shellcheck source=scripts/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

apt_ensure tarantool
build_tool samples/TarantoolClient.Throughput
# --perf DIR: perf samples the client. The runtime writes /tmp/perf-PID.map so that perf can name JIT-compiled code,
# which perf finds only outside the W^X double mapping (memfd:doublemapper), so that is switched off for the run.
case " $* " in *" --perf "*) apt_ensure linux-perf; export DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0 ;; esac
exec dotnet "$tool_dll" "$@"
