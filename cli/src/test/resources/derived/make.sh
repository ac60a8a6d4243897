#!/usr/bin/env bash
# Makes the recordings of ThreadCpuLoadCollectorTest: bench/taskclock/Busy run under plain JFR (no perfstat),
#   busy-default-25.jfr  -XX:StartFlightRecording:settings=default on JDK 25
#   busy-profile-17.jfr  -XX:StartFlightRecording:settings=profile on JDK 17
# each cut down with `jfr scrub` to the events the derived roles and the task-clock row read.
#
#   cli/src/test/resources/derived/make.sh JDK25_HOME JDK17_HOME
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jdk25=$1
jdk17=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/../../../../../bench/taskclock/Busy.java" "$tmp/"
keep='jdk.ThreadCPULoad,jdk.ThreadStart,jdk.ThreadEnd,jdk.ActiveSetting,jdk.CPUInformation,jdk.ContainerConfiguration,jdk.CPULoad,jdk.JVMInformation'
record() { # JDK SETTINGS OUT: Busy with 120M steps a slice (about 5 s of CPU a thread, over one 10 s period on 2 cores)
  (cd "$tmp" && "$1/bin/javac" --release 17 -d . Busy.java \
    && "$1/bin/java" -Xlog:jfr+startup=off -XX:StartFlightRecording:settings="$2",filename=raw.jfr -cp . Busy 120000000)
  "$jdk25/bin/jfr" scrub --include-events "$keep" "$tmp/raw.jfr" "$here/$3" >/dev/null
  rm -f "$tmp/raw.jfr"
  for leak in "$tmp" "$HOME/" "/tmp/"; do
    if grep -aqF -- "$leak" "$here/$3"; then
      echo "make.sh: $3 contains '$leak'; not keeping it" >&2
      rm -f "$here/$3"; exit 1
    fi
  done
}
record "$jdk25" default busy-default-25.jfr
record "$jdk17" profile busy-profile-17.jfr
ls -l "$here"/*.jfr
