# The closing line of ./build.sh test, "tests: N passed, N failed", from the logs of its steps: every test project
# (dotnet test's "Passed!"/"Failed!" lines), every check of the net48, package, trimmed and AOT consumers, and every
# verified benchmark class. A consumer that did not run to its end was logged as "... 1 of 1 checks failed".
/(Passed|Failed)!/ {
  for (i = 1; i <= NF; i++) { if ($i == "Passed:") p += $(i+1); if ($i == "Failed:") f += $(i+1) }
}
/^net48 consumer: [0-9]+ checks passed/ { p += $3 }
/^net48 consumer: [0-9]+ of [0-9]+ checks failed$/ { f += $3; p += $5 - $3 }
/^package consumer: [0-9]+ checks passed/ { p += $3 }
/^package consumer: [0-9]+ of [0-9]+ checks failed/ { f += $3; p += $5 - $3 }
/^aot consumer: [0-9]+ checks passed/ { p += $3 }
/^aot consumer: [0-9]+ of [0-9]+ checks failed/ { f += $3; p += $5 - $3 }
/^aspnetcore aot: [0-9]+ checks passed/ { p += $3 }
/^aspnetcore aot: [0-9]+ of [0-9]+ checks failed/ { f += $3; p += $5 - $3 }
/^verify: [0-9]+ passed, [0-9]+ failed$/ { p += $2; f += $4 }
END { printf "tests: %d passed, %d failed\n", p, f }
