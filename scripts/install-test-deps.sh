#!/usr/bin/env bash
# Installs what the tests and the comparison scripts need, idempotently:
# Fairy-Stockfish (the reference engine) and pyffish (its Python bindings).
set -euo pipefail

apt_install() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if ((${#missing[@]})); then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

apt_install fairy-stockfish
python3 -c "import pyffish" 2>/dev/null || python3 -m pip install --quiet pyffish
# The independent FIDE Dutch checker the events API test runs on its TRF export.
python3 -c "import caissify_pairings" 2>/dev/null || python3 -m pip install --quiet caissify-pairings==0.5.0
