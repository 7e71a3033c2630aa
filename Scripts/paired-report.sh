#!/usr/bin/env bash
# Cases 1-4 and 11-15 with hand-written code and Syringe timed in one process (Benchmarks/Paired): each process
# alternates the two loops of a case and keeps the fastest round of each, so both are measured at the same
# machine speed. Runs several processes and prints, per case, the medians and the budgets (DESIGN.md §11).
#
#   Scripts/paired-report.sh                 # 9 processes of 100,000 operations x 20 rounds per loop
#   Scripts/paired-report.sh --processes 5 --operations 50000 --rounds 10
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
processes=9
operations=100000
rounds=20
while [[ $# -gt 0 ]]; do
    case "$1" in
        --processes) processes="$2"; shift 2 ;;
        --operations) operations="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

echo "Building Benchmarks/Paired (release) ..." >&2
swift build -c release --package-path "$root/Benchmarks" --product PairedBenchmarks >&2
binary="$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/PairedBenchmarks"

output="$(mktemp)"
trap 'rm -f "$output"' EXIT
for ((process = 1; process <= processes; process++)); do
    echo "process $process of $processes ..." >&2
    "$binary" "$operations" "$rounds" >>"$output"
done

python3 - "$output" <<'PY'
import re, statistics, sys
cases = {}
for line in open(sys.argv[1]):
    match = re.match(r'paired case=(\d+) name="([^"]+)" baseline_ns=([\d.e+-]+) syringe_ns=([\d.e+-]+)', line)
    if match:
        number, name, base, ours = int(match[1]), match[2], float(match[3]), float(match[4])
        cases.setdefault((number, name), []).append((base, ours))

# The budgets of DESIGN.md §11 that compare with hand-written code: a factor, or nanoseconds over it.
budgets = {1: ("unique ≤ hand-written + 60 ns", None, 60), 2: ("singleton ≤ 4× the floor", 4.0, None),
           3: ("graph of 10 ≤ 2.5× hand-written", 2.5, None), 4: ("@Injected ≤ hand-written + 40 ns", None, 40),
           11: ("an explicit scope of 5 ≤ 2× hand-written", 2.0, None),
           12: ("the same through withScope ≤ 3× hand-written", 3.0, None),
           # Case 13 times five builds on each side: its budget is 40 ns per build.
           13: ("each request-scoped build ≤ a unique build + 40 ns (five per operation)", None, 200)}
print("| case | processes | hand-written | Syringe | ratio (median of processes) | over (median) | range of ratios |")
print("|---|--:|--:|--:|--:|--:|--:|")
verdicts = []
for (number, name), samples in sorted(cases.items()):
    ratios = [ours / base for base, ours in samples]
    overs = [ours - base for base, ours in samples]
    base = statistics.median(b for b, _ in samples)
    ours = statistics.median(o for _, o in samples)
    ratio, over = statistics.median(ratios), statistics.median(overs)
    print(f"| {number} {name} | {len(samples)} | {base:.1f} ns | {ours:.1f} ns | {ratio:.2f}× | {over:+.1f} ns | "
          f"{min(ratios):.2f}–{max(ratios):.2f}× |")
    if number in budgets:
        label, factor, nanoseconds = budgets[number]
        passed = ratio <= factor if factor else over <= nanoseconds
        measured = f"{ratio:.2f}×" if factor else f"{over:+.1f} ns"
        verdicts.append(f"  {'PASS' if passed else 'FAIL'}  {label}: {measured}")
print("\nBudgets, from the medians over processes of each process's own comparison:")
print("\n".join(verdicts))
PY
