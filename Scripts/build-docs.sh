#!/usr/bin/env bash
# Builds the documentation with the toolchain's own `docc`, warnings as errors, so a broken
# ``symbol`` link in a /// comment or a guide fails the build:
#
#   - LayerFX: the DocC catalog Sources/LayerFX/LayerFX.docc (the module's landing page, the
#     guides, and Semantics.md, a link to Documentation/Semantics.md) with the module's symbols;
#   - every other library module in $modules below: its symbols and /// comments (no catalog);
#   - then one combined archive of them all (`docc merge`).
#
#   Scripts/build-docs.sh [OUTPUT]    default: .build/docs/LayerFX.doccarchive
#
# The symbol graphs come from `swift package dump-symbol-graph`, which reuses the debug build
# (`swift build`) and extracts every module's public symbols. One docc run documents one module
# (given several modules' graphs, docc warns), so each gets its own folder of graphs: NAME and
# its extension graphs NAME@Other. `docc` is the one beside the `swift` on PATH (or $DOCC). The
# last line gives the wall-clock time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs/LayerFX.doccarchive}
modules=(LayerFX LayerFXMath LayerFXKernels LayerFXAnimation LayerFXPNG LayerFXFiles
  LayerFXMetal LayerFXResolver LayerFXComposition LayerFXTune LayerFXArguments LayerFXCLI
  LayerFXTesting)
docc=${DOCC:-$(dirname "$(readlink -f "$(command -v swift)")")/docc}
[ -x "$docc" ] || {
  echo "build-docs: no docc at $docc (set DOCC)" >&2
  exit 69
}
work=$(mktemp -d "${TMPDIR:-/tmp}/layerfx-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
milliseconds() { echo $((($(date +%s%N) - $1) / 1000000)); }

started=$(date +%s%N)
touch "$work/before-dump"
if ! swift package dump-symbol-graph --minimum-access-level public >"$work/dump.log" 2>&1; then
  # After a plain `swift build` the test modules (LayerFXPackageTests, …) are not built, so their
  # graphs fail: harmless unless a failure names a module documented here (or none is named).
  failed=$(sed -n "s/^error: Failed to emit symbol graph for '\([^']*\)'.*/\1/p" "$work/dump.log")
  documented=()
  for module in $failed; do
    [[ " ${modules[*]} " == *" $module "* ]] && documented+=("$module")
  done
  if [ -z "$failed" ] || [ ${#documented[@]} -gt 0 ]; then
    tail -n 40 "$work/dump.log" >&2
    echo "build-docs: swift package dump-symbol-graph failed (log above)" >&2
    exit 1
  fi
fi
# Its last line names the folder: "Files written to /…/.build/<triple>/symbolgraph".
dumped=$(sed -n 's/^Files written to //p' "$work/dump.log" | tail -n 1)
graphs_ms=$(milliseconds "$started")

started=$(date +%s%N)
archives=()
for module in "${modules[@]}"; do
  # Written by this run, not left over from an earlier one.
  [ "$dumped/$module.symbols.json" -nt "$work/before-dump" ] || {
    echo "build-docs: no new $module.symbols.json in '$dumped'" >&2
    exit 1
  }
  mkdir -p "$work/graphs/$module"
  cp "$dumped/$module.symbols.json" "$work/graphs/$module/"
  for extension in "$dumped/$module@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$work/graphs/$module/"
  done
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$work/graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.layerfx.$module" \
    --warnings-as-errors --output-path "$work/$module.doccarchive" >"$work/$module.log" 2>&1 || {
    cat "$work/$module.log" >&2
    echo "build-docs: docc failed for $module (above)" >&2
    exit 1
  }
  archives+=("$work/$module.doccarchive")
done
convert_ms=$(milliseconds "$started")

started=$(date +%s%N)
rm -rf "$output"
mkdir -p "$(dirname "$output")"
"$docc" merge "${archives[@]}" --synthesized-landing-page-name LayerFX \
  --output-path "$output" >"$work/merge.log" 2>&1 || {
  cat "$work/merge.log" >&2
  echo "build-docs: docc merge failed (above)" >&2
  exit 1
}
echo "build-docs: $output, ${#modules[@]} modules (symbol graphs ${graphs_ms} ms, docc" \
  "convert ${convert_ms} ms, merge $(milliseconds "$started") ms)"
