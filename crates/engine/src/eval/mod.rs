//! Static evaluation: tapered material and piece-square tables, mobility, pawn structure,
//! passed pawns, king danger (Stockfish 11's: attackers of the king ring, weak ring
//! squares, safe and unsafe checks), threats (Stockfish 11's: men attacked by pawns,
//! lesser pieces or the king, hanging men, restricted squares, pawn-push threats, threats
//! against the bers), space (Stockfish 11's), piece placement (Stockfish 11's), the
//! initiative (Stockfish 11's, on the sum of the terms), and the draws this game has (a
//! side that cannot give a mate that counts cannot win).
//!
//! Scores are centipawns from the side to move's point of view. Each term is a pair of
//! middlegame and endgame values blended by the phase (the non-pawn material left), the
//! usual tapered evaluation.

mod initiative;
mod king;
mod material;
mod mobility;
pub mod params;
mod passed;
mod pawn_table;
mod pawns;
mod pieces;
mod space;
mod step_back;
mod threats;
mod tuned;

pub use material::{PHASE_TOTAL, piece_value, psqt_index};
pub use params::{Params, TUNED};
pub use pawn_table::{PawnInfo, PawnTable};
pub use pawns::is_passed;

use shatar_rules::outcome;
use shatar_rules::ruleset::BareKing;
use shatar_rules::{Color, Position, Role};
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A middlegame/endgame pair of centipawn values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

/// Shorthand for a [`Score`].
pub const fn s(mg: i32, eg: i32) -> Score {
    Score { mg, eg }
}

impl Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}
impl Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}
impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        s(-self.mg, -self.eg)
    }
}
impl AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        *self = *self + o;
    }
}
impl SubAssign for Score {
    fn sub_assign(&mut self, o: Score) {
        *self = *self - o;
    }
}
impl Score {
    /// Scaled by an integer.
    pub const fn times(self, k: i32) -> Score {
        s(self.mg * k, self.eg * k)
    }
}

/// The game phase, `0` (bare endgame) to [`PHASE_TOTAL`] (all pieces on the board).
pub fn phase(pos: &Position) -> i32 {
    let b = pos.board();
    let p = |role: Role| b.by_role(role).count() as i32 * material::phase_weight(role);
    (p(Role::Horse) + p(Role::Camel) + p(Role::Rook) + p(Role::Bers)).min(PHASE_TOTAL)
}

/// The evaluation of `pos` in centipawns for the side to move.
///
/// ```
/// use shatar_rules::{Position, Ruleset};
/// let start = Position::start(Ruleset::OFFICIAL);
/// // The start position is symmetric: only the tempo bonus is left.
/// use shatar_engine::eval::{TUNED, params::P};
/// assert_eq!(shatar_engine::eval::evaluate(&start), TUNED[P::Tempo as usize]);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_in_play(pos, |view| PawnInfo::compute(&TUNED, view))
}

/// The evaluation of `pos`, the same as [`evaluate`], with the pawn information looked
/// up in (or stored into) `pawns`: the search's evaluation.
pub fn evaluate_cached(pos: &Position, pawns: &mut PawnTable) -> i32 {
    evaluate_in_play(pos, |view| pawns.probe(view))
}

/// The evaluation with the weights in play, whose pawn information of a position is
/// `pawns`.
fn evaluate_in_play(pos: &Position, pawns: impl FnOnce(&Position) -> PawnInfo) -> i32 {
    let table = material::in_play(pos.ruleset().bers);
    let split = step_back::split(&TUNED, pos);
    let (view, extra) = step_back::view(pos, split.as_ref());
    evaluate_from(
        &TUNED,
        |us| table.score(view, us),
        pawns(view),
        view,
        pos,
        extra,
    )
}

/// The evaluation of `pos` with the weights `p` (for tuning).
pub fn evaluate_with(p: &Params, pos: &Position) -> i32 {
    let split = step_back::split(p, pos);
    let (view, extra) = step_back::view(pos, split.as_ref());
    let pawns = PawnInfo::compute(p, view);
    evaluate_from(
        p,
        |us| material::material_and_psqt(p, view, us),
        pawns,
        view,
        pos,
        extra,
    )
}

/// The evaluation with the weights `p` of the position `whole`, whose terms are read on
/// `view` (the whole position, or under a step-back ruleset the position without its
/// returning pawns), with `extra` (White's minus Black's) for what the view leaves out.
/// A side's material and piece-square part is `material` (looked up for the weights in
/// play, worked out when tuning) and the view's pawn information is `pawns`. The draw
/// knowledge reads the whole position: a returning pawn can still make a mate.
fn evaluate_from(
    p: &Params,
    material: impl Fn(Color) -> Score,
    pawns: PawnInfo,
    view: &Position,
    whole: &Position,
    extra: Score,
) -> i32 {
    let pos = view;
    let map = threats::AttackMap::new(pos);
    // Mobility first: each king's danger counts the enemy's mobility less its own.
    let mob = [
        mobility::mobility(p, pos, Color::White, &map),
        mobility::mobility(p, pos, Color::Black, &map),
    ];
    // The passed pawns once: their own term and the initiative both count them.
    let passers = pawns.passers;
    let white = material(Color::White) + side(p, pos, Color::White, &map, mob, passers)
        - material(Color::Black)
        - side(p, pos, Color::Black, &map, mob, passers)
        + pawns.structure
        + extra;
    let passed_count = (passers[0] | passers[1]).count();
    let white = white + initiative::initiative(p, pos, passed_count, white);
    let ph = phase(whole);
    let eg = white.eg * endgame_scale(p, whole, white.eg) / SCALE_NORMAL;
    let mut v = (white.mg * ph + eg * (PHASE_TOTAL - ph)) / PHASE_TOTAL;
    v = scale_for_draws(whole, v);
    let stm = if whole.turn() == Color::White { v } else { -v };
    stm + params::get(p, params::P::Tempo)
}

