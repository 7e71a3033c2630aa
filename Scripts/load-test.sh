#!/usr/bin/env bash
# Load test of the example server (Examples/TodoServer): wrk in runs of 5 s on loopback against GET /todos (a unit of
# work per request: BEGIN, SELECT, COMMIT on the SQLite file), once wired by Syringe and once wired by hand,
# and prints requests/s and latency percentiles side by side with the ratio (issue 24's budget: 0.98× or more).
# The two servers run side by side and are loaded in turn, in paired rounds whose order alternates; the ratio
# to read is the median of the rounds' ratios.
#
# With two cores or more, each server runs on the first core and wrk on the second (`PIN=0` lets the scheduler
# place them): unpinned, two identical servers read 0.98–1.05× in runs of 10 paired rounds, pinned 1.005× and
# 1.007× (rounds 1.003–1.026×). The machine still drifts between runs: read a difference of a few percent over
# several runs. BASELINE=path loads an earlier build of the server (wired by Syringe) in place of the hand-wired one.
#
#     bash Scripts/load-test.sh            # DURATION=5s CONNECTIONS=32 THREADS=2 ROUNDS=6 URL_PATH=/todos PIN=1
#     ROUNDS=10 URL_PATH=/health bash Scripts/load-test.sh   # /health: no database, no unit of work
#     BASELINE=/tmp/TodoServer-before bash Scripts/load-test.sh  # this build against an earlier build (both Syringe)
#
# Builds the server in release (traits: Hummingbird) into .build-server. Installs wrk (Debian) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

URL_PATH=${URL_PATH:-/todos}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-6}
PIN=${PIN:-1}
BASELINE=${BASELINE:-}
SCRATCH=${SCRATCH:-.build-server}

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
if ! command -v wrk >/dev/null 2>&1; then
    echo "installing wrk (Debian package)" >&2
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi

swift build -c release --traits Hummingbird --product TodoServer --scratch-path "$SCRATCH" >&2
binary="$(swift build -c release --traits Hummingbird --scratch-path "$SCRATCH" --show-bin-path)/TodoServer"

# The commands that run a server and wrk: on cores of their own when pinned.
server_on=() wrk_on=()
if [ "$PIN" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null 2>&1; then
    server_on=(taskset -c 0) wrk_on=(taskset -c 1)
fi

work=$(mktemp -d)
server_pid=""
trap 'rm -rf "$work"' EXIT

# Starts a server binary (extra arguments: its wiring) on a free port with its own database; sets $port.
start_server() {
    local binary=$1
    shift
    local log="$work/server-$RANDOM.log"
    "${server_on[@]}" "$binary" --port 0 --database "$work/todos-$RANDOM.sqlite" --quiet "$@" >"$log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do
        port=$(sed -n 's/.*listening on .*:\([0-9][0-9]*\)$/\1/p' "$log" | head -1)
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { cat "$log" >&2; echo "server did not start" >&2; exit 1; }
    for i in $(seq 1 20); do
        curl -sf -X POST -H 'Content-Type: application/json' -d "{\"title\":\"todo $i\"}" \
            "http://127.0.0.1:$port/todos" >/dev/null
    done
}

# The server's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }

# Runs wrk against the running server; prints "requests/s p50 p75 p90 p99 cpu" (latencies in ms, the server's
# CPU time per request in µs: steadier than requests/s on a machine that other work shares).
measure() {
    local out before after
    before=$(cpu_ticks)
    out=$("${wrk_on[@]}" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$port$URL_PATH")
    after=$(cpu_ticks)
    echo "$out" | grep -q "Non-2xx" && { echo "$out" >&2; echo "errors during the run" >&2; exit 1; }
    local rps p50 p75 p90 p99
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    # wrk prints 812.00us, 1.23ms or 1.05s.
    to_ms() {
        awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v !~ /ms$/ && v ~ /s$/) n *= 1000
                               printf "%.2f", n }'
    }
    p50=$(to_ms "$(echo "$out" | awk '$1 == "50%" {print $2}')")
    p75=$(to_ms "$(echo "$out" | awk '$1 == "75%" {print $2}')")
    p90=$(to_ms "$(echo "$out" | awk '$1 == "90%" {print $2}')")
    p99=$(to_ms "$(echo "$out" | awk '$1 == "99%" {print $2}')")
    local requests cpu
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    cpu=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="$requests" \
        'BEGIN { printf "%.1f", t / hz * 1e6 / n }')
    echo "$rps $p50 $p75 $p90 $p99 $cpu"
}

