#!/usr/bin/env pwsh
<#
.SYNOPSIS
  The one entry point of the repository, for PowerShell users; the same verbs as build.sh.
.EXAMPLE
  ./build.ps1          # restore, build (Release) and run every test
  ./build.ps1 test     # the same
  ./build.ps1 build    # restore and build only
  ./build.ps1 pack     # build the NuGet package into artifacts/packages
  ./build.ps1 clean    # remove build outputs
#>
param(
    [Parameter(Position = 0)]
    [ValidateSet('all', 'test', 'build', 'pack', 'clean', 'help')]
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
function Invoke-Test {
    Invoke-Build
    Invoke-Step 'test (library net10.0 build and netstandard2.0 build)' { dotnet test $Solution -c $Configuration --no-build }
}
function Invoke-Pack {
    Invoke-Restore
    Invoke-Step 'pack' { dotnet pack src/MsgPack.Spec/MsgPack.Spec.csproj -c $Configuration --no-restore -o artifacts/packages }
}

switch ($Verb) {
    { $_ -in 'all', 'test' } { Invoke-Test }
    'build' { Invoke-Build }
    'pack' { Invoke-Pack }
    'clean' {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue artifacts, BenchmarkDotNet.Artifacts, native/build
        Get-ChildItem -Path src, tests, benchmarks -Directory -Recurse -Include bin, obj -ErrorAction SilentlyContinue | Remove-Item -Recurse -Force
    }
    'help' { Get-Help $PSCommandPath -Detailed }
}
