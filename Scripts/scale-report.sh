#!/usr/bin/env bash
# The "cost at scale" report of issue 14: generates apps of N services wired by hand, with
# swift-dependencies, with Swinject and with Syringe (Benchmarks/Scale/generate.py), builds them in release,
# and measures the app module's compile CPU and compiler peak memory, its code size and its cold start
# (Benchmarks/Scale/measure.py); then prints one markdown table and the issue's targets, PASS or FAIL
# (Benchmarks/Scale/report.py).
#
#   Scripts/scale-report.sh                                   # 100, 500, 2,000 services (40-50 min)
#   Scripts/scale-report.sh --sizes 20 --runs 1 --starts 3    # a quick check
#   Scripts/scale-report.sh --variants handwired,syringe,syringe-using --sizes 100,500
#   Scripts/scale-report.sh --syringe ../other-checkout       # Syringe from another checkout
#   Scripts/scale-report.sh --from results.json               # the report of a kept run, without building
#
# Options: --sizes LIST, --variants LIST (handwired, dependencies, swinject, syringe; syringe-using
# needs the declared-dependencies API), --runs N (compiles per app, median; 3), --starts N (processes
# per app, median; 5), --probe N (services of the call-site probe apps; 100; 0 skips them),
# --syringe PATH (default: this checkout; also SYRINGE_PATH), --json FILE (keep the raw results),
# --keep (keep the generated package and its build in .build-scale/), --strict (exit 1 on a FAIL).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scale="$root/Benchmarks/Scale"
sizes="100,500,2000"
variants="handwired,dependencies,swinject,syringe"
runs=3
starts=5
probe=100
syringe="${SYRINGE_PATH:-$root}"
json=""
from=""
keep=0
strict=()

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit "${1:-2}"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --sizes) sizes="$2"; shift 2 ;;
        --variants) variants="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --starts) starts="$2"; shift 2 ;;
        --probe) probe="$2"; shift 2 ;;
        --syringe) syringe="$2"; shift 2 ;;
        --json) json="$2"; shift 2 ;;
        --from) from="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --strict) strict=(--strict); shift ;;
        -h | --help) usage 0 ;;
        *) echo "unknown option: $1" >&2; usage ;;
    esac
done

if [[ -n "$from" ]]; then
    exec python3 "$scale/report.py" "$from" "${strict[@]}"
fi

syringe="$(cd "$syringe" && pwd)"
package="$root/.build-scale/pkg"
results="$(mktemp "${TMPDIR:-/tmp}/scale-results.XXXXXX")"
cleanup() {
    rm -f "$results"
    if [[ $keep -eq 0 ]]; then rm -rf "$package"; fi
}
trap cleanup EXIT

started=$SECONDS
python3 "$scale/generate.py" --out "$package" --sizes "$sizes" --variants "$variants" --probe "$probe" \
    --syringe "$syringe" >&2
echo "Resolving packages ..." >&2
swift package --package-path "$package" resolve >&2
python3 "$scale/measure.py" --package "$package" --runs "$runs" --starts "$starts" --syringe "$syringe" \
    --out "$results"
if [[ -n "$json" ]]; then cp "$results" "$json"; fi
echo "Done in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s." >&2
python3 "$scale/report.py" "$results" "${strict[@]}"