# Both servers run side by side and wrk loads one at a time, in rounds whose order alternates (Syringe then
# hand-wired, then hand-wired then Syringe, …): a change of the machine's speed (a shared virtual machine's
# lasts seconds) then falls on both sides alike, and each round's ratio compares runs a few seconds apart.
syringe_pid="" hand_pid=""
stop_all() {
    for pid in $syringe_pid $hand_pid; do
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    syringe_pid="" hand_pid="" server_pid=""
}
trap 'stop_all; rm -rf "$work"' EXIT

# The second server: the same binary wired by hand, or (BASELINE) an earlier build wired by Syringe.
start_server "$binary"
syringe_pid=$server_pid syringe_port=$port
if [ -n "$BASELINE" ]; then
    start_server "$BASELINE"
    other="baseline"
else
    start_server "$binary" --hand-wired
    other="hand-wired"
fi
hand_pid=$server_pid hand_port=$port

# Runs `measure` against one of the two servers.
measure_on() {
    if [ "$1" = syringe ]; then
        server_pid=$syringe_pid port=$syringe_port
    else
        server_pid=$hand_pid port=$hand_port
    fi
    measure
}

# Warm-up: a short run on each, not counted.
DURATION_SAVED=$DURATION
DURATION=2s
measure_on syringe >/dev/null
measure_on hand >/dev/null
DURATION=$DURATION_SAVED

syringe_runs=()
hand_runs=()
ratios=()
for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) -eq 1 ]; then
        s=$(measure_on syringe)
        h=$(measure_on hand)
    else
        h=$(measure_on hand)
        s=$(measure_on syringe)
    fi
    syringe_runs+=("$s")
    hand_runs+=("$h")
    ratio=$(awk -v a="${s%% *}" -v b="${h%% *}" 'BEGIN { printf "%.3f", a / b }')
    ratios+=("$ratio")
    echo "round $round/$ROUNDS  Syringe:    $s  (requests/s; p50 p75 p90 p99 ms; CPU µs/request)" >&2
    printf 'round %s/%s  %-11s %s  ratio %s\n' "$round" "$ROUNDS" "$other:" "$h" "$ratio" >&2
done

# The median of a column (1-based) of the runs.
median_of() {
    local column=$1
    shift
    printf '%s\n' "$@" | awk -v c="$column" '{ print $c }' | sort -g | awk '{ a[NR] = $0 } END {
        if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

echo
placement="unpinned"
[ ${#server_on[@]} -gt 0 ] && placement="servers on core 0, wrk on core 1"
echo "GET $URL_PATH, wrk -t$THREADS -c$CONNECTIONS -d$DURATION on 127.0.0.1 ($placement), $ROUNDS paired round(s), medians"
printf '%-16s %14s %14s %12s\n' "" "Syringe" "$other" "ratio"
row() { printf '%-16s %14s %14s %11.3f×\n' "$1" "$2" "$3" "$(awk -v a="$2" -v b="$3" 'BEGIN { print a / b }')"; }
row "requests/s" "$(median_of 1 "${syringe_runs[@]}")" "$(median_of 1 "${hand_runs[@]}")"
row "latency p50 ms" "$(median_of 2 "${syringe_runs[@]}")" "$(median_of 2 "${hand_runs[@]}")"
row "latency p75 ms" "$(median_of 3 "${syringe_runs[@]}")" "$(median_of 3 "${hand_runs[@]}")"
row "latency p90 ms" "$(median_of 4 "${syringe_runs[@]}")" "$(median_of 4 "${hand_runs[@]}")"
row "latency p99 ms" "$(median_of 5 "${syringe_runs[@]}")" "$(median_of 5 "${hand_runs[@]}")"
row "CPU µs/request" "$(median_of 6 "${syringe_runs[@]}")" "$(median_of 6 "${hand_runs[@]}")"
sorted=$(printf '%s\n' "${ratios[@]}" | sort -g | tr '\n' ' ')
echo "requests/s ratio of each round (Syringe / $other, sorted): $sorted"
echo "median of the rounds' ratios: $(median_of 1 "${ratios[@]}")×"
