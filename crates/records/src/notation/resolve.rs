//! The meaning of a written move: the one legal move of a position it names, or why there is
//! none or more than one.

use super::text::{MoveText, Target};
use super::{Notation, write_move};
use crate::error::MoveError;
use crate::lang::Lang;
use shatar_rules::position::FirstRoundState;
use shatar_rules::{Move, Piece, Position, Rank, Role};

impl MoveText {
    /// Whether a legal move fits what is written.
    pub fn matches(&self, m: &Move) -> bool {
        let role_ok = match self.role {
            Some(role) => m.role == role,
            // With the whole from-square given (UCI `g1f3`) the board says which man moves;
            // otherwise a move without a man is a pawn move (S4 ch.2 §2 一.1).
            None => self.from_square().is_some() || m.role == Role::Pawn,
        };
        let to_ok = match self.to {
            Target::Square(s) => m.to == s,
            Target::File(f) => m.to.file() == f,
        };
        role_ok
            && to_ok
            && self.from_file.is_none_or(|f| m.from.file() == f)
            && self.from_rank.is_none_or(|r| m.from.rank() == r)
            && (!self.capture || m.is_capture())
            && self.promotion.is_none_or(|p| m.promotion == Some(p))
    }

    /// The legal moves of `pos` that fit what is written. A text that names no promotion
    /// means the move without one where there is such a move (a returning pawn's first step
    /// back, `ba7`, beside `ba7=J`); where every fitting move promotes it may still name it
    /// (`e8` for `e8=Q` under a bers-only ruleset). A pawn's move without its file means
    /// the pawn going forward where one fits (`b6` beside a returning pawn's `ab6`).
    pub fn candidates(&self, pos: &Position) -> Vec<Move> {
        let mut fitting: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| self.matches(m))
            .collect();
        if self.promotion.is_none() && fitting.iter().any(|m| m.promotion.is_none()) {
            fitting.retain(|m| m.promotion.is_none());
        }
        // A pawn's move written without its file goes forward (`b6`): a returning pawn's
        // step always names its file (`ab6`), though alone it may be read without one.
        let returning = pos.board().returning();
        if self.role.is_none()
            && self.from_file.is_none()
            && self.from_rank.is_none()
            && fitting.iter().any(|m| !returning.contains(m.from))
        {
            fitting.retain(|m| !returning.contains(m.from));
        }
        fitting
    }

    /// The one legal move of `pos` this text names.
    ///
    /// ```
    /// use shatar_records::notation::MoveText;
    /// use shatar_rules::{fen, Ruleset};
    /// let pos = fen::read("4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", Ruleset::OFFICIAL)?;
    /// assert!("Ne4".parse::<MoveText>()?.resolve(&pos).is_err()); // ambiguous
    /// assert!("Nde4".parse::<MoveText>()?.resolve(&pos).is_ok());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveError> {
        self.resolve_as(pos, &self.to_string())
    }

    /// As [`MoveText::resolve`], quoting `written` in errors.
    pub(crate) fn resolve_as(&self, pos: &Position, written: &str) -> Result<Move, MoveError> {
        let candidates = self.candidates(pos);
        match candidates[..] {
            [m] => Ok(m),
            [] => Err(MoveError::Illegal {
                text: written.to_owned(),
                reason: self.why_illegal(pos),
            }),
            _ => {
                let mut spelled: Vec<String> = candidates
                    .iter()
                    .map(|m| write_move(pos, m, Notation::Full, Lang::En))
                    .collect();
                spelled.sort();
                Err(MoveError::Ambiguous {
                    text: written.to_owned(),
                    candidates: spelled,
                })
            }
        }
    }

    /// Why no legal move fits: the first of these that holds.
    fn why_illegal(&self, pos: &Position) -> String {
        let us = pos.turn();
        let board = pos.board();
        let role_name = self.role.map_or("man", Role::name);
        if let Some(from) = self.from_square() {
            match board.piece_at(from) {
                None => return format!("no {role_name} on {from}"),
                Some(p) if p.color != us => {
                    return format!("the {} on {from} is the other side's", p.role);
                }
                Some(p) if self.role.is_some_and(|r| r != p.role) => {
                    return format!("no {role_name} on {from} (a {} stands there)", p.role);
                }
                Some(_) => {}
            }
        }
        if let Some(role) = self.role
            && board.pieces(us, role).is_empty()
        {
            return format!("there is no {role} of the side to move");
        }
        if let Some(p) = self.promotion
            && !pos.ruleset().promotion.contains(p)
        {
            return format!("this ruleset does not promote a pawn to a {p}");
        }
        if let Target::Square(to) = self.to {
            if self.capture && !board.by_color(!us).contains(to) {
                return format!("nothing to take on {to}");
            }
            if board.by_color(us).contains(to) {
                return format!("{to} holds a man of the side to move");
            }
            if pos.ruleset().steps_back() {
                if self.promotion.is_some() && board.returning().is_empty() {
                    return "in this ruleset a pawn promotes only by stepping back from the \
                            last rank"
                        .to_owned();
                }
            } else if self.promotion.is_some() && !matches!(to.rank(), Rank::FIRST | Rank::EIGHTH) {
                return "only a pawn reaching the last rank is promoted".to_owned();
            }
        }
        if pos.first_round() != FirstRoundState::Over {
            let allowed: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| write_move(pos, m, Notation::Full, Lang::En))
                .collect();
            return format!(
                "the first round allows only {} (S1 §1.2)",
                allowed.join(" or ")
            );
        }
        if self.reaches_ignoring_check(pos) {
            return if self.role == Some(Role::King) {
                "the king would be in check there".to_owned()
            } else {
                "it would leave the king in check".to_owned()
            };
        }
        match self.to {
            Target::Square(to) => format!("no {role_name} of the side to move can go to {to}"),
            Target::File(f) => {
                format!("no pawn can take from that file onto the {}-file", f.char())
            }
        }
    }

    /// Whether a man of the side to move that fits the text could make the move if checks did
    /// not matter (pseudo-legal geometry).
    fn reaches_ignoring_check(&self, pos: &Position) -> bool {
        let us = pos.turn();
        let board = pos.board();
        let occupied = board.occupied();
        let roles: &[Role] = match self.role {
            Some(ref r) => std::slice::from_ref(r),
            None if self.from_square().is_some() => &Role::ALL,
            None => &[Role::Pawn],
        };
        roles.iter().any(|&role| {
            let mut men = board.pieces(us, role);
            Iterator::any(&mut men, |from| {
                let piece = Piece { color: us, role };
                let fits_from = self.from_file.is_none_or(|f| from.file() == f)
                    && self.from_rank.is_none_or(|r| from.rank() == r);
                let Target::Square(to) = self.to else {
                    return false;
                };
                if !fits_from || board.by_color(us).contains(to) {
                    return false;
                }
                if role == Role::Pawn && board.returning().contains(from) {
                    // One step diagonally backward, onto an empty square or taking.
                    pos.attacks_from(piece, from, occupied).contains(to)
                } else if role == Role::Pawn {
                    let forward = if us == shatar_rules::Color::White {
                        1
                    } else {
                        -1
                    };
                    let takes = pos.attacks_from(piece, from, occupied).contains(to)
                        && board.by_color(!us).contains(to);
                    let pushes = from.offset(0, forward) == Some(to) && !occupied.contains(to);
                    takes || pushes
                } else {
                    pos.attacks_from(piece, from, occupied).contains(to)
                }
            })
        })
    }
}
