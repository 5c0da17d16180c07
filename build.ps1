#!/usr/bin/env pwsh
<#
.SYNOPSIS
  The one entry point of the repository, for PowerShell users; the same verbs as build.sh.
.EXAMPLE
  ./build.ps1          # restore, build (Release) and run every test
  ./build.ps1 test     # the same, with the package consumer and the other consumers, then the benchmark smoke test (native baselines + --verify)
  ./build.ps1 build    # restore and build only
  ./build.ps1 pack     # build the NuGet package (.nupkg and .snupkg) into artifacts/packages, as CI would (the library, and the generator in analyzers/)
  ./build.ps1 package-consumer   # pack, then build and run tests/MsgPack.Spec.PackageConsumer against the package
  ./build.ps1 native   # build native/libmsgpack_native.so and run its ctest (Linux: Debian packages, bash)
  ./build.ps1 net48    # run the net48 consumer (C# 7.3, the netstandard2.0 build): .NET Framework on Windows, Mono elsewhere
  ./build.ps1 bench [--full] [BenchmarkSwitcher args...]   # the BenchmarkDotNet suite, as ./build.sh bench
  ./build.ps1 interleaved CLASS... [--seconds S] [--name FILE]   # rows in turns in one process, as ./build.sh interleaved
  ./build.ps1 fuzz [seconds] [seed]   # the mutation fuzzer, as ./build.sh fuzz
  ./build.ps1 afl [target|all] [seconds]   # coverage-guided fuzzing with afl++ and SharpFuzz, as ./build.sh afl (Linux)
  ./build.ps1 dump [--json] [FILE|-]   # the annotated dump or JSON of MessagePack bytes, as ./build.sh dump
  ./build.ps1 throughput [--perf DIR]   # the Tarantool sample's requests per second, as ./build.sh throughput (Linux)
  ./build.ps1 clean    # remove build outputs
.NOTES
  Should PowerShell take a benchmark argument for one of its own, put -- before the arguments:
  ./build.ps1 bench -- --full --filter '*Seed*'
#>
param(
    [Parameter(Position = 0)]
    [ValidateSet('all', 'test', 'build', 'pack', 'package-consumer', 'native', 'net48', 'bench', 'interleaved', 'fuzz', 'afl', 'dump', 'throughput', 'clean', 'help')]
    [string] $Verb = 'all',
    [Parameter(ValueFromRemainingArguments = $true)]
    [string[]] $Rest
)

$ErrorActionPreference = 'Stop'
Set-Location -Path $PSScriptRoot
$env:DOTNET_CLI_TELEMETRY_OPTOUT = '1'
$env:DOTNET_NOLOGO = '1'

$Solution = 'MsgPack.Spec.sln'
$Configuration = 'Release'
$BenchProject = 'benchmarks/MsgPack.Spec.Benchmarks/MsgPack.Spec.Benchmarks.csproj'
$BenchDll = "benchmarks/MsgPack.Spec.Benchmarks/bin/$Configuration/net10.0/MsgPack.Spec.Benchmarks.dll"
$Net48Consumer = "./tests/MsgPack.Spec.Net48Consumer/bin/$Configuration/net48/MsgPack.Spec.Net48Consumer.exe"
if ($null -eq $Rest) { $Rest = @() }

function Invoke-Step([string] $Name, [scriptblock] $Body) {
    Write-Host "`n== $Name"
    & $Body
    if ($LASTEXITCODE -ne 0) { throw "$Name failed with exit code $LASTEXITCODE" }
}

function Assert-DotNet {
    if (-not (Get-Command dotnet -ErrorAction SilentlyContinue)) { throw 'The .NET SDK 10 is required (dotnet was not found on PATH).' }
    $major = [int]((dotnet --version).Split('.')[0])
    if ($major -lt 10) { throw "The .NET SDK 10 or later is required; found $(dotnet --version)." }
}

function Invoke-Restore { Assert-DotNet; Invoke-Step 'restore' { dotnet restore $Solution } }
function Invoke-Build { Invoke-Restore; Invoke-Step "build ($Configuration)" { dotnet build $Solution -c $Configuration --no-restore } }

