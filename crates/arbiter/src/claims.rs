//! Claims of a draw (S4 ch.1 §5 二.4–6): the ones the game record proves (threefold
//! repetition, 50 moves — decided by the rules core's [`Game::claimable`]) and the special
//! insufficient-chances claims, decided by material where S4 lists the material and by
//! the arbiter where S4 says the arbiter judges.
//!
//! ```
//! use shatar_arbiter::{ClaimKind, claims::material_case_holds};
//! use shatar_rules::{fen, Ruleset, Color};
//! let pos = fen::read("8/8/4k3/8/8/2K5/8/6N1 w - - 0 60", Ruleset::COMPETITION)?;
//! assert_eq!(material_case_holds(&pos, Color::Black, ClaimKind::KingVersusMinor), Some(true));
//! assert_eq!(material_case_holds(&pos, Color::Black, ClaimKind::KingVersusKing), Some(false));
//! # Ok::<_, shatar_rules::FenError>(())
//! ```
//!
//! [`Game::claimable`]: shatar_rules::Game::claimable

use serde::{Deserialize, Serialize};
use shatar_rules::{Bitboard, Claim, Color, Position, Role};
use std::fmt;

/// Time added to a false claimant's used time (S4 ch.1 §5 二.4(2): "在该方时钟上增加5分钟").
pub const FALSE_CLAIM_PENALTY_MS: u64 = 5 * 60_000;

/// Below this much time the side with the advantage may claim (S4 ch.1 §5 二.6(6)).
pub const TIME_TROUBLE_MS: i64 = 2 * 60_000;

/// What a player claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// The third occurrence of a position with the same side to move (二.5).
    Repetition,
    /// 50 moves by each side with no capture and no pawn move (二.4).
    FiftyMoves,
    /// 二.6(1): king against king.
    KingVersusKing,
    /// 二.6(2): king against king and camel, or king and horse.
    KingVersusMinor,
    /// 二.6(3): king and camel against king and camel, the camels on squares of one colour.
    SameColourCamels,
    /// 二.6(4): the claimant's opponent has only the king.
    OpponentBareKing,
    /// 二.6(5): a position known in theory to be a draw (the arbiter decides).
    TheoreticalDraw,
    /// 二.6(6): the side with the advantage is under two minutes (the arbiter decides).
    TimeTrouble,
}

impl ClaimKind {
    /// Every kind.
    pub const ALL: [ClaimKind; 8] = [
        ClaimKind::Repetition,
        ClaimKind::FiftyMoves,
        ClaimKind::KingVersusKing,
        ClaimKind::KingVersusMinor,
        ClaimKind::SameColourCamels,
        ClaimKind::OpponentBareKing,
        ClaimKind::TheoreticalDraw,
        ClaimKind::TimeTrouble,
    ];

    /// The rules-core claim this kind asks for, when the game record decides it.
    pub const fn record_claim(self) -> Option<Claim> {
        match self {
            ClaimKind::Repetition => Some(Claim::Repetition),
            ClaimKind::FiftyMoves => Some(Claim::MoveRule),
            _ => None,
        }
    }

    /// Whether the arbiter must judge it (二.6(5), (6)).
    pub const fn needs_ruling(self) -> bool {
        matches!(self, ClaimKind::TheoreticalDraw | ClaimKind::TimeTrouble)
    }

    /// The name used in the event log.
    pub const fn name(self) -> &'static str {
        match self {
            ClaimKind::Repetition => "repetition",
            ClaimKind::FiftyMoves => "fifty-moves",
            ClaimKind::KingVersusKing => "king-versus-king",
            ClaimKind::KingVersusMinor => "king-versus-minor",
            ClaimKind::SameColourCamels => "same-colour-camels",
            ClaimKind::OpponentBareKing => "opponent-bare-king",
            ClaimKind::TheoreticalDraw => "theoretical-draw",
            ClaimKind::TimeTrouble => "time-trouble",
        }
    }
}

