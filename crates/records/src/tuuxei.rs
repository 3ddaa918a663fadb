//! Tuuxəi (圖嘿, S3; docs/rules.md §4): the margin of a win by mate. The winner starts a series of
//! consecutive checks with the rook or the bers, checks with every move without repeating a
//! position, and mates; the count N is the number of checks before the mate, the name is
//! `X N` with X the man of the second check (the first check's man when there is one check
//! before the mate or when the second check was a pawn's), and the series is *talbod*
//! (塔拉寶得) when bers, camel, horse, rook and pawn all gave check. Any other mate scores 1.
//!
//! ```
//! use shatar_records::{Tuuxei, Lang};
//! use shatar_rules::{fen, uci, Game, Role, Ruleset};
//! // S3's first example: 1.R c7-a7+ K a8-b8 2.B c5-d6+ K b8-c8 3.P b6-b7#.
//! let pos = fen::read("k7/2R1K3/1P5p/2B5/8/8/8/8 w - - 0 1", Ruleset::TRADITIONAL)?;
//! let mut game = Game::from_position(pos);
//! for m in ["c7a7", "a8b8", "c5d6", "b8c8", "b6b7"] {
//!     game.play(uci::parse_move(game.position(), m)?)?;
//! }
//! let t = Tuuxei::of(&game).unwrap();
//! assert_eq!((t.count, t.man, t.talbod), (2, Some(Role::Camel), false));
//! assert_eq!(t.name(Lang::En), "Camel 2 tuuxəi");
//! assert_eq!(t.name(Lang::Zh), "駝二圖嘿");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::lang::Lang;
use shatar_rules::outcome::Termination;
use shatar_rules::{Color, Game, Move, Position, Role};

/// The tuuxəi of a win by mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tuuxei {
    /// The winner.
    pub winner: Color,
    /// The tuuxəi count (1 for an ordinary mate).
    pub count: u32,
    /// X of the name `X N`; `None` when the mate scores 1 without a series.
    pub man: Option<Role>,
    /// Bers, camel, horse, rook and pawn all gave check in the series.
    pub talbod: bool,
}

/// The man that gives the check in `after`, the position after `m`: the man moved if it is
/// among the checkers, else the one that was uncovered.
fn checking_role(after: &Position, m: &Move) -> Option<Role> {
    let checkers = after.checkers();
    if checkers.contains(m.to) {
        return after.board().piece_at(m.to).map(|p| p.role);
    }
    checkers
        .first()
        .and_then(|s| after.board().piece_at(s))
        .map(|p| p.role)
}

