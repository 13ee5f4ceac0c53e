#!/usr/bin/env bash
# Builds Laager for the browser and writes a static site to web/dist/:
# index.html, laager_bg.wasm, laager.js (wasm-bindgen's glue), the icons and the manifest.
# Serve it with: python3 -m http.server -d web/dist
#
# Needs: rustup's wasm32-unknown-unknown target, clang (rusqlite's SQLite is compiled for
# wasm32 by sqlite-wasm-rs), and wasm-bindgen-cli at the exact version of the wasm-bindgen
# crate in Cargo.lock (installed here with cargo install if missing). wasm-opt is used
# when a new enough one is on PATH (see below); without it the build still works.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target_dir=${CARGO_TARGET_DIR:-$root/target}
dist=$root/web/dist
start=$(date +%s)

rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
command -v clang >/dev/null || { echo "web/build.sh: clang is missing (apt-get install clang)" >&2; exit 1; }

# wasm-bindgen-cli must match the wasm-bindgen crate the app links, exactly.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$want" ] || { echo "web/build.sh: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
    echo "web/build.sh: installing wasm-bindgen-cli $want (found: ${have:-none})"
    # --locked pins its dependencies as released; a registry mirror missing one of those
    # exact versions makes that fail, and then the newest compatible ones are taken.
    cargo install --locked wasm-bindgen-cli --version "$want" \
        || cargo install wasm-bindgen-cli --version "$want"
    have=$(wasm-bindgen --version | awk '{print $2}')
    [ "$have" = "$want" ] || { echo "web/build.sh: wasm-bindgen $have, want $want" >&2; exit 1; }
fi

cargo build --profile web --target wasm32-unknown-unknown --bin laager
built=$(date +%s)

rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --out-dir "$dist" --out-name laager \
    "$target_dir/wasm32-unknown-unknown/web/laager.wasm"
# wasm-opt (binaryen) shrinks the wasm by about a seventh, but Debian bookworm's binaryen
# 108 breaks the externref table wasm-bindgen makes (the page then fails with
# "WebAssembly.Table.set(): Argument 1 is invalid for table"). Only binaryen 116 or newer
# is used; that bound is a guess, not tested here. LAAGER_WASM_OPT=0 skips it.
opt_version=$(wasm-opt --version 2>/dev/null | awk '{print $3}' || true)
if [ -n "$opt_version" ] && [ "$opt_version" -ge 116 ] 2>/dev/null && [ "${LAAGER_WASM_OPT:-1}" != 0 ]; then
    wasm-opt -Os --all-features "$dist/laager_bg.wasm" -o "$dist/laager_bg.opt.wasm"
    mv "$dist/laager_bg.opt.wasm" "$dist/laager_bg.wasm"
else
    echo "web/build.sh: not running wasm-opt (${opt_version:+binaryen $opt_version is too old; }needs binaryen 116 or newer)"
fi
cp web/index.html web/manifest.webmanifest "$dist/"
python3 web/icon.py "$dist"

raw=$(wc -c < "$dist/laager_bg.wasm")
gz=$(gzip -9 -c "$dist/laager_bg.wasm" | wc -c)
end=$(date +%s)
echo "web/build.sh: web/dist/ written in $((end - start)) s (cargo $((built - start)) s)"
echo "web/build.sh: laager_bg.wasm $raw bytes, gzip -9 $gz bytes"
