//! Static evaluation: tapered material and piece-square tables, mobility, pawn structure,
//! passed pawns, king danger (Stockfish 11's: attackers of the king ring, weak ring
//! squares, safe and unsafe checks), threats (Stockfish 11's: men attacked by pawns,
//! lesser pieces or the king, hanging men, restricted squares, pawn-push threats, threats
//! against the bers), space (Stockfish 11's), rooks on open files, horse outposts, and the
//! draws this game has (a side that cannot give a mate that counts cannot win).
//!
//! Scores are centipawns from the side to move's point of view. Each term is a pair of
//! middlegame and endgame values blended by the phase (the non-pawn material left), the
//! usual tapered evaluation.

mod king;
mod material;
mod mobility;
pub mod params;
mod pawns;
mod pieces;
mod space;
mod threats;
mod tuned;

pub use material::{PHASE_TOTAL, piece_value};
pub use params::{Params, TUNED};
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
/// assert!(shatar_engine::eval::evaluate(&start).abs() < 50);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let table = material::in_play(pos.ruleset().bers);
    evaluate_from(&TUNED, |us| table.score(pos, us), pos)
}

/// The evaluation of `pos` with the weights `p` (for tuning).
pub fn evaluate_with(p: &Params, pos: &Position) -> i32 {
    evaluate_from(p, |us| material::material_and_psqt(p, pos, us), pos)
}

/// The evaluation with the weights `p`, whose material and piece-square part of a side
/// is `material` (looked up for the weights in play, worked out when tuning).
fn evaluate_from(p: &Params, material: impl Fn(Color) -> Score, pos: &Position) -> i32 {
    let map = threats::AttackMap::new(pos);
    // Mobility first: each king's danger counts the enemy's mobility less its own.
    let mob = [
        mobility::mobility(p, pos, Color::White, &map),
        mobility::mobility(p, pos, Color::Black, &map),
    ];
    let white = material(Color::White) + side(p, pos, Color::White, &map, mob)
        - material(Color::Black)
        - side(p, pos, Color::Black, &map, mob);
    let ph = phase(pos);
    let mut v = (white.mg * ph + white.eg * (PHASE_TOTAL - ph)) / PHASE_TOTAL;
    v = scale_for_draws(pos, v);
    let stm = if pos.turn() == Color::White { v } else { -v };
    stm + params::get(p, params::P::Tempo)
}

/// Everything but material that belongs to one side.
fn side(p: &Params, pos: &Position, us: Color, map: &threats::AttackMap, mob: [Score; 2]) -> Score {
    let (ours, theirs) = (mob[us.index()], mob[(!us).index()]);
    ours + pawns::pawn_structure(p, pos, us)
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

/// Endgame knowledge: a side that can give no mate that counts cannot win (rules.md §3–4),
/// and under the bare-king rule a side that would have to take the last man to win wins
/// nothing by taking it.
fn scale_for_draws(pos: &Position, v: i32) -> i32 {
    let strong = if v > 0 { Color::White } else { Color::Black };
    if v == 0 {
        return 0;
    }
    if !outcome::can_mate(pos, strong) {
        return v / 16;
    }
    let b = pos.board();
    if pos.ruleset().bare_king == BareKing::Draw {
        // The weak side with a single man left: capturing it draws, so the strong side
        // must mate around it, which is much harder than it looks on material.
        let weak_men = b.non_king(!strong).count();
        if weak_men == 1 {
            return v / 2;
        }
    }
    v
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

    /// Positions from seeded random games (a xorshift generator), every ruleset.
    fn random_positions() -> Vec<Position> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut out = Vec::new();
        for r in [Ruleset::OFFICIAL, Ruleset::FSF, Ruleset::TRADITIONAL] {
            for _ in 0..40 {
                let mut pos = Position::start(r);
                for _ in 0..60 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let m = moves[(state % moves.len() as u64) as usize];
                    pos.play_unchecked(m);
                    out.push(pos.clone());
                }
            }
        }
        out
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
    fn lone_horse_cannot_win_where_horse_mate_is_void() {
        // K+N v K: no mate at all; the evaluation must not claim a win. The tempo bonus
        // is added to every position after the draw scaling, so it is left out here.
        let pos = fen::read("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", Ruleset::TRADITIONAL).unwrap();
        assert!(evaluate(&pos) - params::get(&TUNED, params::P::Tempo) < 50);
    }
}
