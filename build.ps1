#!/usr/bin/env pwsh
#Requires -Version 7.0

<#
.SYNOPSIS
  The one entry point of the repository, for PowerShell users; the same verbs as build.sh. A verb that needs Linux
  (Debian packages: the native baselines, afl, Tarantool, Mono) says so and fails elsewhere; on Linux some run
  build.sh's scripts.
.EXAMPLE
  ./build.ps1          # restore, build (Release) and run every test
  ./build.ps1 test     # the same, with the package consumer and the other consumers, then the benchmark smoke test (native baselines + --verify); the test runs have CI set, so nothing skips
  ./build.ps1 build    # restore and build only
  ./build.ps1 pack     # build the NuGet package (.nupkg and .snupkg) into artifacts/packages, as CI would (the library, and the generator in analyzers/)
  ./build.ps1 package-consumer   # pack, then build and run tests/MsgPack.Spec.PackageConsumer against the package
  ./build.ps1 repro    # build the library (and the generator) in two clones of HEAD; the DLLs and PDBs must be byte-identical
  ./build.ps1 native   # build native/build/libmsgpack_native.so and run its ctest (Linux: Debian packages, bash)
  ./build.ps1 net48    # run the net48 consumer (C# 7.3, the netstandard2.0 build): .NET Framework on Windows, Mono elsewhere
  ./build.ps1 bench [--full] [BenchmarkSwitcher args...]   # the BenchmarkDotNet suite, as ./build.sh bench (raw output into artifacts/benchmarks/, reports into docs/results/)
  ./build.ps1 interleaved CLASS... [--seconds S] [--name FILE]   # rows in turns in one process, as ./build.sh interleaved
  ./build.ps1 ab BASE [--name FILE] [--rounds N]   # BASE's generated serializers against the working tree's in one process, as ./build.sh ab
  ./build.ps1 fuzz [seconds] [seed]   # the mutation fuzzer, as ./build.sh fuzz
  ./build.ps1 afl [target|all] [seconds]   # coverage-guided fuzzing with afl++ and SharpFuzz, as ./build.sh afl (Linux)
  ./build.ps1 dump [--json] [FILE|-]   # the annotated dump or JSON of MessagePack bytes, as ./build.sh dump
  ./build.ps1 throughput [--perf DIR]   # the Tarantool sample's requests per second, as ./build.sh throughput (Linux)
  ./build.ps1 stack    # the smallest thread stack for deep input (tools/MsgPack.Spec.StackProbe), into docs/results/stack/stack.txt
  ./build.ps1 deps     # install the Debian packages the tests run (tarantool, mono-runtime), as ./build.sh deps (Linux)
  ./build.ps1 clean    # remove build outputs
.NOTES
  Should PowerShell take a benchmark argument for one of its own, put -- before the arguments:
  ./build.ps1 bench -- --full --filter '*Seed*'
