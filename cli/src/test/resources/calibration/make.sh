#!/usr/bin/env bash
# Records the calibration test's recordings again: 12 runs of the Gson round-trip program under perfstat stat.
# Run from the repository's root on an idle machine: cli/src/test/resources/calibration/make.sh
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
bench/calibration.sh 12 "$tmp" gson
rm -f "$dir"/r.*.jfr
cp "$tmp"/gson/r.*.jfr "$dir"/
