#!/usr/bin/env bash
# The fast path stays in one folder: only Sources/Syringe/Engine/FastPath/ imports SyringeShims (the C atomics,
# read sections, thread-locals and runtime declaration). Prints the Unsafe*/Unmanaged token counts of
# Sources/Syringe, inside and outside that folder, for the record.
set -euo pipefail
cd "$(dirname "$0")/.."
fast="Sources/Syringe/Engine/FastPath/"
# Until the lead's one-call resolve lands, the transparent `resolve` ends a read section in the caller's code.
exceptions="Sources/Syringe/TypeRegistry/Container+Resolve.swift"
offenders=$(grep -rl --include='*.swift' '^import SyringeShims' Sources/Syringe | grep -v "^$fast" |
    grep -v -x -F "$exceptions" || true)
if [ -n "$offenders" ]; then
    echo "these files import SyringeShims outside $fast:" >&2
    echo "$offenders" >&2
    exit 1
fi
count() { grep -rhoE '\b(Unsafe[A-Za-z]*|Unmanaged)\b' --include='*.swift' "$@" | wc -l; }
inside=$(count "$fast")
total=$(count Sources/Syringe)
echo "SyringeShims is imported only in $fast (exceptions: $exceptions)"
echo "Unsafe*/Unmanaged tokens in Sources/Syringe: $total ($inside in $fast, $((total - inside)) outside)"
