#!/usr/bin/env bash
# Checks the DocC catalog and doc comments (see check-docs.py): symbol links, curation, examples.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(dirname "$(find .build -path '*symbolgraph/Syringe.symbols.json' | head -1)")
python3 Scripts/check-docs.py "$graphs" Sources/Syringe/Documentation.docc
