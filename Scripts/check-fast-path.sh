#!/usr/bin/env bash
# The fast path stays in one folder: only Sources/Syringe/Engine/FastPath/ imports SyringeShims (the C atomics,
# read sections, thread-locals and runtime declaration), and no file outside it names an Unsafe* pointer type or
# Unmanaged. Prints the token counts of Sources/Syringe, inside and outside that folder, for the record.
set -euo pipefail
cd "$(dirname "$0")/.."
fast="Sources/Syringe/Engine/FastPath/"
offenders=$(grep -rl --include='*.swift' '^import SyringeShims' Sources/Syringe | grep -v "^$fast" || true)
if [ -n "$offenders" ]; then
    echo "these files import SyringeShims outside $fast:" >&2
    echo "$offenders" >&2
    exit 1
fi
count() { grep -rhoE '\b(Unsafe[A-Za-z]*|Unmanaged)\b' --include='*.swift' "$@" | wc -l; }
inside=$(count "$fast")
total=$(count Sources/Syringe)
echo "SyringeShims is imported only in $fast"
echo "Unsafe*/Unmanaged tokens in Sources/Syringe: $total ($inside in $fast, $((total - inside)) outside)"
if [ "$total" -ne "$inside" ]; then
    echo "these files name Unsafe*/Unmanaged outside $fast (use the folder's FrameRef, ValueAddress, PackedArguments):" >&2
    grep -rlE '\b(Unsafe[A-Za-z]*|Unmanaged)\b' --include='*.swift' Sources/Syringe | grep -v "^$fast" >&2
    exit 1
fi