# Runs a native command, echoes its output, and returns the output lines (the exit code stays in $LASTEXITCODE).
function Invoke-Captured([scriptblock] $Body) {
    $ErrorActionPreference = 'Continue' # stderr lines are output here, not errors
    $lines = [System.Collections.Generic.List[string]]::new()
    & $Body 2>&1 | ForEach-Object { $line = "$_"; Write-Host $line; $lines.Add($line) }
    return , $lines
}

function Invoke-Test {
    # The native baselines first, so that the solution build copies libmsgpack_native.so next to the projects that
    # load it. A failure here does not stop the unit tests; it fails the benchmark smoke test below.
    $nativeError = $null
    try { Invoke-Native @('--skip-tests') } catch { $nativeError = $_ }
    # The Tarantool sample's integration tests start a server of their own: Debian's tarantool (build.sh installs it).
    if ($IsLinux) { Invoke-Step 'Debian packages of the tests (tarantool)' { bash ./build.sh deps } }
    Invoke-Build

    # The net48 consumer: what a .NET Framework user compiles (C# 7.3, the netstandard2.0 build). On Windows it runs on
    # .NET Framework itself; elsewhere under Mono, through ./build.sh net48 (which installs mono-runtime when missing).
    Write-Host "`n== net48 consumer (C# 7.3, the netstandard2.0 build)"
    if ($IsWindows) { $consumer = Invoke-Captured { & $Net48Consumer } } else { $consumer = Invoke-Captured { bash ./build.sh net48 } }
    $consumerStatus = $LASTEXITCODE
    if ($consumerStatus -ne 0 -and -not ($consumer | Where-Object { $_ -match '^net48 consumer: \d+ of \d+ checks failed$' })) {
        Write-Host "build.ps1: the net48 consumer did not run to its end (exit $consumerStatus); counted as one failure"
        $consumer.Add('net48 consumer: 1 of 1 checks failed')
        Write-Host $consumer[-1]
    }

    Write-Host "`n== test (the library's net10.0, netstandard2.0 and net8.0 builds, the README's blocks, the samples)"
    $unit = Invoke-Captured { dotnet test $Solution -c $Configuration --no-build }
    $unitStatus = $LASTEXITCODE

    # The package as a user gets it, as build.sh: packed from this build (without building again), then a project that
    # has only a PackageReference to it builds and runs serializers of its generator; a failure before its checks ran
    # counts as one failure.
    Write-Host "`n== pack (for the package consumer)"
    $packed = Invoke-Captured { Invoke-PackLibrary @('--no-build', '-nologo', '-v', 'q') }
    $packageStatus = $LASTEXITCODE
    if ($packageStatus -eq 0) {
        $ran = Invoke-Captured { Invoke-PackageConsumer }
        $packageStatus = $LASTEXITCODE
        foreach ($line in $ran) { $consumer.Add($line) }
    }
    if ($packageStatus -ne 0) {
        $consumerStatus = 1
        if (-not ($consumer | Where-Object { $_ -match '^package consumer: \d+ of \d+ checks failed' })) {
            Write-Host "build.ps1: the package consumer did not run to its end (exit $packageStatus); counted as one failure"
            $consumer.Add('package consumer: 1 of 1 checks failed')
            Write-Host $consumer[-1]
        }
    }

    # The trimmed and native-AOT consumers, as build.sh: published with trim/AOT warnings as errors, then run.
    $rid = [System.Runtime.InteropServices.RuntimeInformation]::RuntimeIdentifier
    foreach ($mode in 'trimmed', 'aot') {
        Write-Host "`n== $mode consumer (tests/MsgPack.Spec.AotConsumer, trim and AOT warnings are errors)"
        $published = Invoke-Captured { dotnet publish tests/MsgPack.Spec.AotConsumer -c $Configuration -r $rid -p:Consumer=$mode -o "artifacts/consumers/$mode" -nologo -v q }
        if ($LASTEXITCODE -eq 0) {
            $ran = Invoke-Captured { & "artifacts/consumers/$mode/MsgPack.Spec.AotConsumer" }
            if ($LASTEXITCODE -ne 0) { $consumerStatus = 1 }
            foreach ($line in $ran) { $consumer.Add($line) }
        }
        else {
            Write-Host "build.ps1: the $mode consumer did not publish; counted as one failure"
            $consumer.Add('aot consumer: 1 of 1 checks failed')
            $consumerStatus = 1
        }
    }

    # The benchmark smoke test: every benchmark once with its fairness checks (no timing).
    Write-Host "`n== benchmark smoke test (MsgPack.Spec.Benchmarks --verify against the native baselines)"
    $verify = [System.Collections.Generic.List[string]]::new()
    $smokeStatus = 0
    try {
        if ($nativeError) { throw "native/build-native.sh failed: $nativeError" }
        Invoke-BuildBenchmarks
        Write-Host "`n== verify: every benchmark once per parameter set, after its fairness checks (no timing)"
        $verify = Invoke-Captured { dotnet $BenchDll --verify }
        $smokeStatus = $LASTEXITCODE
    }
    catch {
        Write-Host $_
        $smokeStatus = 1
    }
    if (-not ($verify | Where-Object { $_ -match '^verify: \d+ passed, \d+ failed$' })) {
        Write-Host 'build.ps1: the benchmark smoke test failed before --verify ran; counted as one failure'
        $verify.Add('verify: 0 passed, 1 failed')
        Write-Host $verify[-1]
    }

    # One closing line that counts every test project, every check of the net48, package, trimmed and AOT consumers and
    # every verified benchmark class: "tests: N passed, N failed".
    $passed = 0; $failed = 0
    foreach ($line in $unit) {
        if ($line -match '(Passed|Failed)!') {
            if ($line -match 'Passed:\s*(\d+)') { $passed += [int]$Matches[1] }
            if ($line -match 'Failed:\s*(\d+)') { $failed += [int]$Matches[1] }
        }
    }
    foreach ($line in $consumer) {
        if ($line -match '^net48 consumer: (\d+) checks passed') { $passed += [int]$Matches[1] }
        if ($line -match '^net48 consumer: (\d+) of (\d+) checks failed$') { $failed += [int]$Matches[1]; $passed += [int]$Matches[2] - [int]$Matches[1] }
        if ($line -match '^package consumer: (\d+) checks passed') { $passed += [int]$Matches[1] }
        if ($line -match '^package consumer: (\d+) of (\d+) checks failed') { $failed += [int]$Matches[1]; $passed += [int]$Matches[2] - [int]$Matches[1] }
        if ($line -match '^aot consumer: (\d+) checks passed') { $passed += [int]$Matches[1] }
        if ($line -match '^aot consumer: (\d+) of (\d+) checks failed') { $failed += [int]$Matches[1]; $passed += [int]$Matches[2] - [int]$Matches[1] }
    }
    foreach ($line in $verify) {
        if ($line -match '^verify: (\d+) passed, (\d+) failed$') { $passed += [int]$Matches[1]; $failed += [int]$Matches[2] }
    }
    Write-Host "tests: $passed passed, $failed failed"
    if ($unitStatus -ne 0) { exit $unitStatus }
    if ($consumerStatus -ne 0) { exit $consumerStatus }
    if ($smokeStatus -ne 0) { exit $smokeStatus }
}

