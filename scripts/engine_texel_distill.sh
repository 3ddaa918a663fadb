#!/bin/sh
# Tuning the evaluation on Fairy-Stockfish's own scores of many distinct positions
# ("distillation"): the quiet positions of Fairy-Stockfish's games against itself (the
# games of scripts/engine_texel_fsf.sh, played here unless their PGN files are already in
# $D), plus seeded random one-move children of some of them, each labelled with
# Fairy-Stockfish's score at a fixed depth (examples/fsf_label.rs), then tuned in groups
# with examples/texel_tune.rs against lambda * result + (1 - lambda) * expected(score),
# expected(cp) = 1 / (1 + 10^(-cp/400)). Every tenth game (and its children) is held out.
# The result is written to $D/tuned-distill.rs (not into the source tree): measure it
# against the weights in play with `shatar match` before adopting it (see
# crates/engine/README.md, "Parameters, tuning and calibration").
#
# Usage: [D=DIR] [GO="depth 8"] [CHILDREN=400] [LAMBDA=0] [START=tuned] [KEEP_TEMPO=1] \
#   [GROUPS="Tempo MatH,MatC …"] [METHOD=local|gradient] [FREEZE=Tempo] \
#   scripts/engine_texel_distill.sh [NODE_COUNTS] [SECONDS_PER_GROUP]
#   defaults: "2000 2500 3000 3500 4000" (the games: about 40 minutes on one core),
#   600 s per group. The labels take about 11 ms a position at depth 8 on one core
#   (105,680 positions: 19 minutes).
set -eu
cd "$(dirname "$0")/.."
NODE_COUNTS="${1:-2000 2500 3000 3500 4000}"
SECONDS_MAX="${2:-600}"
GO="${GO:-depth 8}"
CHILDREN="${CHILDREN:-400}"
LAMBDA="${LAMBDA:-0}"
FSF="${FSF:-/usr/games/fairy-stockfish}"
D="${D:-target/texel-distill}"
mkdir -p "$D"
cargo build --release -p shatar-engine-tools --example engine_match --example texel_data \
  --example texel_tune --example fsf_label
BIN="${CARGO_TARGET_DIR:-target}/release/examples"
PGNS=$(scripts/engine_fsf_selfplay.sh "$D" "$BIN" "$NODE_COUNTS" | tail -1)
# shellcheck disable=SC2086 # PGNS is a list of paths without spaces
"$BIN/texel_data" --pgn "$D/games-train.txt" "$D/games-valid.txt" $PGNS
# The held-out file first, so that no training position repeats a held-out one.
"$BIN/fsf_label" --fsf "$FSF" --go "$GO" --children "$CHILDREN" --seed 1 \
  "$D/games-valid.txt" "$D/valid.txt" "$D/games-train.txt" "$D/train.txt" 2> "$D/label.log"
tail -2 "$D/label.log"
# The groups in the order of engine_texel_fsf.sh, each from the weights of the group before,
# except that the tempo comes first: Fairy-Stockfish's scores give the side to move about
# 35 cp (White's-side mean 65 with White to move, -5 with Black), an offset that would
# otherwise leak into the other groups. K (the sigmoid's scale of our evaluation) is
# fitted once, to the starting weights.
START="${START:-tuned}"
START0="$START"
K=""
GROUPS="${GROUPS:-Tempo MatH,MatC,MatR,MatB \
  Psq Mob Doubled,Isolated,Backward,WeakUnopposed,WeakLever,Connected,Passed,Initiative \
  KingShield,KingDanger Threat,Hanging,RookOpen,RookSemi,Outpost}"
# METHOD=gradient: one run of texel_tune's gradient method over every weight at once
# (GROUPS="" for it, a minute or two) instead of the local search group by group.
# FREEZE: name prefixes of weights kept at their starting values in every group (e.g.
# FREEZE=Tempo, the tempo being set by match play; see the README).
METHOD="${METHOD:-local}"
[ "$METHOD" = gradient ] && GROUPS=all
for GROUP in $GROUPS; do
  PREFIXES="$GROUP"
  [ "$GROUP" = all ] && PREFIXES=""
  "$BIN/texel_tune" --data "$D/train.txt" --valid "$D/valid.txt" --start "$START" \
    --prefixes "$PREFIXES" --lambda "$LAMBDA" --seconds "$SECONDS_MAX" --method "$METHOD" \
    --out "$D/tuned-$GROUP.rs" ${K:+--k "$K"} --freeze "${FREEZE:-}" \
    2> "$D/tune-$GROUP.log"
  echo "$GROUP"
  grep -E "^K =|^kept|^round" "$D/tune-$GROUP.log"
  K="$(sed -n 's/^K = \([0-9.]*\),.*/\1/p' "$D/tune-$GROUP.log")"
  START="$D/tuned-$GROUP.rs"
done
cp "$START" "$D/tuned-distill.rs"
# KEEP_TEMPO=1: the tempo, tuned first only to absorb the side-to-move offset
# of the scores, goes back to its starting value in the result (the tuned 47 lost to the
# old 7 in self-play, see the README).
if [ "${KEEP_TEMPO:-0}" = 1 ]; then
  [ "$START0" = tuned ] && START0=crates/engine/src/eval/tuned.rs
  T0="$(sed -n 's/^ *\(-\{0,1\}[0-9]*\), \/\/ Tempo$/\1/p' "$START0")"
  sed -i "s/^ *-\{0,1\}[0-9]*, \/\/ Tempo\$/    $T0, \/\/ Tempo/" "$D/tuned-distill.rs"
fi
echo "written $D/tuned-distill.rs"
