#!/usr/bin/env bash
# Runs issue 29's record cycle in a package of its own that depends on this clone by path, with
# `swift test`, as a user's package would: LAYERFX_RECORD=all writes the reference and reports it;
# a plain run passes; after the effect changes a plain run fails and leaves the reference alone;
# LAYERFX_RECORD=failed rewrites it and reports it; a plain run with the changed effect passes.
# A misspelt function fails its own test only, every run. Slow (a build of LayerFX, ~2.5 min on
# 2 cores), so it is a script, not a test; the same cycle runs in the test suite through an
# injected environment (Tests/LayerFXMetalTests/ReferenceImage/ReferenceRecordingTests.swift).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/layerfx-record-cycle.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "check-record-cycle: $*" >&2; exit 1; }

mkdir -p "$work/Tests/DemoTests"
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Demo",
  dependencies: [.package(name: "LayerFX", path: "$root")],
  targets: [
    .testTarget(
      name: "DemoTests",
      dependencies: [
        .product(name: "LayerFX", package: "LayerFX"),
        .product(name: "LayerFXTesting", package: "LayerFX"),
      ])
  ])
MANIFEST
cat >"$work/Tests/DemoTests/DemoTests.swift" <<'SWIFT'
import Foundation
import LayerFX
import LayerFXKernels
import LayerFXTesting
import Testing

let amount = Float(ProcessInfo.processInfo.environment["DEMO_AMOUNT"] ?? "0.2") ?? 0.2
let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("References/brightened.png").path

@Test func brightened() throws {
  let image = Image.testCard(width: 32, height: 24)
  let out = try image.colorEffect(ShaderLibrary.brightness(.float(amount)))
  expectReference(out, at: reference, tolerance: .colorEffect)
}

@Test func misspelt() throws {
  _ = try Image.testCard(width: 8, height: 8).colorEffect(ShaderLibrary.brightnes(.float(0.1)))
}

@Test func other() { #expect(1 + 1 == 2) }
SWIFT

cd "$work"
swift build --build-tests >build.log 2>&1 || { tail -20 build.log; fail "the package does not build"; }
ref="$work/Tests/DemoTests/References/brightened.png"
# Runs `swift test` with the given environment; checks brightened() passes ("pass") or fails
# with an issue containing $2, and that misspelt() failed and other() passed.
step() {
  local expect=$1 text=$2; shift 2
  env "$@" swift test --skip-build >out.log 2>&1 || true
  grep -q "Test other() passed" out.log || fail "$*: other() did not pass"
  grep -q "did you mean 'brightness'" out.log || fail "$*: misspelt() did not report its typo"
  if [ "$expect" = pass ]; then
    grep -q "Test brightened() passed" out.log || fail "$*: brightened() did not pass"
  else
    grep -q "Test brightened() failed" out.log || fail "$*: brightened() did not fail"
    grep -qF "$text" out.log || fail "$*: no '$text'"
  fi
}
step fail "recorded the reference $ref" LAYERFX_RECORD=all
[ -f "$ref" ] || fail "LAYERFX_RECORD=all wrote no reference"
step pass "" DEMO_AMOUNT=0.2
before=$(md5sum <"$ref")
# brightness is additive: 0.4 − 0.2 = 0.2 × 255 = 51 codes more where nothing clips.
step fail "max 51 codes" DEMO_AMOUNT=0.4
[ "$(md5sum <"$ref")" = "$before" ] || fail "a plain failing run touched the reference"
step fail "re-recorded the reference $ref" DEMO_AMOUNT=0.4 LAYERFX_RECORD=failed
[ "$(md5sum <"$ref")" != "$before" ] || fail "LAYERFX_RECORD=failed did not rewrite the reference"
step pass "" DEMO_AMOUNT=0.4
echo "check-record-cycle: the record cycle holds"
