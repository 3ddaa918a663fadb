//! The step-back pawn in the evaluation (docs/rules.md §2, step-back pawn). A returning pawn
//! is not a pawn: it never advances again, and it is a bers in the making. Under a step-back
//! ruleset both kinds of bers may also share the board, while the tables hold the ruleset's
//! one kind.
//!
//! The terms written for pawns (structure, passers, shelter, pushes) see the position
//! without its returning pawns; this module adds each returning pawn's own value, by the
//! steps it has made, and moves each bers of the other kind from the table's value to its
//! own kind's material and piece-square value. Other rulesets never reach it.

use super::material::{piece_score, psqt};
use super::params::Params;
use super::{Score, s};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Color, Position, Role};

/// A position to evaluate with the ordinary terms, and what they miss, White's minus
/// Black's.
pub struct Split {
    /// The position without its returning pawns.
    pub without_returning: Position,
    /// The returning pawns' values and the other-kind bers's corrections, White minus Black.
    pub extra: Score,
}

/// The position the ordinary terms read and what they miss: `pos` itself and nothing, or
/// the split's view and extra.
pub fn view<'a>(pos: &'a Position, split: Option<&'a Split>) -> (&'a Position, Score) {
    split.map_or((pos, Score::default()), |s| (&s.without_returning, s.extra))
}

/// `k`/4 of a value: the share of a bers a returning pawn is worth.
fn quarters(v: Score, k: i32) -> Score {
    s(v.mg * k / 4, v.eg * k / 4)
}

/// What a returning pawn that has made `steps` steps back is worth. With none made, its
/// next move may make the weak bers; after one it needs two more for the full bers (the
/// player kept it a pawn for that); after two, one. It can be taken or blocked on the way,
/// so it counts three quarters of the bers it is next to become, half when two steps away.
fn returning_value(p: &Params, steps: u32) -> Score {
    let weak = piece_score(p, Role::Bers, BersMove::Weak);
    let full = piece_score(p, Role::Bers, BersMove::Queen);
    match steps {
        0 => quarters(weak, 3),
        1 => quarters(full, 2),
        _ => quarters(full, 3),
    }
}