#>
param(
    [Parameter(Position = 0)]
    [ValidateSet('all', 'test', 'build', 'pack', 'package-consumer', 'repro', 'native', 'net48', 'bench', 'interleaved', 'ab', 'fuzz', 'afl', 'dump', 'throughput', 'stack', 'deps', 'clean', 'help')]
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

# Runs $Body with the environment variables of $Variables set, and puts back what they were (the script runs in the
# caller's PowerShell session: what it sets would stay there).
function Invoke-WithEnvironment([hashtable] $Variables, [scriptblock] $Body) {
    $savedEnvironment = @{}
    foreach ($variableName in $Variables.Keys) {
        $savedEnvironment[$variableName] = [Environment]::GetEnvironmentVariable($variableName)
        [Environment]::SetEnvironmentVariable($variableName, $Variables[$variableName])
    }
    try { & $Body }
    finally { foreach ($variableName in $savedEnvironment.Keys) { [Environment]::SetEnvironmentVariable($variableName, $savedEnvironment[$variableName]) } }
}

# dotnet test with CI set (any non-empty value; one set already is kept), so that no test that needs the native library
# or a Tarantool skips: a missing one fails (tests/MsgPack.Spec.Tests/Prerequisite.cs). Only the test runs: CI=true would
# turn on ContinuousIntegrationBuild in the build (Directory.Build.props).
function Invoke-DotNetTest([string[]] $TestArgs, [hashtable] $Environment = @{}) {
    $ci = if ($env:CI) { $env:CI } else { '1' }
    Invoke-WithEnvironment (@{ CI = $ci } + $Environment) { dotnet test @TestArgs }
}

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
    $unit = Invoke-Captured { Invoke-DotNetTest @($Solution, '-c', $Configuration, '--no-build') }
    $unitStatus = $LASTEXITCODE

    # As build.sh: the bulk array and UTF-8 tests again with the wider vector paths switched off (no AVX-512, where the
    # machine has it; no AVX2; no vectors at all), so that every path this machine could take runs.
    $isas = @(@{ DOTNET_EnableAVX2 = '0' }, @{ DOTNET_EnableHWIntrinsic = '0' })
    if ([System.Runtime.Intrinsics.X86.Avx512F]::IsSupported) { $isas = @(@{ DOTNET_EnableAVX512 = '0' }) + $isas }
    foreach ($isa in $isas) {
        $setting = "$($isa.Keys)=$($isa.Values)"
        Write-Host "`n== bulk array and UTF-8 tests with $setting"
        $rerun = Invoke-Captured { Invoke-DotNetTest @('tests/MsgPack.Spec.Tests', '-c', $Configuration, '--no-build', '--filter', 'FullyQualifiedName~BulkArrayTests|FullyQualifiedName~MixedWidthArrayTests|FullyQualifiedName~Utf8ValidationTests') $isa }
        if ($LASTEXITCODE -ne 0) { $unitStatus = $LASTEXITCODE }
        foreach ($line in $rerun) { $unit.Add($line) }
    }

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

    # The ASP.NET Core package in a native-AOT web application serving a client, as build.sh (bash: the script starts
    # the server and stops it).
    if ($IsLinux) {
        $ran = Invoke-Captured { bash scripts/aspnetcore-aot.sh }
        if ($LASTEXITCODE -ne 0) { $consumerStatus = 1 }
        foreach ($line in $ran) { $consumer.Add($line) }
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
        if ($line -match '^aspnetcore aot: (\d+) checks passed') { $passed += [int]$Matches[1] }
        if ($line -match '^aspnetcore aot: (\d+) of (\d+) checks failed') { $failed += [int]$Matches[1]; $passed += [int]$Matches[2] - [int]$Matches[1] }
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

# ./build.ps1 ab BASE [--name FILE] [options]: the same as ./build.sh ab (scripts/ab.sh says what it does): BASE in a
# worktree under artifacts/ab, both builds of the suite, then benchmarks/MsgPack.Spec.AB with the two output directories.
function Invoke-AB([string[]] $AbArgs) {
    if ($AbArgs.Count -lt 1 -or $AbArgs[0].StartsWith('-')) { throw 'usage: ./build.ps1 ab BASE [--name FILE] [--rounds N] [--slice-ms MS] [--models A,B] [--no-control]' }
    $base = git rev-parse --verify "$($AbArgs[0])^{commit}"
    $baseShort = git rev-parse --short=7 $base
    $headShort = git rev-parse --short=7 HEAD
    $name = "$baseShort-$headShort"
    $options = [System.Collections.Generic.List[string]]::new()
    for ($i = 1; $i -lt $AbArgs.Count; $i++) { if ($AbArgs[$i] -eq '--name') { $name = $AbArgs[++$i] } else { $options.Add($AbArgs[$i]) } }
    $baseDir = "artifacts/ab/$baseShort"
    git worktree prune
    if (-not (Test-Path $baseDir)) { Invoke-Step "worktree of $baseShort in $baseDir" { git worktree add --detach $baseDir $base } }
    Invoke-Step "build benchmarks ($Configuration) at $baseShort" { dotnet build "$baseDir/$BenchProject" -c $Configuration -v q -nologo }
    Invoke-BuildBenchmarks
    $ab = Invoke-BuildTool 'benchmarks/MsgPack.Spec.AB'
    $binDir = Split-Path -Parent $BenchDll
    $extra = $options.ToArray()
    $command = "./build.ps1 ab $baseShort $($options -join ' ')".TrimEnd()
    Invoke-Step "A/B: $baseShort against the working tree" {
        dotnet $ab --pre "$baseDir/$binDir" --post $binDir --pre-label $baseShort --post-label "$headShort (working tree)" --command $command --out "docs/results/ab/$name.md" @extra
    }
}

# ./build.ps1 bench [--full] [BenchmarkSwitcher args...]: the same as ./build.sh bench (scripts/bench.sh says where the
# results go: the raw output into artifacts/benchmarks/MODE, the markdown reports and headline.md into
# docs/results/quick-pass or full-pass with run-info.txt, the chart into docs/benchmarks.svg).
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
    $raw = "artifacts/benchmarks/$mode"
    $docs = if ($mode -eq 'full') { 'docs/results/full-pass' } else { 'docs/results/quick-pass' }
    $chart = if ($mode -eq 'full') { 'docs/benchmarks-full.svg' } else { 'docs/benchmarks.svg' }

    Invoke-Native @()
    Invoke-BuildBenchmarks
    Invoke-Step 'verify: every benchmark once per parameter set, after its fairness checks (no timing)' { dotnet $BenchDll --verify }

    if ($filter.Count -gt 0) { Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $raw } # the whole suite runs: start afresh
    New-Item -ItemType Directory -Force -Path $raw, $docs | Out-Null
    $started = [DateTime]::UtcNow
    $watch = [System.Diagnostics.Stopwatch]::StartNew()
    $benchmarkArgs = @($filter + $jobArgs + @('--artifacts', $raw) + $BenchArgs)
    Invoke-Step "benchmarks ($mode): $($benchmarkArgs -join ' ')" { dotnet $BenchDll @benchmarkArgs }
    $elapsed = [int]$watch.Elapsed.TotalSeconds
    Write-Host "benchmarks: $mode pass took $elapsed s"
    $whole = "$raw/whole-suite.txt"
    if ($filter.Count -gt 0) {
        Set-Content -Path $whole -Value "the whole suite, finished $([DateTime]::UtcNow.ToString('yyyy-MM-dd HH:mm:ss')) UTC; filtered runs may have replaced some classes since"
    }

    # One entry per run whose files are in the folder (a filtered run replaces only its own files), beside the reports.
    if ($filter.Count -gt 0) { Remove-Item -Force -ErrorAction SilentlyContinue "$docs/run-info.txt" }
    $info = @(
        '---'
        "command: ./build.ps1 bench $(if ($mode -eq 'full') { '--full ' })$($BenchArgs -join ' ')"
        "benchmark arguments: $($benchmarkArgs -join ' ')"
        "finished: $([DateTime]::UtcNow.ToString('yyyy-MM-dd HH:mm:ss')) UTC, the BenchmarkDotNet run took $elapsed s"
    ) + @(dotnet $BenchDll --info)
    Add-Content -Path "$docs/run-info.txt" -Value $info
    # The markdown report of each class this run measured (all of them, replacing the earlier ones, after a whole run).
    if ($filter.Count -gt 0) { Remove-Item -Force -ErrorAction SilentlyContinue "$docs/*-report-github.md" }
    Get-ChildItem -Path "$raw/results" -Filter '*-report-github.md' -ErrorAction SilentlyContinue |
        Where-Object { $_.LastWriteTimeUtc -ge $started } |
        ForEach-Object { Copy-Item $_.FullName (Join-Path $docs ($_.Name -replace '^MsgPack\.Spec\.Benchmarks\.', '')) }
    # As build.sh: the chart and headline.md from a whole run only (maybe updated since by filtered runs).
    if (Test-Path $whole) {
        Invoke-Step 'chart' { dotnet $BenchDll --chart "$raw/results" $chart }
        Invoke-Step 'headline ratios' { dotnet $BenchDll --report "$raw/results" "$docs/headline.md" }
    }
    else {
        Write-Host "$chart and $docs/headline.md not redrawn: $raw holds no run of the whole suite (./build.ps1 bench$(if ($mode -eq 'full') { ' --full' }) without --filter makes one)"
    }
}

# A program of tools/ or samples/ (its project directory), built quietly (its errors shown when it fails); returns the
# path of its dll.
function Invoke-BuildTool([string] $Project) {
    Assert-DotNet
    dotnet build $Project -c $Configuration -v q -nologo | Out-Null
    if ($LASTEXITCODE -ne 0) {
        dotnet build $Project -c $Configuration | Out-Host
        throw "the build of $Project failed with exit code $LASTEXITCODE"
    }
    return "$Project/bin/$Configuration/net10.0/$(Split-Path -Leaf $Project).dll"
}

# ./build.ps1 repro, as ./build.sh repro: two clones of HEAD in two directories of different names and depths, each
# building the library (all three target frameworks, and the generator it packs) as CI does; every DLL and PDB must be
# byte-identical between them.
function Invoke-Repro {
    Assert-DotNet
    $root = Join-Path ([System.IO.Path]::GetTempPath()) "msgpack-spec-repro-$([Guid]::NewGuid().ToString('N'))"
    $clones = @((Join-Path $root 'one/MsgPack.Spec'), (Join-Path $root 'second-clone/deeper/MsgPack.Spec'))
    try {
        foreach ($clone in $clones) {
            Invoke-Step "clone into $clone" { git clone -q . $clone }
            Invoke-Step "build $clone" { dotnet build "$clone/src/MsgPack.Spec/MsgPack.Spec.csproj" -c $Configuration -p:ContinuousIntegrationBuild=true -v q -nologo | Out-Null }
        }
        Write-Host "`n== compare"
        # The library, and the generator that its build builds and its package ships (analyzers/dotnet/roslyn4.4/cs).
        $names = 'MsgPack.Spec.dll', 'MsgPack.Spec.pdb', 'MsgPack.Spec.Generator.dll', 'MsgPack.Spec.Generator.pdb'
        $files = foreach ($project in 'src/MsgPack.Spec', 'src/MsgPack.Spec.Generator') {
            Get-ChildItem -Path (Join-Path $clones[0] "$project/bin/$Configuration") -Recurse -File |
                Where-Object { $names -contains $_.Name } |
                ForEach-Object { [System.IO.Path]::GetRelativePath($clones[0], $_.FullName).Replace('\', '/') }
        }
        $different = 0
        foreach ($file in ($files | Sort-Object)) {
            $one = (Get-FileHash -Algorithm SHA256 (Join-Path $clones[0] $file)).Hash.ToLowerInvariant()
            $other = Join-Path $clones[1] $file
            $two = if (Test-Path $other) { (Get-FileHash -Algorithm SHA256 $other).Hash.ToLowerInvariant() } else { 'missing' }
            if ($one -eq $two) { Write-Host "identical: $file $($one.Substring(0, 16))" }
            else { Write-Host "DIFFERENT: $file"; $different++ }
        }
        if ($different -gt 0) { throw "repro: $different file(s) differ between the two clones" }
    }
    finally { Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $root }
}

# ./build.ps1 stack, as ./build.sh stack: the smallest thread stack on which generated readers read deep input, valid
# and bad, with tiered compilation and without (tools/MsgPack.Spec.StackProbe), into docs/results/stack/stack.txt.
function Invoke-Stack {
    $probe = Invoke-BuildTool 'tools/MsgPack.Spec.StackProbe'
    $file = 'docs/results/stack/stack.txt'
    New-Item -ItemType Directory -Force -Path (Split-Path $file) | Out-Null
    dotnet $probe | Tee-Object -FilePath $file
    if ($LASTEXITCODE -ne 0) { throw "the stack probe failed with exit code $LASTEXITCODE" }
    '' | Tee-Object -FilePath $file -Append
    Invoke-WithEnvironment @{ DOTNET_TieredCompilation = '0' } { dotnet $probe | Tee-Object -FilePath $file -Append }
    if ($LASTEXITCODE -ne 0) { throw "the stack probe (DOTNET_TieredCompilation=0) failed with exit code $LASTEXITCODE" }
}

function Invoke-Pack {
    Invoke-Restore
    Invoke-Step 'pack' { Invoke-PackLibrary @('-p:ContinuousIntegrationBuild=true') }
}

# MsgPack.Spec.Core, MsgPack.Spec.Lz4 and MsgPack.Spec.AspNetCore into artifacts/packages, replacing the previous pack; the arguments go
# to dotnet pack.
function Invoke-PackLibrary([string[]] $PackArgs) {
    foreach ($package in 'MsgPack.Spec', 'MsgPack.Spec.Lz4', 'MsgPack.Spec.AspNetCore') {
        # The core's package id is MsgPack.Spec.Core; the others' are their project names.
        $id = if ($package -eq 'MsgPack.Spec') { 'MsgPack.Spec.Core' } else { $package }
        Remove-Item -Force -ErrorAction SilentlyContinue "artifacts/packages/$id.[0-9]*"
        dotnet pack "src/$package/$package.csproj" -c $Configuration --no-restore -o artifacts/packages @PackArgs
        if ($LASTEXITCODE -ne 0) { return }
    }
}

# tests/MsgPack.Spec.PackageConsumer against the three packages in artifacts/packages (MsgPack.Spec.Core, .Lz4 and
# .AspNetCore, of one version), as scripts/package-consumer.sh:
# restored into a packages folder of its own, emptied here, so that it gets this pack and not a copy of the same
# version extracted before; rebuilt whole. $LASTEXITCODE is 0 when every check passed.
function Invoke-PackageConsumer {
    Write-Host "`n== package consumer (tests/MsgPack.Spec.PackageConsumer: MsgPack.Spec.Core, .Lz4, .AspNetCore by PackageReference)"
    $packages = @(Get-ChildItem -Path artifacts/packages -File -ErrorAction SilentlyContinue | Where-Object { $_.Name -like 'MsgPack.Spec.Core.*.nupkg' })
    if ($packages.Count -ne 1) {
        Write-Host "build.ps1: want one artifacts/packages/MsgPack.Spec.Core.*.nupkg, found $($packages.Count)"
        $global:LASTEXITCODE = 1
        return
    }
    $version = $packages[0].Name -replace '^MsgPack\.Spec\.Core\.', '' -replace '\.nupkg$', ''
    foreach ($id in 'MsgPack.Spec.Lz4', 'MsgPack.Spec.AspNetCore') {
        if (-not (Test-Path "artifacts/packages/$id.$version.nupkg")) {
            Write-Host "build.ps1: want artifacts/packages/$id.$version.nupkg beside the core package"
            $global:LASTEXITCODE = 1
            return
        }
    }
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
        $dump = Invoke-BuildTool 'tools/MsgPack.Spec.Dump'
        dotnet $dump @Rest
        if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
    }
    'throughput' {
        # A Tarantool server from Debian, and perf for --perf: the one implementation is build.sh's.
        if (-not $IsLinux) { throw 'The throughput run starts a Debian tarantool: use WSL or a Debian container.' }
        Invoke-Step 'throughput' { bash ./build.sh throughput @Rest }
    }
    'native' { Invoke-Native $Rest }
    'repro' { Invoke-Repro }
    'stack' { Invoke-Stack }
    'deps' {
        # tarantool (the Tarantool sample's tests) and mono-runtime (the net48 consumer elsewhere than Windows) are
        # Debian packages: the one implementation is build.sh's.
        if (-not $IsLinux) { throw 'deps installs Debian packages (tarantool, mono-runtime): use WSL or a Debian container. On Windows the net48 consumer runs on .NET Framework itself; the Tarantool tests need a tarantool on PATH.' }
        Invoke-Step 'Debian packages of the tests (tarantool, mono-runtime)' { bash ./build.sh deps }
    }
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
    'ab' { Invoke-AB $Rest }
    'clean' {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue artifacts, BenchmarkDotNet.Artifacts, native/build
        Get-ChildItem -Path src, tests, benchmarks, samples, tools -Directory -Recurse -Include bin, obj -ErrorAction SilentlyContinue | Remove-Item -Recurse -Force
    }
    'help' { Get-Help $PSCommandPath -Detailed }
}
