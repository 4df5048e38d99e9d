#!/usr/bin/env bash
# Renders every built-in kernel on one photo, and every fill on its own, into a labelled contact
# sheet: Documentation/Catalogue.png (shown in README.md beside the kernels table).
#
# Usage: Scripts/make-catalogue.sh [PHOTO.png] [OUT.png]
#   PHOTO defaults to the shared test data's photos/coffee.png (scikit-image, CC0), found as the
#   tests find it ($LAYERFX_TESTDATA, or the first shared/testdata above the clone).
#
# The kernels come from `layerfx list`, so kernels added later appear with no edit here. Each
# runs at its defaults (a centre or the ripple's tap at the photo's centre, a view size the
# photo's, as the CLI supplies them: Documentation/Semantics.md §1.2), and a `time` parameter
# 0.25 s, so time-driven effects show something. Labels are drawn with Pillow
# (Debian's python3-pil, installed when missing). Debug build by default; CONFIG=release for
# speed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
config=${CONFIG:-debug}

find_testdata() {
  if [[ -n "${LAYERFX_TESTDATA:-}" ]]; then echo "$LAYERFX_TESTDATA"; return; fi
  local dir
  dir=$(dirname "$root")
  while [[ "$dir" != "/" ]]; do
    if [[ -d "$dir/shared/testdata" ]]; then echo "$dir/shared/testdata"; return; fi
    dir=$(dirname "$dir")
  done
  echo "make-catalogue: shared test data not found; give PHOTO.png" >&2
  exit 66
}

photo=${1:-}
if [[ -z "$photo" ]]; then photo="$(find_testdata)/photos/coffee.png"; fi
out=${2:-$root/Documentation/Catalogue.png}

if ! python3 -c 'import PIL' 2>/dev/null; then
  echo "make-catalogue: installing python3-pil (Debian) for the labels" >&2
  apt-get install -y python3-pil >&2
fi

swift build -c "$config" --package-path "$root" --product layerfx >&2
bin="$root/.build/$config/layerfx"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The photo's size, pixels (the fills' size): "size: 600 × 400 pixels".
read -r width height < <("$bin" info "$photo" | sed -n 's/^size: \([0-9]*\) × \([0-9]*\) pixels$/\1 \2/p')

# One line per kernel: NAME (KIND effect): summary; its parameters follow, indented.
"$bin" list > "$work/list.txt"
: > "$work/tiles.txt"
current=""
kind=""
args=()
flush() {
  [[ -z "$current" ]] && return
  local tile="$work/$current.png"
  if [[ "$kind" == "fill" ]]; then
    "$bin" render "$current" --size "${width}x${height}" ${args[@]+"${args[@]}"} -o "$tile"
  else
    "$bin" apply "$current" "$photo" ${args[@]+"${args[@]}"} -o "$tile"
  fi
  printf '%s\t%s\t%s\n' "$current" "$kind" "$tile" >> "$work/tiles.txt"
  echo "make-catalogue: $current ($kind)" >&2
}
while IFS= read -r line; do
  if [[ "$line" != " "* ]]; then
    flush
    current=${line%% *}
    kind=$(sed 's/^[^(]*(\([a-z]*\).*/\1/' <<< "$line")
    args=()
    continue
  fi
  parameter=$(sed 's/^ *\([A-Za-z0-9_]*\): .*/\1/' <<< "$line")
  if [[ "$parameter" == "time" ]]; then
    args+=(--arg "time=0.25")
  fi
done < "$work/list.txt"
flush

mkdir -p "$(dirname "$out")"
python3 - "$work/tiles.txt" "$photo" "$out" <<'PY'
import sys
from PIL import Image, ImageDraw, ImageFont

tiles_file, photo, out = sys.argv[1:]
rows = [line.rstrip("\n").split("\t") for line in open(tiles_file) if line.strip()]
# The photo itself first, then the effects, then the fills.
tiles = [("input", "photo", photo)]
tiles += [r for r in rows if r[1] != "fill"] + [r for r in rows if r[1] == "fill"]
columns = 4
thumb_w = 300
font = ImageFont.load_default()
first = Image.open(photo)
thumb_h = round(first.height * thumb_w / first.width)
label_h = 22
pad = 8
sheet_rows = (len(tiles) + columns - 1) // columns
sheet = Image.new(
    "RGB",
    (pad + columns * (thumb_w + pad), pad + sheet_rows * (thumb_h + label_h + pad)),
    (250, 250, 250),
)
draw = ImageDraw.Draw(sheet)
for index, (name, kind, path) in enumerate(tiles):
    image = Image.open(path).convert("RGBA")
    # Transparent parts over white, as a page shows them.
    backed = Image.new("RGBA", image.size, (255, 255, 255, 255))
    backed.alpha_composite(image)
    thumb = backed.convert("RGB").resize((thumb_w, thumb_h), Image.LANCZOS)
    x = pad + (index % columns) * (thumb_w + pad)
    y = pad + (index // columns) * (thumb_h + label_h + pad)
    sheet.paste(thumb, (x, y))
    draw.text((x + 2, y + thumb_h + 5), f"{name} ({kind})", fill=(20, 20, 20), font=font)
sheet.save(out, optimize=True)
print(f"make-catalogue: wrote {out}: {len(tiles)} tiles", file=sys.stderr)
PY
