//! How games end: results, terminations, which mates count, and which material can still
//! mate (docs/rules.md §3–4).

use crate::ruleset::{BareKing, MateRule};
use crate::{Bitboard, Color, Position, Role};
use std::fmt;

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
    },
    /// Drawn.
    Draw,
}

impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn pgn(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
            } => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The outcome a PGN result names (`1-0`, `0-1`, `1/2-1/2`); `None` for `*` or any
    /// other text.
    ///
    /// ```
    /// use shatar_rules::{Color, outcome::Outcome};
    /// assert_eq!(Outcome::from_pgn("0-1"), Some(Outcome::Decisive { winner: Color::Black }));
    /// assert_eq!(Outcome::from_pgn("1/2-1/2").map(Outcome::pgn), Some("1/2-1/2"));
    /// assert_eq!(Outcome::from_pgn("*"), None);
    /// ```
    pub fn from_pgn(text: &str) -> Option<Outcome> {
        [
            Outcome::Decisive {
                winner: Color::White,
            },
            Outcome::Decisive {
                winner: Color::Black,
            },
            Outcome::Draw,
        ]
        .into_iter()
        .find(|o| o.pgn() == text)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A mate that does not count, and why (docs/rules.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VoidMate {
    /// Given by horses alone, where horse mates are void (S2 说法2, 玩法规则 ⑥; S3).
    Horse,
    /// Given by camels alone, where camel mates are void (S3, *sɔɔs*).
    Camel,
    /// No check by bers, rook or horse in the series of checks that ended in mate (*niol*).
    NoShak,
}

/// Why a game ended by the rules (not by resignation, time or an arbiter: those belong to
/// the arbiter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Checkmate that counts.
    Checkmate,
    /// A mate by horses alone where that loses for the mating side (Fairy-Stockfish).
    HorseMateLoss,
    /// A mate by camels alone where that loses for the mating side (custom rulesets).
    CamelMateLoss,
    /// A mate that does not count: drawn.
    VoidMate(VoidMate),
    /// The side to move has no legal move and is not in check (*jid*).
    Stalemate,
    /// A side has only its king left (bare-king rule).
    BareKing,
    /// Neither side can mate by any series of legal moves (S1 §5.2(2)).
    DeadPosition,
    /// The same position for the ruleset's automatic count (FIDE 9.6.1; Fairy-Stockfish: 3).
    Repetition,
    /// The ruleset's automatic count of moves without pawn move or capture (FIDE 9.6.2).
    MoveRule,
    /// A threefold repetition in which every move of one side gave check (S4 ch.1 §5 二.1).
    PerpetualCheck,
}

impl Termination {
    /// A short English description.
    pub const fn description(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::HorseMateLoss => "mate by horse alone loses for the mating side",
            Termination::CamelMateLoss => "mate by camel alone loses for the mating side",
            Termination::VoidMate(VoidMate::Horse) => "mate by horse alone is void",
            Termination::VoidMate(VoidMate::Camel) => "mate by camel alone is void",
            Termination::VoidMate(VoidMate::NoShak) => {
                "mate without shak in the series of checks is void"
            }
            Termination::Stalemate => "stalemate",
            Termination::BareKing => "bare king",
            Termination::DeadPosition => "dead position",
            Termination::Repetition => "repetition",
            Termination::MoveRule => "move rule",
            Termination::PerpetualCheck => "perpetual check",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The end of a game by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The result.
    pub outcome: Outcome,
    /// Why.
    pub termination: Termination,
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.outcome, self.termination)
    }
}

/// What a checkmate of the side to move in `pos` is worth. `shak_in_series` says whether the
/// series of consecutive checks that ended here contained a check by bers, rook or horse
/// (only consulted under the shak rule; see [`crate::Game`]).
pub fn classify_mate(pos: &Position, shak_in_series: bool) -> GameEnd {
    let mated = pos.turn();
    let mater = !mated;
    let checkers = pos.checkers();
    let b = pos.board();
    let only = |role: Role| checkers.any() && checkers.without(b.by_role(role)).is_empty();
    let by_rule = |rule: MateRule, void: VoidMate, loss: Termination| match rule {
        MateRule::Counts => None,
        MateRule::Draw => Some(GameEnd {
            outcome: Outcome::Draw,
            termination: Termination::VoidMate(void),
        }),
        MateRule::Loss => Some(GameEnd {
            outcome: Outcome::Decisive { winner: mated },
            termination: loss,
        }),
    };
    let r = pos.ruleset();
    if only(Role::Horse)
        && let Some(end) = by_rule(r.horse_mate, VoidMate::Horse, Termination::HorseMateLoss)
    {
        return end;
    }
    if only(Role::Camel)
        && let Some(end) = by_rule(r.camel_mate, VoidMate::Camel, Termination::CamelMateLoss)
    {
        return end;
    }
    if r.shak_rule && !shak_in_series {
        return GameEnd {
            outcome: Outcome::Draw,
            termination: Termination::VoidMate(VoidMate::NoShak),
        };
    }
    GameEnd {
        outcome: Outcome::Decisive { winner: mater },
        termination: Termination::Checkmate,
    }
}