impl Tuuxei {
    /// The tuuxəi of a game that ended in a mate that counts; `None` for any other end.
    pub fn of(game: &Game) -> Option<Tuuxei> {
        let end = game.end()?;
        if end.termination != Termination::Checkmate {
            return None;
        }
        let winner = !game.position().turn();
        let series = game.check_series_moves();
        let moves = game.moves();
        // Positions before each move and after the last.
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = game.initial().clone();
        positions.push(pos.clone());
        for &m in moves {
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
        let ordinary = Tuuxei {
            winner,
            count: 1,
            man: None,
            talbod: false,
        };
        // A set-up position that is already mate has no series (and no move of the winner).
        let Some(plies) = (series.len() * 2).checked_sub(1) else {
            return Some(ordinary);
        };
        let first_ply = moves.len().checked_sub(plies)?;
        let roles: Vec<Role> = series
            .iter()
            .enumerate()
            .filter_map(|(k, m)| {
                let after = positions.get(first_ply + 2 * k + 1)?;
                checking_role(after, m)
            })
            .collect();
        let checks_before_mate = roles.len().saturating_sub(1);
        if checks_before_mate == 0 || roles.len() != series.len() {
            return Some(ordinary);
        }
        // The series must start with the rook or the bers (S3: 以車或虎開始叫將).
        if !matches!(roles.first(), Some(Role::Rook | Role::Bers)) {
            return Some(ordinary);
        }
        // No position may repeat within the series (S3: 不得造成局面反覆).
        let span = positions.get(first_ply..).unwrap_or_default();
        for (i, a) in span.iter().enumerate() {
            for b in span.iter().skip(i + 1) {
                if a.zobrist() == b.zobrist() && a.turn() == b.turn() && a.board() == b.board() {
                    return Some(ordinary);
                }
            }
        }
        let man = match roles[..] {
            [first, Role::Pawn, ..] => first,
            [first, _] => first,
            [_, second, ..] => second,
            _ => return Some(ordinary),
        };
        let talbod = [Role::Bers, Role::Camel, Role::Horse, Role::Rook, Role::Pawn]
            .iter()
            .all(|r| roles.contains(r));
        Some(Tuuxei {
            winner,
            count: u32::try_from(checks_before_mate).unwrap_or(u32::MAX),
            man: Some(man),
            talbod,
        })
    }

    /// The name in a language: `Camel 2 tuuxəi`, `駝二圖嘿`, `Тэмээ 2 туухэй`; a talbod series
    /// adds `, talbod` / `，塔拉寶得` / `, талбод`.
    pub fn name(&self, lang: Lang) -> String {
        let man = self.man.map(|role| match lang {
            // S3 writes the names in traditional characters: 駝二圖嘿, 虎一圖嘿.
            Lang::Zh => match role {
                Role::Bers if self.winner == Color::Black => "獅",
                Role::Bers => "虎",
                Role::Rook => "車",
                Role::Camel => "駝",
                Role::Horse => "馬",
                Role::Pawn => "兵",
                Role::King => "王",
            },
            lang => lang.man_name(role, self.winner),
        });
        match lang {
            Lang::Zh | Lang::Zh000 => {
                let word = if lang == Lang::Zh { "圖嘿" } else { "图嘿" };
                let talbod = match (self.talbod, lang) {
                    (false, _) => "",
                    (true, Lang::Zh) => "，塔拉寶得",
                    (true, _) => "，塔拉宝得",
                };
                format!(
                    "{}{}{word}{talbod}",
                    man.unwrap_or_default(),
                    chinese_number(self.count)
                )
            }
            Lang::En | Lang::Mn => {
                let (word, talbod) = if lang == Lang::En {
                    ("tuuxəi", ", talbod")
                } else {
                    ("туухэй", ", талбод")
                };
                let mut out = match man {
                    Some(man) => format!("{man} {} {word}", self.count),
                    None => format!("{} {word}", self.count),
                };
                if self.talbod {
                    out.push_str(talbod);
                }
                out
            }
        }
    }

    /// The `Tuuxei` tag value: the English name without the word, e.g. `Camel 2`,
    /// `Camel 4 talbod`, `1`.
    pub fn tag_value(&self) -> String {
        let mut out = match self.man {
            Some(man) => format!("{} {}", Lang::En.man_name(man, self.winner), self.count),
            None => self.count.to_string(),
        };
        if self.talbod {
            out.push_str(" talbod");
        }
        out
    }
}

/// A count in Chinese numerals (一 to 九十九; larger counts in digits).
fn chinese_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let digit = |d: u32| DIGITS.get(d as usize).copied().unwrap_or_default();
    match n {
        0..=9 => digit(n).to_owned(),
        10..=19 => format!("十{}", if n == 10 { "" } else { digit(n - 10) }),
        20..=99 => format!(
            "{}十{}",
            digit(n / 10),
            if n.is_multiple_of(10) {
                ""
            } else {
                digit(n % 10)
            }
        ),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_numbers() {
        assert_eq!(chinese_number(1), "一");
        assert_eq!(chinese_number(4), "四");
        assert_eq!(chinese_number(10), "十");
        assert_eq!(chinese_number(12), "十二");
        assert_eq!(chinese_number(40), "四十");
        assert_eq!(chinese_number(47), "四十七");
    }
}
