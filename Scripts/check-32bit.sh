#!/usr/bin/env bash
# Compiles the integer arithmetic of Syringe's layouts and hashes for 32-bit targets (watchOS's arm64_32 has
# 32-bit words; this machine has no watchOS SDK): the parts with no type of Syringe, through the toolchain's
# Embedded Swift standard library for armv7 and i686. A 64-bit constant stored into `UInt` or `Int` fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sed -n '/^enum KeyHash/,$p' Sources/Syringe/Core/Key+Hash.swift >"$work/KeyHash.swift"
cp Sources/Syringe/Engine/FastPath/SlotBlockLayout.swift "$work/"
for target in armv7-none-none-eabi i686-unknown-none-elf; do
    swiftc -emit-sil -o /dev/null -target "$target" -enable-experimental-feature Embedded -wmo -parse-as-library \
        "$work/KeyHash.swift" "$work/SlotBlockLayout.swift"
    echo "32-bit ($target): hashes and slot layout compile"
done
