#!/usr/bin/env bash
# The fast path stays in one folder: only Sources/Syringe/Engine/FastPath/ imports SyringeShims (the C atomics,
# read sections, thread-locals and runtime declaration), and no file outside it names an Unsafe* pointer type or
# Unmanaged; and the fast path stays within issue 23's budgets: at most 90 such tokens in Sources/Syringe, at most
# 250 lines of C (SyringeShims' sources and headers).
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
if [ "$total" -gt 90 ]; then
    echo "Sources/Syringe names Unsafe*/Unmanaged $total times: the budget is 90 (see DesignDecisions, \"The fast path\")" >&2
    exit 1
fi
shim=$(cat Sources/SyringeShims/*.c Sources/SyringeShims/include/*.h | wc -l)
echo "C shim: $shim lines"
if [ "$shim" -gt 250 ]; then
    echo "the C shim has $shim lines: the budget is 250 (see DesignDecisions, \"The fast path\")" >&2
    exit 1
fi