/// Whether a check by these men is a *shak* (a check by bers, rook or horse).
pub fn is_shak(pos: &Position, checkers: Bitboard) -> bool {
    let b = pos.board();
    (checkers & (b.by_role(Role::Bers) | b.by_role(Role::Rook) | b.by_role(Role::Horse))).any()
}

/// Whether `color` could still give a mate that counts, by some series of legal moves,
/// judged by material (FIDE 6.9 and S1 §5.2(2), with the mates the ruleset voids).
///
/// Conservative in one direction only: `false` means no counting mate is possible; `true`
/// means the material allows one (a blocked pawn is still counted as a promotion).
pub fn can_mate(pos: &Position, color: Color) -> bool {
    let b = pos.board();
    let r = pos.ruleset();
    let ours = b.non_king(color);
    let theirs = b.non_king(!color);
    if ours.is_empty() {
        return false;
    }
    if r.bare_king == BareKing::Draw && theirs.is_empty() {
        // The game is drawn at once; no mate can follow.
        return false;
    }
    // A pawn can become a bers; a bers or rook mate counts in every ruleset (and is a shak).
    if (ours & (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Bers))).any() {
        return true;
    }
    let horses = ours & b.by_role(Role::Horse);
    let camels = ours & b.by_role(Role::Camel);
    if horses.any() && camels.any() {
        // Horse and camel together: a horse mate, a camel mate after a horse check (shak),
        // or a double check by both is possible under every preset.
        return true;
    }
    if horses.any() {
        // Only horses: every mate is by horses alone.
        return r.horse_mate == MateRule::Counts && (horses.more_than_one() || theirs.any());
    }
    // Only camels: every mate is by camels alone, with no shak in the series.
    if r.camel_mate != MateRule::Counts || r.shak_rule {
        return false;
    }
    let on_light = (camels & Bitboard::LIGHT).any();
    let on_dark = (camels & Bitboard::DARK).any();
    if on_light && on_dark {
        return true;
    }
    // All our camels on one colour: the mated king needs its other-colour flight squares
    // blocked, which only a man of the opponent that can stand there can do.
    let same_colour = if on_light {
        Bitboard::LIGHT
    } else {
        Bitboard::DARK
    };
    theirs.without(b.by_role(Role::Camel) & same_colour).any()
}

/// Whether `color` could still win by some series of legal moves: by a mate that counts, or
/// by being mated in a way that loses for the mating side (Fairy-Stockfish's horse mate).
/// This is the test for a flag fall (FIDE 6.9): the flag-faller's opponent wins only if
/// this is true.
pub fn can_win(pos: &Position, color: Color) -> bool {
    can_mate(pos, color) || can_lose_by_mating(pos, !color)
}

/// Whether `color` could give a mate that loses for it (horses or camels alone, where the
/// ruleset makes that a loss).
fn can_lose_by_mating(pos: &Position, color: Color) -> bool {
    let b = pos.board();
    let r = pos.ruleset();
    let ours = b.non_king(color);
    let theirs = b.non_king(!color);
    if r.bare_king == BareKing::Draw && theirs.is_empty() {
        return false;
    }
    // A pawn may become a horse or camel where promotion allows it; with the promotion sets of
    // the presets (bers only, or any) a horse is reachable only with `Any`.
    let pawns = (ours & b.by_role(Role::Pawn)).any();
    let promote_to = |role| pawns && r.promotion.contains(role);
    let horses = ours & b.by_role(Role::Horse);
    let camels = ours & b.by_role(Role::Camel);
    let horse_loss = r.horse_mate == MateRule::Loss
        && (horses.more_than_one()
            || ((horses.any() || promote_to(Role::Horse))
                && (theirs.any() || ours.more_than_one())));
    let camel_loss = r.camel_mate == MateRule::Loss
        && (camels.any() || promote_to(Role::Camel))
        && (theirs.any() || ours.more_than_one());
    horse_loss || camel_loss
}

/// Whether neither side can win any more (a dead position, S1 §5.2(2)).
pub fn is_dead_position(pos: &Position) -> bool {
    !can_win(pos, Color::White) && !can_win(pos, Color::Black)
}

/// Whether a side has only its king (the bare-king rule).
pub fn bare_king(pos: &Position) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|&c| pos.board().non_king(c).is_empty())
}