# native/libmsgpack_native.so, the native baselines (Linux only: the script installs Debian packages when missing).
function Invoke-Native([string[]] $NativeArgs) {
    if (-not $IsLinux) { throw 'The native baselines build on Linux (Debian packages): use WSL or a Debian container.' }
    Invoke-Step 'native (libmsgpack_native.so: msgpuck, msgpack-c, msgpack-cxx)' { bash native/build-native.sh @NativeArgs }
}

function Invoke-BuildBenchmarks {
    Assert-DotNet
    Invoke-Step "build benchmarks ($Configuration)" { dotnet build $BenchProject -c $Configuration }
}

# ./build.ps1 bench [--full] [BenchmarkSwitcher args...]: the same as ./build.sh bench.
function Invoke-Bench([string[]] $BenchArgs) {
    $mode = 'short'
    $jobArgs = @('--job', 'short', '--iterationTime', '100', '--quick')  # as build.sh: fewer cases, no [FullOnly] rows
    if ($BenchArgs.Count -gt 0 -and $BenchArgs[0] -eq '--full') {
        $mode = 'full'
        $jobArgs = @('--job', 'default')
        $BenchArgs = @($BenchArgs | Select-Object -Skip 1)
    }
    $filter = @('--filter', '*')
    if ($BenchArgs -contains '--filter' -or $BenchArgs -contains '-f') { $filter = @() }

    Invoke-Native @()
    Invoke-BuildBenchmarks
    Invoke-Step 'verify: every benchmark once per parameter set, after its fairness checks (no timing)' { dotnet $BenchDll --verify }

    $artifacts = 'BenchmarkDotNet.Artifacts'
    $results = "docs/results/$mode"
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue "$artifacts/results"
    $watch = [System.Diagnostics.Stopwatch]::StartNew()
    $benchmarkArgs = @($filter + $jobArgs + @('--artifacts', $artifacts) + $BenchArgs)
    Invoke-Step "benchmarks ($mode): $($benchmarkArgs -join ' ')" { dotnet $BenchDll @benchmarkArgs }
    $elapsed = [int]$watch.Elapsed.TotalSeconds
    Write-Host "benchmarks: $mode pass took $elapsed s"

    if ($filter.Count -gt 0) { Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $results } # the whole suite ran: start afresh
    New-Item -ItemType Directory -Force -Path $results, 'docs/codegen' | Out-Null
    # One entry per run whose files are in the directory (a filtered run replaces only its own files).
    $info = @(
        '---'
        "command: ./build.ps1 bench $(if ($mode -eq 'full') { '--full ' })$($BenchArgs -join ' ')"
        "benchmark arguments: $($benchmarkArgs -join ' ')"
        "finished: $([DateTime]::UtcNow.ToString('yyyy-MM-dd HH:mm:ss')) UTC, the BenchmarkDotNet run took $elapsed s"
    ) + @(dotnet $BenchDll --info)
    Add-Content -Path "$results/run-info.txt" -Value $info
    foreach ($pattern in '*-report-github.md', '*-report.csv', '*-report-full.json') {
        Get-ChildItem -Path "$artifacts/results" -Filter $pattern -ErrorAction SilentlyContinue |
            ForEach-Object { Copy-Item $_.FullName (Join-Path $results ($_.Name -replace '^MsgPack\.Spec\.Benchmarks\.', '')) }
    }
    Get-ChildItem -Path "$artifacts/results" -Filter '*-asm.md' -ErrorAction SilentlyContinue |
        ForEach-Object { Copy-Item $_.FullName (Join-Path 'docs/codegen' ($_.Name -replace '^MsgPack\.Spec\.Benchmarks\.', '')) }
    $chart = if ($mode -eq 'full') { 'docs/benchmarks-full.svg' } else { 'docs/benchmarks.svg' }
    Invoke-Step 'chart' { dotnet $BenchDll --chart $results $chart }
    Invoke-Step 'headline ratios' { dotnet $BenchDll --report $results "$results/headline.md" }
}

