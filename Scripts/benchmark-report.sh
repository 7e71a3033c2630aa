#!/usr/bin/env bash
# Runs the benchmark package (Benchmarks/) and prints one table: per case, the median time per
# operation of each library, its ratio to the hand-written baseline and to Syringe, and the
# allocations and bytes per operation (case 8); then Syringe's budgets, checked.
#
#   Scripts/benchmark-report.sh                       # every benchmark (a few minutes)
#   Scripts/benchmark-report.sh --filter ".*: 2 .*"   # extra arguments go to `swift package benchmark`
#   BENCHMARK_CSV=results.csv Scripts/benchmark-report.sh         # also keep the raw export
#   Scripts/benchmark-report.sh --from results.csv    # table from a kept export, without running
#
# Benchmarks are named "<Library>: <case> <what>" and tagged "(ops: N)", the operations one measured
# iteration does; the export holds raw values per iteration, so they are divided by N here.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
csv="$(mktemp)"
trap 'rm -f "$csv" "$csv.log"' EXIT

if [[ "${1:-}" == "--from" ]]; then
    cp "$2" "$csv"
else
    echo "Running the benchmarks (swift package --package-path Benchmarks benchmark) ..." >&2
    if ! swift package --package-path "$root/Benchmarks" benchmark \
        --format influx --path stdout --no-progress "$@" >"$csv" 2>"$csv.log"; then
        cat "$csv.log" "$csv" >&2
        echo "benchmark run failed" >&2
        exit 1
    fi
    if [[ -n "${BENCHMARK_CSV:-}" ]]; then cp "$csv" "$BENCHMARK_CSV"; fi
fi

python3 - "$csv" <<'PY'
import csv
import re
import sys

LIBRARIES = ["Baseline", "Syringe", "Swinject", "Dependencies"]
NAME = re.compile(r"^(?P<lib>[^:]+): (?P<case>\d+) (?P<what>.*?)(?: \((?P<tags>[^)]*)\))?$")

results = {}  # (case number, case title) -> library -> {"time": ns/op, "mallocs": n/op, "bytes": b/op}
with open(sys.argv[1], newline="") as f:
    for row in csv.reader(f):
        if len(row) != 15 or row[0] == "measurement" or row[0].startswith("#"):
            continue  # build output and the CSV header
        metric, test, percentile, value = row[6], row[8], float(row[9]), float(row[10])
        if percentile != 50.0:
            continue
        m = NAME.match(test)
        if not m:
            continue
        tags = dict(t.split(": ", 1) for t in (m["tags"] or "").split(", ") if ": " in t)
        ops = float(tags.get("ops", "1"))
        field = {"Time(wallclock)": "time", "Malloc(total)": "mallocs", "Malloc(bytestotal)": "bytes"}.get(metric)
        if field:
            key = (int(m["case"]), m["what"])
            results.setdefault(key, {}).setdefault(m["lib"], {})[field] = value / ops

if not results:
    sys.exit("no benchmark results found in the export")


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}" if ns / scale < 100 else f"{ns / scale:.0f} {unit}"
    return f"{ns:.3g} ns" if ns < 100 else f"{ns:.0f} ns"


def count(n):
    if n == 0:
        return "0"
    if n < 0.01:
        return "<0.01"
    return f"{n:.3g}" if n < 1000 else f"{n:,.0f}"


def ratio(a, b):
    return f"{a / b:.2f}×" if a and b else "–"


