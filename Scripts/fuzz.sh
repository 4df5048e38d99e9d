#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (-sanitize=fuzzer,address) and runs each for SECONDS.
#
#   Scripts/fuzz.sh [-t SECONDS] [TARGET...]     TARGET: PNGDecode, CommandLine, EffectArguments,
#                                                Config
#                                                (default: all)
#
# Each target starts from its seed corpus, Fuzz/Corpus/TARGET/, copied into
# .build/fuzz/corpus/TARGET/ (new inputs accumulate there, never in the repository), and uses
# Fuzz/Dictionaries/TARGET.dict when there is one. A crash is written to
# .build/fuzz/artifacts/TARGET/ and makes the script exit 1. Keep each crashing input twice: as a
# seed in Fuzz/Corpus/TARGET/ (so every run replays it) and as a test in Tests/ that feeds it to
# the fixed code (as the issue-5 crashes are, in LimitTests and regress-* seeds).
# Targets run one after another, one process each (libFuzzer's -fork is not used).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
while getopts "t:" option; do
  case "$option" in
    t) seconds="$OPTARG" ;;
    *) echo "usage: $0 [-t SECONDS] [TARGET...]" >&2; exit 64 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(PNGDecode CommandLine EffectArguments Config)

# libFuzzer links its own main into every executable: the shader worker is left out
# (Package.swift, buildsShaderWorker).
export LAYERFX_FUZZ=1
# The linker's "Cannot export local symbol" notes are dropped. The build's status is not what
# decides (a product no target needs may fail to link beside libFuzzer's main); a target whose
# executable is missing stops the script, before any target is named as having crashed.
swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address 2>&1 \
  | grep -v "Cannot export local symbol" || true
binaries="$(swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address \
  --show-bin-path)"
for target in "${targets[@]}"; do
  if [ ! -x "$binaries/Fuzz$target" ]; then
    echo "fuzz.sh: Fuzz$target did not build (the compiler's errors are above)" >&2
    exit 1
  fi
done

status=0
for target in "${targets[@]}"; do
  # Absolute paths: a target may change its working directory (FuzzCommandLine does).
  corpus="$PWD/.build/fuzz/corpus/$target"
  artifacts="$PWD/.build/fuzz/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  cp -n "Fuzz/Corpus/$target/"* "$corpus/" 2>/dev/null || true
  dictionary=()
  [ -f "Fuzz/Dictionaries/$target.dict" ] && dictionary=(-dict="Fuzz/Dictionaries/$target.dict")
  echo "== Fuzz$target for ${seconds}s (corpus $corpus)"
  # detect_leaks stays on: a leak is a finding. -rss_limit_mb bounds memory per input.
  # -timeout=30: one input slower than that (debug + ASan, on a shared 2-core machine) is a
  # finding; the bounded inputs the targets run take milliseconds.
  # -close_fd_mask=3 silences the targets' own output (the CLI's messages); libFuzzer and the
  # sanitizers still report on their copy of stderr.
  if ! "$binaries/Fuzz$target" "$corpus" "${dictionary[@]}" -max_total_time="$seconds" -timeout=30 \
    -rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$artifacts" \
    >".build/fuzz/$target.log" 2>&1; then
    status=1
    echo "Fuzz$target found a crash: $(ls "$artifacts")" >&2
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb|new_units_added)|^Done|^==.*ERROR" \
    ".build/fuzz/$target.log" || true
done
exit $status
