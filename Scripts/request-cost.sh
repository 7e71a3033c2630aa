#!/usr/bin/env bash
# What a request of a Hummingbird server costs wired by Syringe against wired by hand, in one process, without a
# network (Benchmarks/RequestCost): the example server's routes served through Hummingbird's in-process test client,
# by hand, by hand behind RequestScopeMiddleware, and by Syringe (the last two also with the scope ended when the
# handler returns), interleaved round after round; then the engine alone. Arguments: rounds (5), requests a round
# (20000), path (/todos). With `engine` first: the engine alone, one task and then two tasks at once, round by round
# (rounds, operations a round: 5, 50000).
#
#     bash Scripts/request-cost.sh
#     bash Scripts/request-cost.sh 3 50000 /health
#     bash Scripts/request-cost.sh engine
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
swift build -c release --package-path Benchmarks/RequestCost >&2
"$(swift build -c release --package-path Benchmarks/RequestCost --show-bin-path)/RequestCost" "$@"
