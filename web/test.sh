#!/usr/bin/env bash
# Tests the browser build in headless Chromium: builds web/dist/ (web/build.sh; cargo makes
# a rebuild with nothing changed quick), serves it on 127.0.0.1 and drives Chromium over
# the DevTools protocol (web/test.py). Screenshots go to web/screenshots/.
#
# Needs: chromium (apt-get install chromium), python3, and websocket-client from PyPI,
# installed here into a venv of its own (LAAGER_WEB_VENV, default ~/.cache/laager/web-venv).
# LAAGER_WEB_REUSE=1 tests the web/dist/ already built instead of building. The game the
# page downloads is opened with the native `laager records`: LAAGER_BIN, or else the CLI
# built here (`cargo build --no-default-features`, in the same target directory).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

if [ "${LAAGER_WEB_REUSE:-}" != 1 ] || [ ! -f web/dist/laager_bg.wasm ]; then
    web/build.sh
fi
if [ -z "${LAAGER_BIN:-}" ]; then
    cargo build --quiet --no-default-features --bin laager
    LAAGER_BIN=${CARGO_TARGET_DIR:-$PWD/target}/debug/laager
fi
export LAAGER_BIN
command -v chromium >/dev/null || { echo "web/test.sh: chromium is missing (apt-get install chromium)" >&2; exit 1; }

venv=${LAAGER_WEB_VENV:-$HOME/.cache/laager/web-venv}
if ! "$venv/bin/python" -c 'import websocket, sys; sys.exit(websocket.__version__ != "1.9.2")' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check websocket-client==1.9.2
fi

"$venv/bin/python" web/test.py
echo "web/test.sh: done in $(( $(date +%s) - start )) s"