/// Everything but material and the pawn structure that belongs to one side.
fn side(
    p: &Params,
    pos: &Position,
    us: Color,
    map: &threats::AttackMap,
    mob: [Score; 2],
    passers: [shatar_rules::Bitboard; 2],
) -> Score {
    let (ours, theirs) = (mob[us.index()], mob[(!us).index()]);
    ours + passed::passed(p, pos, us, map, passers[us.index()])
        + king::king_safety(p, pos, us, map, theirs.mg - ours.mg)
        + threats::threats(p, pos, us, map)
        + pieces::pieces(p, pos, us, map)
        + space::space(p, pos, us, map)
}

/// The squares named in `list` (`"e1 e2 f2"`): the hand-worked sets of the terms' tests.
#[cfg(test)]
pub(crate) fn squares(list: &str) -> shatar_rules::Bitboard {
    let mut b = shatar_rules::Bitboard::EMPTY;
    for name in list.split_whitespace() {
        b.add(name.parse().unwrap());
    }
    b
}

/// Positions from seeded random games (the tuning's xorshift generator): 40 games of up
/// to 60 plies in each of the official, fsf and traditional rulesets, every position
/// after each move. The terms' tests check their invariants on them.
#[cfg(test)]
pub(crate) fn random_positions() -> Vec<Position> {
    use shatar_rules::Ruleset;
    let mut rng = crate::rng::Xorshift::new(1);
    let mut out = Vec::new();
    for r in [Ruleset::OFFICIAL, Ruleset::FSF, Ruleset::TRADITIONAL] {
        for _ in 0..40 {
            let mut pos = Position::start(r);
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
                out.push(pos.clone());
            }
        }
    }
    out
}

/// Endgame knowledge: a side that can give no mate that counts cannot win (docs/rules.md §3–4),
/// and under the bare-king rule a side that would have to take the last man to win wins
/// nothing by taking it.
fn scale_for_draws(pos: &Position, v: i32) -> i32 {
    if v == 0 {
        return 0;
    }
    let strong = if v > 0 { Color::White } else { Color::Black };
    match known_draw_divisor(pos, strong) {
        Some(d) => v / d,
        None => v,
    }
}

/// The divisor the draw knowledge of [`scale_for_draws`] applies to the score of `strong`,
/// if it knows this ending.
fn known_draw_divisor(pos: &Position, strong: Color) -> Option<i32> {
    if !outcome::can_mate(pos, strong) {
        return Some(16);
    }
    if pos.ruleset().bare_king == BareKing::Draw {
        // The weak side with a single man left: capturing it draws, so the strong side
        // must mate around it, which is much harder than it looks on material.
        if pos.board().non_king(!strong).count() == 1 {
            return Some(2);
        }
    }
    None
}

/// Stockfish's `SCALE_FACTOR_NORMAL`: the endgame scale is in 64ths.
const SCALE_NORMAL: i32 = 64;

