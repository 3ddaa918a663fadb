#!/bin/sh
# Tuning the whole evaluation on Fairy-Stockfish's static evaluation (its `eval` command)
# of the distillation positions: the positions of scripts/engine_texel_distill.sh
# ($D/valid.txt and $D/train.txt, made there unless present), labelled again with
# `fsf_label --go eval` (a few seconds), then every weight but the pawn's material (the
# unit) tuned at once by examples/texel_tune.rs --method gradient against
# expected(eval) = 1 / (1 + 10^(-eval/400)), K fitted to the starting weights. Our
# evaluation follows Stockfish 11's term by term; this fits its weights to the function
# Fairy-Stockfish plays with rather than to the scores of its search.
# The result is written to $D/tuned-static.rs (not into the source tree): measure it with
# `shatar match` before adopting it (see crates/engine/README.md).
#
# Usage: [D=DIR] [START=tuned] [ITERATIONS=2000] [RATE=0.1] scripts/engine_texel_static.sh
set -eu
cd "$(dirname "$0")/.."
D="${D:-target/texel-distill}"
FSF="${FSF:-/usr/games/fairy-stockfish}"
START="${START:-tuned}"
if [ ! -f "$D/valid.txt" ] || [ ! -f "$D/train.txt" ]; then
  D="$D" scripts/engine_texel_distill.sh
fi
cargo build --release -p shatar-engine-tools --example texel_tune --example fsf_label
BIN="${CARGO_TARGET_DIR:-target}/release/examples"
"$BIN/fsf_label" --fsf "$FSF" --go eval \
  "$D/valid.txt" "$D/static-valid.txt" "$D/train.txt" "$D/static-train.txt" 2> "$D/static-label.log"
tail -2 "$D/static-label.log"
# Every weight but MatPawnMg and MatPawnEg, the unit the others are counted in.
PREFIXES="$(sed -n 's/^ *-\{0,1\}[0-9]*, \/\/ \(.*\)$/\1/p' crates/engine/src/eval/tuned.rs |
  grep -v '^MatPawn' | paste -sd, -)"
"$BIN/texel_tune" --data "$D/static-train.txt" --valid "$D/static-valid.txt" \
  --start "$START" --prefixes "$PREFIXES" --lambda 0 --method gradient \
  --iterations "${ITERATIONS:-2000}" --rate "${RATE:-0.1}" --rounds 2 \
  --out "$D/tuned-static.rs" 2> "$D/tune-static.log"
grep -E "^K =|^round" "$D/tune-static.log"
echo "written $D/tuned-static.rs"
