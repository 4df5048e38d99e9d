#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
#
#   Scripts/sanitize.sh [address|thread]... [-- SWIFT_TEST_ARGS...]
#
# Default: both, one after the other. Each sanitizer builds in its own scratch directory
# (.build/sanitize-NAME), so the normal debug build is not rebuilt. Arguments after `--` go to
# `swift test` (e.g. `-- --filter LayerFXTests`). Exits non-zero if any run fails or a
# sanitizer reports (halt_on_error makes every report fatal).
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    address | thread) sanitizers+=("$1") ;;
    *) echo "usage: $0 [address|thread]... [-- SWIFT_TEST_ARGS...]" >&2; exit 64 ;;
  esac
  shift
done
[ "${1:-}" = "--" ] && shift
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1}"
# Leaks inside the toolchain's XCTest and Foundation are suppressed; see the file.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}"
for sanitizer in "${sanitizers[@]}"; do
  echo "== swift test --sanitize=$sanitizer $*"
  started=$(date +%s)
  swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" "$@"
  echo "== $sanitizer: passed in $(($(date +%s) - started)) s"
done
