#!/bin/sh
# Texel tuning on games of Fairy-Stockfish against itself, reproducibly: play the games with
# the match runner from the shipped openings of the fsf and official rulesets at several
# node counts (Fairy-Stockfish is deterministic at a fixed node count, so each count gives
# other games from the same openings), extract their quiet positions with the results
# (every tenth game held out for validation), then tune the weights in groups, each group
# starting from the weights of the group before, and rewrite
# crates/engine/src/eval/tuned.rs. Everything else is kept out of git under
# target/texel-fsf/. Measure the new table against the old one with `shatar match` before
# committing (see crates/engine/README.md).
#
# Usage: [START=FILE] scripts/engine_texel_fsf.sh [NODE_COUNTS] [SECONDS_PER_GROUP] [L2]
#   defaults: "2000 2500 3000 3500 4000" (200 games per ruleset and count: 2000
#   games, 1000 distinct since the two colours of an opening give the same game, about
#   40 minutes on one core), 900 s per group, L2 0, starting from the weights in play
#   (START=tuned). The table in play was made with these defaults from the table before
#   it: git show 31b198c:crates/engine/src/eval/tuned.rs > start.rs; START=start.rs …
set -eu
cd "$(dirname "$0")/.."
NODE_COUNTS="${1:-2000 2500 3000 3500 4000}"
SECONDS_MAX="${2:-900}"
L2="${3:-0}"
D=target/texel-fsf
mkdir -p "$D"
cargo build --release -p shatar-engine-tools --example engine_match --example texel_data \
  --example texel_tune
BIN="${CARGO_TARGET_DIR:-target}/release/examples"
PGNS=$(scripts/engine_fsf_selfplay.sh "$D" "$BIN" "$NODE_COUNTS" | tail -1)
# shellcheck disable=SC2086 # PGNS is a list of paths without spaces
"$BIN/texel_data" --pgn "$D/positions.txt" "$D/valid.txt" $PGNS
# The groups, in order: material, then the untuned terms.
# K (the sigmoid's scale) is fitted once, to the weights in play, and kept for every group.
START="${START:-tuned}"
K=""
for GROUP in MatH,MatC,MatR,MatB \
  PawnRank,PawnCentre,HorseCentre,HorseOffset,Camel,RookSeventh,RookCentre,BersQueen,BersWeak,KingFirst,KingSecond,KingAdvance,KingCentre,KingOffset \
  Mob Doubled,Isolated,Backward,WeakUnopposed,WeakLever,Connected,Passed \
  KingShield,KingDanger Threat,Hanging,RookOpen,RookSemi,Outpost Tempo; do
  "$BIN/texel_tune" --data "$D/positions.txt" --valid "$D/valid.txt" --start "$START" \
    --prefixes "$GROUP" --l2 "$L2" --seconds "$SECONDS_MAX" --out "$D/tuned-$GROUP.rs" \
    ${K:+--k "$K"} 2> "$D/tune-$GROUP.log"
  grep -E "^K =|^kept" "$D/tune-$GROUP.log"
  K="$(sed -n 's/^K = \([0-9.]*\),.*/\1/p' "$D/tune-$GROUP.log")"
  START="$D/tuned-$GROUP.rs"
done
cp "$START" crates/engine/src/eval/tuned.rs