impl fmt::Display for ClaimKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether the material on the board is that of an insufficient-chances case (二.6(1)–(4))
/// for a claim by `claimant`; `None` for kinds the material does not decide.
pub fn material_case_holds(pos: &Position, claimant: Color, kind: ClaimKind) -> Option<bool> {
    let b = pos.board();
    let men = |c: Color| b.non_king(c);
    let bare = |c: Color| men(c).is_empty();
    let lone_minor = |c: Color| {
        let m = men(c);
        m.count() == 1 && (m & (b.by_role(Role::Camel) | b.by_role(Role::Horse))).any()
    };
    let lone_camel = |c: Color| {
        let m = men(c);
        m.count() == 1 && (m & b.by_role(Role::Camel)).any()
    };
    Some(match kind {
        ClaimKind::KingVersusKing => bare(Color::White) && bare(Color::Black),
        ClaimKind::KingVersusMinor => Color::ALL.into_iter().any(|c| bare(c) && lone_minor(!c)),
        ClaimKind::SameColourCamels => {
            lone_camel(Color::White) && lone_camel(Color::Black) && {
                let camels = b.by_role(Role::Camel);
                (camels & Bitboard::LIGHT).is_empty() || (camels & Bitboard::DARK).is_empty()
            }
        }
        ClaimKind::OpponentBareKing => bare(!claimant),
        ClaimKind::Repetition
        | ClaimKind::FiftyMoves
        | ClaimKind::TheoreticalDraw
        | ClaimKind::TimeTrouble => return None,
    })
}

/// How a claim was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimAnswer {
    /// True: the game is drawn.
    Granted,
    /// A record claim found untrue: a violation and the penalty time.
    False,
    /// An insufficient-chances claim the material or the arbiter does not support (no
    /// penalty: S4 penalises only false record claims).
    Refused,
    /// Waiting for the arbiter's ruling; the clock is stopped meanwhile.
    AwaitingRuling,
    /// Made with a move that ended the game by itself.
    Moot,
    /// Made after the claimant had already lost (mated or flagged): the loss stands.
    ClaimantHadLost,
}

/// One claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClaimRecord {
    /// Who claimed.
    #[serde(with = "crate::log::color_serde")]
    pub by: Color,
    /// What.
    pub kind: ClaimKind,
    /// When.
    pub at_ms: u64,
    /// The answer.
    pub answer: ClaimAnswer,
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    fn holds(fen_text: &str, claimant: Color, kind: ClaimKind) -> Option<bool> {
        let pos = fen::read(fen_text, Ruleset::COMPETITION).unwrap();
        material_case_holds(&pos, claimant, kind)
    }

    #[test]
    fn each_material_case() {
        use ClaimKind::*;
        use Color::*;
        // (1) K v K.
        assert_eq!(
            holds("8/8/4k3/8/8/2K5/8/8 w - - 0 60", White, KingVersusKing),
            Some(true)
        );
        // (2) K v K+camel, K v K+horse, either way round; not K v K+rook.
        assert_eq!(
            holds("8/8/4k3/8/8/2K5/8/5B2 w - - 0 60", White, KingVersusMinor),
            Some(true)
        );
        assert_eq!(
            holds("8/8/4k3/3n4/8/2K5/8/8 w - - 0 60", White, KingVersusMinor),
            Some(true)
        );
        assert_eq!(
            holds("8/8/4k3/8/8/2K5/8/5R2 w - - 0 60", White, KingVersusMinor),
            Some(false)
        );
        // (3) camels on one colour (c1 and f8 are both dark), not on two.
        assert_eq!(
            holds(
                "5b2/8/4k3/8/8/2K5/8/2B5 w - - 0 60",
                White,
                SameColourCamels
            ),
            Some(true)
        );
        assert_eq!(
            holds(
                "5b2/8/4k3/8/8/2K5/8/5B2 w - - 0 60",
                White,
                SameColourCamels
            ),
            Some(false)
        );
        // (4) the claimant's opponent has only the king.
        assert_eq!(
            holds("8/8/4k3/8/8/2K5/P7/R7 w - - 0 60", Black, OpponentBareKing),
            Some(false)
        );
        assert_eq!(
            holds("8/8/4k3/8/8/2K5/P7/R7 w - - 0 60", White, OpponentBareKing),
            Some(true)
        );
        assert_eq!(
            holds("8/8/4k3/8/8/2K5/8/8 w - - 0 60", White, TheoreticalDraw),
            None
        );
    }
}
