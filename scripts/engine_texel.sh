#!/bin/sh
# Texel tuning of the evaluation, reproducibly: regenerate the self-play positions (kept
# out of git under target/texel/), then tune the weights from the hand-set ones and rewrite
# crates/engine/src/eval/tuned.rs. Rebuild and measure the tuned engine against the
# untuned one with `shatar match` before committing (see crates/engine/README.md).
#
# Usage: scripts/engine_texel.sh [GAMES_PER_RULESET] [NODES] [SEED] [MAX_SECONDS] [PREFIXES]
#   defaults: 300 games per ruleset (fsf and official) at 2000 nodes a move, seed 1,
#   600 s of tuning, the material of the men (not the pawn, which stays the unit):
#   MatH,MatC,MatR,MatB — the weights in play were made with these defaults. PREFIXES
#   "" tunes all weights (measured worse, see the README). Tuning on games of
#   Fairy-Stockfish against itself: scripts/engine_texel_fsf.sh.
set -eu
cd "$(dirname "$0")/.."
GAMES="${1:-300}"
NODES="${2:-2000}"
SEED="${3:-1}"
SECONDS_MAX="${4:-600}"
PREFIXES="${5-MatH,MatC,MatR,MatB}"
mkdir -p target/texel
cargo run --release -p shatar-engine-tools --example texel_data -- \
  target/texel/positions.txt "$GAMES" "$NODES" "$SEED" 2> target/texel/data.log
tail -1 target/texel/data.log
cargo run --release -p shatar-engine-tools --example texel_tune -- \
  --data target/texel/positions.txt --out crates/engine/src/eval/tuned.rs \
  --seconds "$SECONDS_MAX" --prefixes "$PREFIXES"
