#!/usr/bin/env bash
# Runs a fixed list of layerfx commands with the given binary in a fresh folder and prints, per
# command, its exit code and the sha256 of its standard output, its standard error and every
# file it wrote. Two binaries give byte-identical outputs exactly when the two listings are
# equal. Give both runs the same OUTDIR (it is emptied first): messages name their paths.
#
#   Scripts/check-cli-outputs.sh /tmp/layerfx-before /tmp/cli-check > /tmp/before.txt
#   Scripts/check-cli-outputs.sh .build/debug/layerfx /tmp/cli-check > /tmp/after.txt
#   diff /tmp/before.txt /tmp/after.txt
#
# Covers stills, sequences, APNG, contact sheet, raw, chains, taps, keyframes, .metal sources
# (Shaders/), configs (apply, ripple, render, config check), overlays, timeline, and error cases
# with their exit codes and standard error. Run from the repository's root. The .metal commands
# need the shader worker: LAYERFX_SHADER_WORKER, else the one built beside the running script's
# .build/debug (swift build --product layerfx-shader-worker).
set -u

binary=$(realpath "${1:?usage: check-cli-outputs.sh LAYERFX OUTDIR}")
out=${2:?usage: check-cli-outputs.sh LAYERFX OUTDIR}
root=$(pwd)
export LAYERFX_SHADER_WORKER=${LAYERFX_SHADER_WORKER:-$root/.build/debug/layerfx-shader-worker}
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
cd "$out" || exit 1
ln -s "$root/Shaders" Shaders

cat > keys.json <<'EOF'
{"version": 1, "duration": 1, "keyframes": {"amplitude": [
  {"type": "move", "value": 12},
  {"type": "spring", "value": 4, "duration": 0.5, "springDuration": 0.5, "bounce": 0.3}]}}
EOF
cat > still.json <<'EOF'
{"version": 1, "input": "testcard:48x32",
 "effects": [{"kernel": "ripple", "amplitude": 9}, {"kernel": "grayscale"}],
 "triggers": [{"point": [20, 12], "time": 0}],
 "output": {"time": 0.25, "path": "cfg-still.png"}, "debug": {"overlays": ["origins"]}}
EOF
cat > anim.json <<'EOF'
{"version": 1, "input": "testcard:48x32", "effects": [{"kernel": "ripple", "amplitude": 6}],
 "triggers": [{"point": [24, 16], "time": 0}, {"point": [8, 8], "time": 0.1}],
 "output": {"fps": 10, "frames": 4, "path": "cfg-frames/"},
 "debug": {"maxSampleOffset": [7, 7], "checkBounds": true}}
EOF
cat > fill.json <<'EOF'
{"version": 1, "input": {"fill": "radialGradient", "pixels": [40, 30]},
 "output": {"time": 0, "path": "cfg-fill.png"}}
EOF
cat > keyed.json <<'EOF'
{"version": 1, "input": "testcard:48x32",
 "effects": [{"kernel": "ripple", "keyframes": {"amplitude": [
   {"type": "move", "value": 4}, {"type": "linear", "value": 14, "duration": 0.5}]}}],
 "output": {"fps": 10, "frames": 3, "format": "apng", "path": "cfg-keyed.apng"}}
EOF
cat > origin.json <<'EOF'
{"version": 1, "input": "testcard:48x32",
 "effects": [{"kernel": "ripple", "origin": [10, 8], "amplitude": 7, "duration": 0.8}],
 "output": {"fps": 10, "frames": 3, "path": "cfg-origin/"}}
EOF
cat > badrange.json <<'EOF'
{"version": 1, "input": "testcard:32x24", "effects": [{"kernel": "ripple"}],
 "output": {"fps": 10, "frames": 2, "path": "f/", "frameRange": "5.."}}
EOF
cat > metal.json <<'EOF'
{"version": 1, "input": "testcard:40x30",
 "effects": [{"kernel": "Shaders/DistortionEffects/Water.metal:Water", "amplitude": 3,
   "wavelength": 20, "frequency": 2}],
 "output": {"time": 0.2, "path": "cfg-metal.png"}, "debug": {"maxSampleOffset": [3, 3]}}
EOF

n=0
# run NAME ARGS...: runs the command, records its exit code, standard output and error.
run() {
  local name=$1
  shift
  n=$((n + 1))
  "$binary" "$@" > "$name.stdout" 2> "$name.stderr" < /dev/null
  local code=$?
  printf '%02d %s exit=%d\n' "$n" "$name" "$code"
}