function Invoke-Pack {
    Invoke-Restore
    Invoke-Step 'pack' { Invoke-PackLibrary @('-p:ContinuousIntegrationBuild=true') }
}

# MsgPack.Spec.Core into artifacts/packages, replacing the previous pack; the arguments go to dotnet pack.
function Invoke-PackLibrary([string[]] $PackArgs) {
    Remove-Item -Force -ErrorAction SilentlyContinue artifacts/packages/MsgPack.Spec.Core.*
    dotnet pack src/MsgPack.Spec/MsgPack.Spec.csproj -c $Configuration --no-restore -o artifacts/packages @PackArgs
}

# tests/MsgPack.Spec.PackageConsumer against the package in artifacts/packages, as build.sh's run_package_consumer:
# restored into a packages folder of its own, emptied here, so that it gets this pack and not a copy of the same
# version extracted before; rebuilt whole. $LASTEXITCODE is 0 when every check passed.
function Invoke-PackageConsumer {
    Write-Host "`n== package consumer (tests/MsgPack.Spec.PackageConsumer: MsgPack.Spec.Core by PackageReference, and its generator)"
    $packages = @(Get-ChildItem -Path artifacts/packages -File -ErrorAction SilentlyContinue | Where-Object { $_.Name -like 'MsgPack.Spec.Core.*.nupkg' })
    if ($packages.Count -ne 1) {
        Write-Host "build.ps1: want one artifacts/packages/MsgPack.Spec.Core.*.nupkg, found $($packages.Count)"
        $global:LASTEXITCODE = 1
        return
    }
    $version = $packages[0].Name -replace '^MsgPack\.Spec\.Core\.', '' -replace '\.nupkg$', ''
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue artifacts/package-consumer
    dotnet build tests/MsgPack.Spec.PackageConsumer -c $Configuration --force --no-incremental "-p:MsgPackSpecCoreVersion=$version" -nologo -v q
    if ($LASTEXITCODE -ne 0) { return }
    dotnet "tests/MsgPack.Spec.PackageConsumer/bin/$Configuration/net10.0/MsgPack.Spec.PackageConsumer.dll"
}

