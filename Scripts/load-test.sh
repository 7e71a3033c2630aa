#!/usr/bin/env bash
# Load test of the example server (Examples/TodoServer): wrk for 10 s on loopback against GET /todos (a unit of
# work per request: BEGIN, SELECT, COMMIT on the SQLite file), once wired by Syringe and once wired by hand,
# and prints requests/s and latency percentiles side by side with the ratio (the goal: within 5%).
#
#     bash Scripts/load-test.sh            # DURATION=10s CONNECTIONS=32 THREADS=2 ROUNDS=1 URL_PATH=/todos
#     ROUNDS=3 URL_PATH=/health bash Scripts/load-test.sh   # the median of 3; /health: no database, no unit of work
#
# Builds the server in release (traits: Hummingbird) into .build-server. Installs wrk (Debian) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

URL_PATH=${URL_PATH:-/todos}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-1}
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

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# Starts the server (extra arguments: its wiring) on a free port with its own database; sets $port.
start_server() {
    local log="$work/server.log"
    : >"$log"
    "$binary" --port 0 --database "$work/todos-$RANDOM.sqlite" --quiet "$@" >"$log" 2>&1 &
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

stop_server() {
    kill -TERM "$server_pid"
    wait "$server_pid"
    server_pid=""
}

# The server's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }

# Runs wrk against the running server; prints "requests/s p50 p75 p90 p99 cpu" (latencies in ms, the server's
# CPU time per request in µs: steadier than requests/s on a machine that other work shares).
measure() {
    local out before after
    before=$(cpu_ticks)
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$port$URL_PATH")
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

# One measurement, in a subshell (`$(run)`): its own trap stops its server if anything fails.
run() {
    trap 'if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; fi' EXIT
    start_server "$@"
    measure
    stop_server
}

syringe_runs=()
hand_runs=()
for round in $(seq 1 "$ROUNDS"); do
    syringe_runs+=("$(run)")
    echo "round $round/$ROUNDS  Syringe:    ${syringe_runs[-1]}  (requests/s; p50 p75 p90 p99 ms; CPU µs/request)" >&2
    hand_runs+=("$(run --hand-wired)")
    echo "round $round/$ROUNDS  hand-wired: ${hand_runs[-1]}" >&2
done

# The round with the median requests/s of each wiring.
median() { printf '%s\n' "$@" | sort -n -k1,1 | awk '{ a[NR] = $0 } END { print a[int((NR + 1) / 2)] }'; }
read -r s_rps s_p50 s_p75 s_p90 s_p99 s_cpu <<<"$(median "${syringe_runs[@]}")"
read -r h_rps h_p50 h_p75 h_p90 h_p99 h_cpu <<<"$(median "${hand_runs[@]}")"

echo
echo "GET $URL_PATH, wrk -t$THREADS -c$CONNECTIONS -d$DURATION on 127.0.0.1, median of $ROUNDS round(s)"
printf '%-16s %14s %14s %12s\n' "" "Syringe" "hand-wired" "ratio"
row() { printf '%-16s %14s %14s %11.3f×\n' "$1" "$2" "$3" "$(awk -v a="$2" -v b="$3" 'BEGIN { print a / b }')"; }
row "requests/s" "$s_rps" "$h_rps"
row "latency p50 ms" "$s_p50" "$h_p50"
row "latency p75 ms" "$s_p75" "$h_p75"
row "latency p90 ms" "$s_p90" "$h_p90"
row "latency p99 ms" "$s_p99" "$h_p99"
row "CPU µs/request" "$s_cpu" "$h_cpu"