rows = [("Case", "Library", "Median/op", "vs Baseline", "vs Syringe", "Mallocs/op", "Bytes/op")]
def natural(key):
    number, what = key
    return (number, [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", what)])


for (number, what) in sorted(results, key=natural):
    libs = results[(number, what)]
    base = libs.get("Baseline", {}).get("time")
    syr = libs.get("Syringe", {}).get("time")
    ordered = [l for l in LIBRARIES if l in libs] + sorted(l for l in libs if l not in LIBRARIES)
    for i, lib in enumerate(ordered):
        r = libs[lib]
        t = r.get("time")
        rows.append((
            f"{number} {what}" if i == 0 else "",
            lib,
            duration(t) if t is not None else "–",
            ratio(t, base),
            ratio(t, syr),
            count(r["mallocs"]) if "mallocs" in r else "–",
            count(r["bytes"]) if "bytes" in r else "–",
        ))

widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
right = [False, False, True, True, True, True, True]


def line(r):
    return "| " + " | ".join(c.rjust(w) if right[i] else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))) + " |"


print(line(rows[0]))
print("|" + "|".join(("-" * (w + 1) + ":") if right[i] else ("-" * (w + 2)) for i, w in enumerate(widths)) + "|")
for r in rows[1:]:
    print(line(r))


# Syringe's budgets, where the run has the numbers.
def get(number, what, lib, field="time"):
    return results.get((number, what), {}).get(lib, {}).get(field)


checks = []


def check(label, ok, detail):
    if ok is not None:
        checks.append(f"  [{'ok' if ok else 'OVER'}] {label}: {detail}")


s2, sw2, d2 = get(2, "singleton", "Syringe"), get(2, "singleton", "Swinject"), get(2, "singleton", "Dependencies")
if s2 is not None:
    check("singleton <= 30 ns", s2 <= 30, duration(s2))
    if sw2:
        check(">= 30x faster than Swinject (singleton)", sw2 / s2 >= 30, f"{sw2 / s2:.1f}x")
    if d2:
        check(">= 30x faster than Dependencies (singleton)", d2 / s2 >= 30, f"{d2 / s2:.1f}x")
    m = get(2, "singleton", "Syringe", "mallocs")
    if m is not None:
        check("0 allocations per cached resolve", m == 0, f"{count(m)} mallocs/op")
s1, b1 = get(1, "unique", "Syringe"), get(1, "unique", "Baseline")
if s1 is not None and b1 is not None:
    check("unique <= baseline + 40 ns", s1 <= b1 + 40, f"{duration(s1)} vs {duration(b1)} (+{s1 - b1:.0f} ns)")
s3, b3 = get(3, "graph of 10", "Syringe"), get(3, "graph of 10", "Baseline")
if s3 is not None and b3 is not None:
    check("graph <= 2.5x baseline", s3 <= 2.5 * b3, f"{s3 / b3:.2f}x")
s5 = get(5, "register 1000", "Syringe")
if s5 is not None:
    check("register 1000 services <= 500 µs", s5 <= 500_000, duration(s5))
    by = get(5, "register 1000", "Syringe", "bytes")
    if by is not None:
        check("... and <= 1 MiB allocated", by <= 1 << 20, f"{by / 1024:.0f} KiB")
    both = get(5, "register+resolve 1000", "Syringe")
    if both is not None:
        first_resolve = (both - s5) / 1000
        check("first resolve of each of 1000 <= 1 µs on average", first_resolve <= 1000, duration(first_resolve))
first, last = get(6, "resolve 1st of 1000", "Syringe"), get(6, "resolve 1000th of 1000", "Syringe")
if first and last:
    check("1000th vs 1st within 10%", abs(last / first - 1) <= 0.10, f"{last / first:.2f}x")
one, two = get(7, "singleton 1 thread", "Syringe"), get(7, "singleton 2 threads", "Syringe")
if one and two:
    check("two threads >= 1.6x one thread (throughput)", one / two >= 1.6, f"{one / two:.2f}x")
    speedups = []
    for lib in LIBRARIES:
        a, b = get(7, "singleton 1 thread", lib), get(7, "singleton 2 threads", lib)
        if a and b:
            speedups.append(f"{lib} {a / b:.2f}x")
    checks.append("  two-thread speedup, all: " + ", ".join(speedups))
if checks:
    print("\nSyringe budgets (medians of this run):")
    print("\n".join(checks))
PY