/// The split of `pos` for the evaluation, or `None` when the ordinary terms see it whole
/// (not a step-back ruleset, or neither a returning pawn nor a bers of the other kind).
pub fn split(p: &Params, pos: &Position) -> Option<Split> {
    let ruleset = pos.ruleset();
    if !ruleset.steps_back() {
        return None;
    }
    let b = pos.board();
    let bers = b.by_role(Role::Bers);
    let weak = pos.weak_bers();
    let other_kind = match ruleset.bers {
        BersMove::Queen => weak,
        BersMove::Weak => bers.without(weak),
    };
    let returning = b.returning();
    if returning.is_empty() && other_kind.is_empty() {
        return None;
    }
    let mut extra = Score::default();
    let sign = |c: Color, v: Score| if c == Color::White { v } else { -v };
    let mut board = b.clone();
    for sq in returning {
        let Some(piece) = b.piece_at(sq) else {
            continue;
        };
        let steps = match piece.color {
            Color::White => 7 - u32::from(sq.rank().index()),
            Color::Black => u32::from(sq.rank().index()),
        };
        extra += sign(piece.color, returning_value(p, steps));
        board.clear(sq);
    }
    // The other kind's own value, less the table's (the ruleset's kind) it was given.
    let (own, table) = match ruleset.bers {
        BersMove::Queen => (BersMove::Weak, BersMove::Queen),
        BersMove::Weak => (BersMove::Queen, BersMove::Weak),
    };
    for sq in other_kind {
        let Some(piece) = b.piece_at(sq) else {
            continue;
        };
        let value =
            |kind| piece_score(p, Role::Bers, kind) + psqt(p, Role::Bers, kind, piece.color, sq);
        extra += sign(piece.color, value(own) - value(table));
    }
    let without_returning = Position::new_unchecked(
        board,
        pos.turn(),
        pos.halfmoves(),
        pos.fullmoves(),
        *ruleset,
    );
    Some(Split {
        without_returning,
        extra,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{TUNED, evaluate, random_positions};
    use shatar_rules::{Ruleset, fen};

    fn step_back(base: &str) -> Ruleset {
        Ruleset::from_toml_str(&format!("base = \"{base}\"\nlast-rank = \"step-back\"")).unwrap()
    }

    fn extra(text: &str, ruleset: Ruleset) -> Option<Score> {
        split(&TUNED, &fen::read(text, ruleset).unwrap()).map(|s| s.extra)
    }

    #[test]
    fn a_returning_pawn_counts_by_its_steps() {
        let p = &TUNED;
        let weak = piece_score(p, Role::Bers, BersMove::Weak);
        let full = piece_score(p, Role::Bers, BersMove::Queen);
        let r = step_back("official");
        // White's returning pawn on b8 has made no step: its next may make the weak bers.
        assert_eq!(
            extra("1P~6/8/8/8/8/8/8/k6K w - - 0 1", r),
            Some(quarters(weak, 3))
        );
        // On a7 it has made one (and stayed a pawn): two more to the full bers.
        assert_eq!(
            extra("8/P~7/8/8/8/8/8/k6K w - - 0 1", r),
            Some(quarters(full, 2))
        );
        // On c6, two: the next step makes the full bers.
        assert_eq!(
            extra("8/8/2P~5/8/8/8/8/k6K w - - 0 1", r),
            Some(quarters(full, 3))
        );
        // Black's count from its own last rank, the first, and subtract.
        assert_eq!(
            extra("K6k/8/8/8/8/2p~5/8/8 w - - 0 1", r),
            Some(-quarters(full, 3))
        );
        // Both sides' at equal steps cancel.
        assert_eq!(
            extra("K6k/P~7/8/8/8/8/p~7/8 w - - 0 1", r),
            Some(Score::default())
        );
    }

    #[test]
    fn the_view_has_no_returning_pawns_and_keeps_the_rest() {
        let r = step_back("official");
        let pos = fen::read("1P~6/3p4/8/8/8/8/3P4/k6K b - - 3 20", r).unwrap();
        let view = split(&TUNED, &pos).unwrap().without_returning;
        assert_eq!(fen::write(&view), "8/3p4/8/8/8/8/3P4/k6K b - - 3 20");
    }

    #[test]
    fn a_bers_of_the_other_kind_moves_to_its_own_value() {
        let p = &TUNED;
        let sq = "d4".parse().unwrap();
        let value =
            |kind| piece_score(p, Role::Bers, kind) + psqt(p, Role::Bers, kind, Color::White, sq);
        let weak = value(BersMove::Weak);
        let full = value(BersMove::Queen);
        // Official's table is the full bers's: a weak bers there is corrected down.
        let text = |bers: char| format!("kr6/8/8/8/3{bers}4/8/8/7K w - - 0 1");
        assert_eq!(extra(&text('J'), step_back("official")), Some(weak - full));
        assert_eq!(extra(&text('Q'), step_back("official")), None);
        // Traditional's is the weak bers's: a full bers there is corrected up.
        assert_eq!(
            extra(&text('Q'), step_back("traditional")),
            Some(full - weak)
        );
        assert_eq!(extra(&text('J'), step_back("traditional")), None);
        // And the evaluation says the full bers is the stronger man under both.
        for base in ["official", "traditional"] {
            let eval = |bers| evaluate(&fen::read(&text(bers), step_back(base)).unwrap());
            assert!(
                eval('Q') > eval('J') + 100,
                "{base}: {} {}",
                eval('Q'),
                eval('J')
            );
        }
    }

    #[test]
    fn the_evaluation_values_a_returning_pawn_as_a_bers_in_the_making() {
        let r = step_back("official");
        let eval = |text: &str| evaluate(&fen::read(text, r).unwrap());
        let kings = eval("8/8/8/8/8/8/8/k6K w - - 0 1");
        let none = eval("1P~6/8/8/8/8/8/8/k6K w - - 0 1");
        let two = eval("8/8/2P~5/8/8/8/8/k6K w - - 0 1");
        let pawn = eval("8/8/2P5/8/8/8/8/k6K w - - 0 1");
        // An ordinary pawn on c6 is two moves from promoting too, but a returning pawn on c6
        // is one step from the full bers; on b8, three steps from it.
        assert!(kings < none && none < two, "{kings} {none} {two}");
        assert!(pawn < two, "{pawn} {two}");
        // The same seen from Black (the board turned over, Black to move) is the same.
        assert_eq!(two, eval("k6K/8/8/8/8/2p~5/8/8 b - - 0 1"));
    }

    #[test]
    fn the_presets_never_split() {
        for pos in random_positions() {
            assert!(split(&TUNED, &pos).is_none(), "{}", fen::write(&pos));
        }
    }
}
