#!/usr/bin/env bash
# Proves that LayerFX works as a versioned SwiftPM dependency, as a user would add it:
#
#   1. copies the repository's tracked files (as they are in the work tree) into a temporary
#      git repository, commits them and tags the commit 0.1.0;
#   2. creates a fresh package beside it whose manifest says
#      `.package(url: "file:///…/LayerFX", from: "0.1.0")` and whose main.swift is the
#      own-effect example of the "Writing kernels" guide: the ```swift block right after the line
#      starting `<!-- dependency-check: main.swift` in
#      Sources/LayerFX/LayerFX.docc/WritingKernels.md (extracted, never duplicated here);
#   3. builds it (debug) with no LayerFX environment variable (LAYERFX_PORTABLE and
#      LAYERFX_INTERNAL_CHECKS are removed from the environment), so SwiftPM's rule against
#      unsafe flags in a versioned dependency applies in full;
#   4. runs it in a folder holding photo.png, a 64x48 test card written by this repository's
#      own `layerfx convert` (built in debug if needed), and checks that it wrote tinted.png.
#
#   Scripts/check-dependency.sh [--keep]     --keep: leave the temporary folder and print it
#
# Any failed step stops the script with `check-dependency: FAILED: …` on standard error (and
# the tail of the build log when the build failed), exit status 1. Everything happens in one
# temporary folder, with its own SwiftPM cache, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
version=0.1.0
guide=Sources/LayerFX/LayerFX.docc/WritingKernels.md
keep=0
[ "${1:-}" = "--keep" ] && keep=1
fail() {
  echo "check-dependency: FAILED: $*" >&2
  exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/layerfx-dependency.XXXXXX")
if [ $keep -eq 1 ]; then
  trap 'echo "check-dependency: kept $work"' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi
library="$work/LayerFX"
dependent="$work/Dependent"
run="$work/run"
mkdir -p "$library" "$dependent/Sources/Dependent" "$run" "$work/tmp"

# The guide's example: the first non-blank line after the marker must open a swift block.
awk '
  index($0, "<!-- dependency-check: main.swift") == 1 { state = 1; next }
  state == 1 && /^[[:space:]]*$/ { next }
  state == 1 && /^```swift[[:space:]]*$/ { state = 2; next }
  state == 1 { exit 3 }
  state == 2 && /^```[[:space:]]*$/ { state = 3; exit }
  state == 2 { print }
  END { if (state != 3) exit 3 }
' "$guide" >"$dependent/Sources/Dependent/main.swift" \
  || fail "$guide: no complete \`\`\`swift block right after the '<!-- dependency-check: main.swift' marker"

# 1. The tracked files, into a fresh repository tagged $version (files deleted in the work tree
#    but still tracked are skipped).
git ls-files -z | while IFS= read -r -d '' path; do
  if [ -e "$path" ] || [ -L "$path" ]; then printf '%s\0' "$path"; fi
done | tar --null --no-recursion -T - -cf - | tar -xf - -C "$library"
git_quiet=(-c user.name=check-dependency -c user.email=check-dependency@invalid
  -c commit.gpgsign=false -c tag.gpgsign=false)
git -C "$library" init -q -b main
git -C "$library" add -A
git -C "$library" "${git_quiet[@]}" commit -q -m "LayerFX $version (dependency check)"
git -C "$library" "${git_quiet[@]}" tag "$version"

# 2. The dependent package, as the guide's "Use it as a dependency" section describes it.
cat >"$dependent/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Dependent",
  dependencies: [.package(url: "file://$library", from: "$version")],
  targets: [
    .executableTarget(
      name: "Dependent", dependencies: [.product(name: "LayerFX", package: "LayerFX")])
  ]
)
MANIFEST

# 3. Build, timed, with nothing from our environment.
log="$work/build.log"
started=$(date +%s%N)
# TMPDIR inside $work: SwiftPM leaves its lock files there.
dependent_build=(env -u LAYERFX_PORTABLE -u LAYERFX_INTERNAL_CHECKS TMPDIR="$work/tmp"
  swift build --package-path "$dependent" --cache-path "$work/cache")
if ! "${dependent_build[@]}" >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  fail "the dependent package did not build against LayerFX $version (log above)"
fi
milliseconds=$((($(date +%s%N) - started) / 1000000))
binary="$("${dependent_build[@]}" --show-bin-path)/Dependent"

# 4. A photo for the example, then the example itself.
swift build --product layerfx >/dev/null || fail "swift build --product layerfx (for photo.png)"
layerfx="$(swift build --show-bin-path)/layerfx"
"$layerfx" convert testcard:64x48 -o "$run/photo.png" || fail "layerfx convert testcard:64x48"
(cd "$run" && "$binary") || fail "the guide's example exited with status $?"
[ -s "$run/tinted.png" ] || fail "the guide's example wrote no tinted.png"
"$layerfx" info "$run/tinted.png" | grep -qx "size: 64 × 48 pixels" \
  || fail "tinted.png is not a 64 × 48 PNG"
printf 'check-dependency: LayerFX %s as a from: dependency builds (clean debug build %d.%01d s)' \
  "$version" $((milliseconds / 1000)) $((milliseconds % 1000 / 100))
echo " and runs the guide's example"
