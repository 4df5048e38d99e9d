#!/usr/bin/env bash
# Installs the Debian packages LayerFX needs: libpng (PNG I/O through libpng) and OpenMP
# (the C reference kernels the benchmarks hold the Swift engine against), zlib (the fdAT chunks
# of animated PNGs: libpng has no APNG API), Jansson (the config documents' JSON syntax and
# duplicate-key check, and the JSON writer), libseccomp (the shader worker's system-call filter),
# libmicrohttpd (the HTTP server of `layerfx tune --serve`), ISA-L (igzip: the PNG image data at
# the default compression level), binutils (GNU ld, which links a compiled `.metal` file with
# its code on pages of its own; the Swift toolchain needs binutils too).
# Idempotent.
set -euo pipefail
packages=(
  libpng-dev zlib1g-dev libomp-dev pkg-config libjansson-dev libseccomp-dev libmicrohttpd-dev
  libisal-dev binutils
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