switch ($Verb) {
    { $_ -in 'all', 'test' } { Invoke-Test }
    'build' { Invoke-Build }
    'pack' { Invoke-Pack }
    'package-consumer' {
        Invoke-Pack
        Invoke-PackageConsumer
        if ($LASTEXITCODE -ne 0) { throw "the package consumer failed with exit code $LASTEXITCODE" }
    }
    'fuzz' {
        Assert-DotNet
        $seconds = if ($Rest.Count -gt 0) { $Rest[0] } else { '60' }
        $seed = if ($Rest.Count -gt 1) { $Rest[1] } else { '1' }
        Invoke-Step 'fuzz' { dotnet run --project tests/MsgPack.Spec.Fuzz -c $Configuration -- $seconds $seed }
    }
    'afl' {
        # afl-fuzz and its Debian package are Linux's: the one implementation is build.sh's.
        if (-not $IsLinux) { throw 'afl-fuzz runs on Linux (Debian package afl++): use WSL or a Debian container.' }
        Invoke-Step 'afl' { bash ./build.sh afl @Rest }
    }
    'dump' {
        Assert-DotNet
        dotnet build tools/MsgPack.Spec.Dump -c $Configuration -v q -nologo | Out-Null
        dotnet "tools/MsgPack.Spec.Dump/bin/$Configuration/net10.0/MsgPack.Spec.Dump.dll" @Rest
    }
    'throughput' {
        # A Tarantool server from Debian, and perf for --perf: the one implementation is build.sh's.
        if (-not $IsLinux) { throw 'The throughput run starts a Debian tarantool: use WSL or a Debian container.' }
        Invoke-Step 'throughput' { bash ./build.sh throughput @Rest }
    }
    'native' { Invoke-Native $Rest }
    'net48' {
        if ($IsWindows) { Invoke-Step 'net48 consumer (C# 7.3, the netstandard2.0 build)' { & $Net48Consumer } }
        else { Invoke-Step 'net48 consumer (C# 7.3, the netstandard2.0 build) under Mono' { bash ./build.sh net48 } }
    }
    'bench' { Invoke-Bench $Rest }
    'interleaved' {
        Invoke-Native @()
        Invoke-BuildBenchmarks
        Invoke-Step 'interleaved rows' { dotnet $BenchDll --interleaved @Rest --results docs/results/interleaved }
    }
    'clean' {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue artifacts, BenchmarkDotNet.Artifacts, native/build
        Get-ChildItem -Path src, tests, benchmarks, samples, tools -Directory -Recurse -Include bin, obj -ErrorAction SilentlyContinue | Remove-Item -Recurse -Force
    }
    'help' { Get-Help $PSCommandPath -Detailed }
}
