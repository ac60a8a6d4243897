#!/usr/bin/env bash
# Makes the reference recordings that the README's examples use:
#   fstime-unpatched.jfr, fstime-patched.jfr, lat_mmap-unpatched.jfr, lat_mmap-patched.jfr
# Each is one run of the write-path model with the agent's default probe set, 1 thread.
# The recordings hold no environment variables, system properties, JVM arguments or paths
# (the agent records none); the script checks for this machine's paths before keeping them.
#
#   recordings/make.sh [DURATION]     (default 10s)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
duration=${1:-10s}
for workload in fstime lat_mmap; do
  for variant in unpatched patched; do
    out="$here/$workload-$variant.jfr"
    "$here/../bin/perfstat" run "$workload" --variant "$variant" --duration "$duration" -o "$out" --force >/dev/null
    for leak in "$here" "$HOME/" "/tmp/" "JAVA_HOME=" "PATH="; do
      if grep -aqF -- "$leak" "$out"; then
        echo "recordings/make.sh: $out contains '$leak'; not keeping it" >&2
        rm -f "$out"; exit 1
      fi
    done
    echo "$out"
  done
done