T=testcard:48x32
run apply-still apply twirl $T --arg angle=2 -o apply-still.png
run apply-padded apply ripple $T --arg time=0.2 --padded -o apply-padded.png
run apply-time apply ripple $T --arg amplitude=10 --time 0.3 -o apply-time.png
run apply-seq apply ripple $T --fps 10 --frames 3 -o apply-seq/
run apply-chain apply $T --effect ripple:origin=20,10,amplitude=8 --effect grayscale \
  --time 0.3 -o apply-chain.png
run apply-chain-own apply $T --effect bulge:maxSampleOffset=4,4 --effect grayscale \
  -o apply-chain-own.png
run apply-taps apply $T --effect ripple --tap 10,10@0 --tap 30,20@0.1 --fps 10 --frames 4 \
  --duration 1 -o apply-taps.apng
run ripple-still ripple $T --time 0.2 --amplitude 8 -o ripple-still.png
run ripple-apng ripple $T --fps 10 --frames 4 -o ripple.apng
run ripple-sheet ripple $T --fps 10 --frames 4 --contact-sheet 2 -o ripple-sheet.png
run ripple-raw ripple $T --fps 10 --frames 3 -o -
run ripple-range ripple $T --fps 10 --frames 6 --frame-range 2..3 -o ripple-range/
run ripple-taps ripple $T --tap 10,10@0 --tap 30,20@0.2 --fps 10 --frames 4 -o ripple-taps/
run ripple-overlay ripple $T --overlay origins,displacement,bounds,tiles --time 0.3 \
  -o ripple-overlay.png
run ripple-keys ripple $T --keyframes keys.json --time 0.5 -o ripple-keys.png
run ripple-16 ripple $T --time 0.3 --bit-depth 16 --compression 1 -o ripple-16.png
run metal-distortion apply Shaders/DistortionEffects/Water.metal:Water $T --arg amplitude=4 \
  --arg wavelength=20 --arg frequency=2 --max-sample-offset 4,4 --time 0.2 -o metal-water.png
run metal-color apply Shaders/ColorEffects/Grayscale.metal:Grayscale $T --arg amount=0.7 \
  -o metal-gray.png
run metal-fill render Shaders/Fills/Checkerboard.metal:Checkerboard --size 40x30 \
  --arg squareSize=5 --arg firstColor=1,0,0,1 --arg secondColor=0,0,1,1 -o metal-fill.png
run render-still render radialGradient --size 40x30 --arg endRadius=20 -o render-still.png
run render-seq render radialGradient --size 40x30 --fps 10 --frames 2 --overlay tiles \
  --tile-size 16 -o render-seq/
run cfg-apply-still apply --config still.json
run cfg-apply-anim apply --config anim.json
run cfg-apply-override apply --config anim.json --max-sample-offset 2,2 --fps 5 --frames 2 \
  -o cfg-override/
run cfg-ripple ripple --config anim.json --amplitude 5 --fps 10 --frames 4 --contact-sheet 2 \
  -o cfg-ripple.png
run cfg-keyed apply --config keyed.json
run cfg-ripple-keyed ripple --config keyed.json --fps 10 --frames 2 -o cfg-ripple-keyed/
run cfg-ripple-origin ripple --config origin.json --decay 3
run cfg-check-ripple config check anim.json --for ripple
run err-cfg-ripple-chain ripple --config still.json
run cfg-render render --config fill.json
run cfg-metal apply --config metal.json
run cfg-check config check anim.json
run timeline timeline keys.json
run timeline-config timeline keyed.json --step 0.25
run err-bounds apply ripple $T --arg time=0.2 --max-sample-offset 0,0 --check-bounds \
  -o err-bounds.png
run err-chain-bounds ripple $T --fps 10 --frames 3 --max-sample-offset 1,1 --check-bounds \
  -o err-chain-bounds/
run err-no-output ripple $T --time 0.2
run err-config-range apply --config badrange.json
run err-metal-offset apply Shaders/DistortionEffects/Water.metal:Water $T --arg amplitude=4 \
  --arg wavelength=20 --arg frequency=2 --time 0.2 -o err-metal.png
run err-color-offset apply grayscale $T --max-sample-offset 2,2 -o err-color.png
run err-apng-16 ripple $T --fps 10 --frames 2 --bit-depth 16 -o err.apng
run err-tap apply grayscale $T --tap 1,1@0 --fps 10 --frames 2 -o err-tap/

# Every file each command wrote (and its standard output and error), by content.
echo "--- files"
find . -path ./Shaders -prune -o -type f -print | LC_ALL=C sort | while read -r file; do
  echo "$(sha256sum < "$file" | cut -c1-64) $file"
done
