#!/usr/bin/env bash
# `npm run test:under-load`: a command (by default the CI entry point, `bash .ci/run`) with a CPU
# hog of N busy processes beside it (HOG_PROCESSES, default 2), the way a shared CI machine runs
# it. The run must pass all the same: no test is bounded by a limit that load can reach
# (decision 019). The hog ends with the command, however it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
hogs=()
stop() { [ ${#hogs[@]} -gt 0 ] && kill "${hogs[@]}" 2>/dev/null; }
trap stop EXIT INT TERM
for _ in $(seq 1 "${HOG_PROCESSES:-2}"); do
  node -e 'for (;;) {}' &
  hogs+=($!)
done
echo "under load: ${#hogs[@]} busy processes beside: ${*:-bash .ci/run}"
started=$(date +%s)
if [ $# -gt 0 ]; then "$@"; else bash .ci/run; fi
status=$?
echo "under load: exit $status after $(($(date +%s) - started)) s"
exit $status
