#!/usr/bin/env bash
# Runs the parallel-isolation proof (60 parallel test cases x 2 that override the same keys,
# registrations and singletons) RUNS times in a row (default 20); fails on the first failing run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-20}"
swift build --build-tests
for run in $(seq 1 "$runs"); do
    if ! output=$(swift test --skip-build --parallel --filter "SyringeTestingTests" 2>&1); then
        printf '%s\n' "$output" | tail -40
        echo "parallel isolation: run $run of $runs FAILED"
        exit 1
    fi
    summary=$(printf '%s\n' "$output" | grep -E "Test run with" | tail -1)
    echo "run $run/$runs: $summary"
done
echo "parallel isolation: $runs runs passed"