/// Stockfish 11's `Evaluation::scale_factor` heuristics, in 64ths of the endgame value
/// `eg` (White's side), for endings the draw knowledge of [`scale_for_draws`] does not
/// know (Stockfish applies them only where its material endgames set no factor): with
/// one camel each on squares of opposite colours and no other pieces,
/// `PieceScaleOppositeCamels` (Stockfish's 22); otherwise `PieceScaleBase` (36) plus, for
/// each pawn of the side ahead, `PieceScalePawn` (7) or, with opposite camels among other
/// pieces, `PieceScalePawnOppositeCamels` (2), at most 64: few pawns make a lead hard to
/// convert (the values in brackets are the starting ones).
fn endgame_scale(p: &Params, pos: &Position, eg: i32) -> i32 {
    use params::{P, get};
    let strong = if eg > 0 { Color::White } else { Color::Black };
    if eg == 0 || known_draw_divisor(pos, strong).is_some() {
        return SCALE_NORMAL;
    }
    let b = pos.board();
    let camels = |c: Color| b.pieces(c, Role::Camel).single();
    let opposite = match (camels(Color::White), camels(Color::Black)) {
        (Some(w), Some(k)) => w.is_light() != k.is_light(),
        _ => false,
    };
    let others = b.by_role(Role::Horse) | b.by_role(Role::Rook) | b.by_role(Role::Bers);
    let sf = if opposite && others.is_empty() {
        get(p, P::PieceScaleOppositeCamels)
    } else {
        let per_pawn = if opposite {
            get(p, P::PieceScalePawnOppositeCamels)
        } else {
            get(p, P::PieceScalePawn)
        };
        get(p, P::PieceScaleBase) + per_pawn * b.pieces(strong, Role::Pawn).count() as i32
    };
    sf.clamp(0, SCALE_NORMAL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn symmetric_positions_score_only_tempo() {
        for r in [Ruleset::OFFICIAL, Ruleset::FSF, Ruleset::TRADITIONAL] {
            let pos = Position::start(r);
            assert_eq!(evaluate(&pos), params::get(&TUNED, params::P::Tempo));
        }
    }

    #[test]
    fn extra_rook_is_good_for_its_owner() {
        let pos = fen::read(
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        assert!(evaluate(&pos) > 300);
        let pos = fen::read(
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 b - - 0 1",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        assert!(evaluate(&pos) < -300);
    }

    /// The colour mirror of a FEN: ranks reversed, colours swapped, the other side to move.
    fn mirror_fen(text: &str) -> String {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let placement: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        format!(
            "{} {turn} - - {} {}",
            placement.join("/"),
            fields[4],
            fields[5]
        )
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        // The evaluation of a position equals that of its colour mirror (each for its side
        // to move): no term may favour one colour.
        let mut checked = 0;
        for pos in random_positions() {
            let text = fen::write(&pos);
            let mirrored = fen::read(&mirror_fen(&text), *pos.ruleset()).unwrap();
            assert_eq!(
                evaluate(&pos),
                evaluate(&mirrored),
                "{text} against {}",
                fen::write(&mirrored)
            );
            checked += 1;
        }
        assert!(checked > 7000, "{checked} positions");
    }

    #[test]
    fn the_tables_in_play_equal_the_formulas() {
        // `evaluate` looks material and piece-square values up; `evaluate_with` works them
        // out from the weights. With the weights in play both must agree everywhere.
        for pos in random_positions() {
            assert_eq!(
                evaluate(&pos),
                evaluate_with(&TUNED, &pos),
                "{}",
                fen::write(&pos)
            );
        }
    }

    #[test]
    fn mirror_of_a_known_position() {
        assert_eq!(
            mirror_fen("4k3/p7/4P3/8/8/8/8/R3K3 w - - 3 40"),
            "r3k3/8/8/8/8/4p3/P7/4K3 b - - 3 40"
        );
    }

    #[test]
    fn endgame_scale_of_stockfish_11() {
        let p = &params::HAND;
        let scale = |text: &str, ruleset: Ruleset, eg: i32| {
            endgame_scale(p, &fen::read(text, ruleset).unwrap(), eg)
        };
        // Official. White: king g1, camel c1 (dark), pawns a2 b3. Black: king g8, camel
        // c8 (light), pawn h7. Opposite camels and nothing else: 22 whoever is ahead.
        let text = "2b3k1/7p/8/8/8/1P6/P7/2B3K1 w - - 0 1";
        assert_eq!(scale(text, Ruleset::OFFICIAL, 100), 22);
        assert_eq!(scale(text, Ruleset::OFFICIAL, -100), 22);
        // The black camel on f8 (dark): the same colour. White ahead with two pawns:
        // 36 + 7 · 2 = 50; Black ahead with one: 36 + 7 = 43.
        let text = "5bk1/7p/8/8/8/1P6/P7/2B3K1 w - - 0 1";
        assert_eq!(scale(text, Ruleset::OFFICIAL, 100), 50);
        assert_eq!(scale(text, Ruleset::OFFICIAL, -100), 43);
        // Opposite camels and a rook each: 36 + 2 · 2 = 40 for White.
        let text = "2b2rk1/7p/8/8/8/1P6/P7/2B2RK1 w - - 0 1";
        assert_eq!(scale(text, Ruleset::OFFICIAL, 100), 40);
        // Five pawns: 36 + 35 = 71, at most 64.
        let text = "5bk1/7p/8/8/8/1P6/PPPP4/2B3K1 w - - 0 1";
        assert_eq!(scale(text, Ruleset::OFFICIAL, 100), 64);
        // A rook against a horse, no pawns: 36 in official; in fsf the bare-king rule
        // (the horse is Black's last man) is the draw knowledge's, which halves the score
        // itself: 64 here.
        let text = "6k1/8/8/8/8/8/5n2/R5K1 w - - 0 1";
        assert_eq!(scale(text, Ruleset::OFFICIAL, 100), 36);
        assert_eq!(scale(text, Ruleset::FSF, 100), 64);
    }

    #[test]
    fn lone_horse_cannot_win_where_horse_mate_is_void() {
        // K+N v K: no mate at all; the evaluation must not claim a win. The tempo bonus
        // is added to every position after the draw scaling, so it is left out here.
        let pos = fen::read("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", Ruleset::TRADITIONAL).unwrap();
        assert!(evaluate(&pos) - params::get(&TUNED, params::P::Tempo) < 50);
    }
}
