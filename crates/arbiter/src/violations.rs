//! Violations (违例, S4 ch.2 §1.3): the ten kinds S4 lists, each with its text in
//! Chinese (S4's words), Mongolian (Cyrillic) and English; scoresheet faults by the
//! number of rounds missing or wrong; the third violation in one game loses it.
//!
//! ```
//! use shatar_arbiter::{ViolationKind, scoresheet_penalty, ScoresheetPenalty};
//! assert_eq!(ViolationKind::FalseClaim.text_zh(), "提出“50回合自然限着或三次相同局面规则审核要求，经查证不属实者");
//! assert_eq!(scoresheet_penalty(8), ScoresheetPenalty::Violations(2));
//! assert_eq!(scoresheet_penalty(12), ScoresheetPenalty::Loss);
//! ```
//!
//! S4 is written in Chinese only; the Mongolian and English texts are this project's
//! translations of it.

use serde::{Deserialize, Serialize};
use shatar_rules::Color;
use std::fmt;

/// Violations in one game that lose it (S4 ch.1 §5 一.4: "同一局棋内，一方出现第三次违例").
pub const LOSING_VIOLATIONS: u32 = 3;

/// A kind of violation, numbered as in S4 ch.2 §1.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    /// 1. A move against the rules of movement.
    IllegalMove,
    /// 2. Not answering check, or a move that leaves the king to be taken.
    CheckNotAnswered,
    /// 3. Touching one's own man that cannot move, or an opponent's man that cannot be taken.
    TouchedUnplayableMan,
    /// 4. Starting or stopping the clock without leave.
    ClockMisuse,
    /// 5. Asking questions in the opponent's time (unless the opponent broke a rule).
    QuestionInOpponentsTime,
    /// 6. Rounds missing or wrong on the scoresheet (4 rounds: one violation, 8: two).
    Scoresheet,
    /// 7. Repeating an ordinary draw offer after the opponent refused it.
    RepeatedDrawOffer,
    /// 8. A 50-move or threefold-repetition claim found untrue.
    FalseClaim,
    /// 9. Refusing to sign after the game, other disobedience to the arbiter, or disrespect
    ///    to the opponent.
    Misconduct,
    /// 10. Touch-move faults: taking a move back, moving a man other than the one touched.
    TouchMove,
}

impl ViolationKind {
    /// Every kind, in S4's order.
    pub const ALL: [ViolationKind; 10] = [
        ViolationKind::IllegalMove,
        ViolationKind::CheckNotAnswered,
        ViolationKind::TouchedUnplayableMan,
        ViolationKind::ClockMisuse,
        ViolationKind::QuestionInOpponentsTime,
        ViolationKind::Scoresheet,
        ViolationKind::RepeatedDrawOffer,
        ViolationKind::FalseClaim,
        ViolationKind::Misconduct,
        ViolationKind::TouchMove,
    ];

    /// The item number in S4 ch.2 §1.3.
    pub const fn item(self) -> u8 {
        match self {
            ViolationKind::IllegalMove => 1,
            ViolationKind::CheckNotAnswered => 2,
            ViolationKind::TouchedUnplayableMan => 3,
            ViolationKind::ClockMisuse => 4,
            ViolationKind::QuestionInOpponentsTime => 5,
            ViolationKind::Scoresheet => 6,
            ViolationKind::RepeatedDrawOffer => 7,
            ViolationKind::FalseClaim => 8,
            ViolationKind::Misconduct => 9,
            ViolationKind::TouchMove => 10,
        }
    }

    /// The name used in the event log (`illegal-move`, `false-claim`, …).
    pub const fn name(self) -> &'static str {
        match self {
            ViolationKind::IllegalMove => "illegal-move",
            ViolationKind::CheckNotAnswered => "check-not-answered",
            ViolationKind::TouchedUnplayableMan => "touched-unplayable-man",
            ViolationKind::ClockMisuse => "clock-misuse",
            ViolationKind::QuestionInOpponentsTime => "question-in-opponents-time",
            ViolationKind::Scoresheet => "scoresheet",
            ViolationKind::RepeatedDrawOffer => "repeated-draw-offer",
            ViolationKind::FalseClaim => "false-claim",
            ViolationKind::Misconduct => "misconduct",
            ViolationKind::TouchMove => "touch-move",
        }
    }

    /// S4's text (S4 ch.2 §1.3), in Chinese.
    pub const fn text_zh(self) -> &'static str {
        match self {
            ViolationKind::IllegalMove => "走子违犯行棋规定",
            ViolationKind::CheckNotAnswered => "不“应将”或走子后造成对方吃王",
            ViolationKind::TouchedUnplayableMan => {
                "触摸己方棋子而无法走动或触摸对方棋子而又无法吃掉它"
            }
            ViolationKind::ClockMisuse => "擅自开、停比赛计时钟",
            ViolationKind::QuestionInOpponentsTime => "在对方行棋时间内提问题（对方有犯规除外）",
            ViolationKind::Scoresheet => {
                "要求做记录的比赛，连续错记、漏记4个回合可判违例一次；错记、漏记8个回合可判违例二次（必须用自己的时间补齐记录）；错记、漏记12个回合直接判负"
            }
            ViolationKind::RepeatedDrawOffer => "一般“提和”经对方拒绝后，再次重重复提出",
            ViolationKind::FalseClaim => {
                "提出“50回合自然限着或三次相同局面规则审核要求，经查证不属实者"
            }
            ViolationKind::Misconduct => {
                "对局终了后，拒不签字，或有其它不服从裁判，不尊重对方的言行"
            }
            ViolationKind::TouchMove => "凡是发生有关摸子，悔棋，走错棋子等，每次应记“违例”一次",
        }
    }

    /// The text in Mongolian (Cyrillic).
    pub const fn text_mn(self) -> &'static str {
        match self {
            ViolationKind::IllegalMove => "Дүрсийн нүүдлийн дүрмийг зөрчсөн",
            ViolationKind::CheckNotAnswered => {
                "Шагаас хамгаалаагүй, эсвэл нүүснээр өөрийн ноёныг идүүлэхээр болгосон"
            }
            ViolationKind::TouchedUnplayableMan => {
                "Нүүж чадахгүй өөрийн дүрс, эсвэл идэж чадахгүй өрсөлдөгчийн дүрсэнд хүрсэн"
            }
            ViolationKind::ClockMisuse => "Тэмцээний цагийг дур мэдэн асаасан, зогсоосон",
            ViolationKind::QuestionInOpponentsTime => {
                "Өрсөлдөгчийн нүүх хугацаанд асуулт тавьсан (өрсөлдөгч дүрэм зөрчсөнөөс бусад үед)"
            }
            ViolationKind::Scoresheet => {
                "Тэмдэглэл хөтлөх тэмцээнд дараалсан 4 нүүдлийг буруу бичсэн эсвэл орхисон бол нэг удаа, 8 нүүдлийг бол хоёр удаа зөрчил (тэмдэглэлээ өөрийн хугацаагаар нөхнө); 12 нүүдлийг бол шууд ялагдал"
            }
            ViolationKind::RepeatedDrawOffer => {
                "Энгийн тэнцээний саналаас өрсөлдөгч татгалзсаны дараа дахин санал болгосон"
            }
            ViolationKind::FalseClaim => {
                "50 нүүдлийн буюу гурван удаагийн ижил байрлалын дүрмээр шалгуулах шаардлага тавьж, шалгахад худал болох нь тогтоогдсон"
            }
            ViolationKind::Misconduct => {
                "Тоглолт дууссаны дараа гарын үсэг зурахаас татгалзсан, эсвэл шүүгчид захирагдаагүй, өрсөлдөгчөө үл хүндэтгэсэн үг, үйлдэл гаргасан"
            }
            ViolationKind::TouchMove => {
                "Хүрсэн дүрсээ нүүгээгүй, нүүдлээ буцаасан, буруу дүрс нүүсэн зэрэг тохиолдол бүрд нэг удаа зөрчил"
            }
        }
    }

    /// The text in English.
    pub const fn text_en(self) -> &'static str {
        match self {
            ViolationKind::IllegalMove => "A move against the rules of movement",
            ViolationKind::CheckNotAnswered => {
                "Not answering check, or a move that leaves the king to be taken"
            }
            ViolationKind::TouchedUnplayableMan => {
                "Touching one's own man that cannot move, or an opponent's man that cannot be taken"
            }
            ViolationKind::ClockMisuse => "Starting or stopping the game clock without leave",
            ViolationKind::QuestionInOpponentsTime => {
                "Asking questions in the opponent's time (unless the opponent broke a rule)"
            }
            ViolationKind::Scoresheet => {
                "In events that require a record: 4 consecutive rounds wrong or missing is one violation, 8 rounds two (the record is completed in the player's own time), 12 rounds a loss"
            }
            ViolationKind::RepeatedDrawOffer => {
                "Repeating an ordinary draw offer after the opponent refused it"
            }
            ViolationKind::FalseClaim => {
                "A claim under the 50-move or threefold-repetition rule found untrue on examination"
            }
            ViolationKind::Misconduct => {
                "Refusing to sign after the game, or other disobedience to the arbiter or disrespect to the opponent"
            }
            ViolationKind::TouchMove => {
                "Touch-move faults: taking a move back, moving a man other than the one touched, and the like; one violation each time"
            }
        }
    }
}

impl fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a scoresheet fault of some rounds costs (S4 ch.2 §1.3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoresheetPenalty {
    /// This many violations (0, 1 or 2).
    Violations(u32),
    /// The game is lost.
    Loss,
}

/// The penalty for `rounds` consecutive rounds wrong or missing: under 4 nothing, 4 to 7 one
/// violation, 8 to 11 two, 12 or more a loss.
pub const fn scoresheet_penalty(rounds: u32) -> ScoresheetPenalty {
    match rounds {
        0..=3 => ScoresheetPenalty::Violations(0),
        4..=7 => ScoresheetPenalty::Violations(1),
        8..=11 => ScoresheetPenalty::Violations(2),
        _ => ScoresheetPenalty::Loss,
    }
}

/// One recorded violation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Who committed it.
    #[serde(with = "crate::log::color_serde")]
    pub player: Color,
    /// What kind.
    pub kind: ViolationKind,
    /// The arbiter's note.
    pub note: String,
    /// When it was recorded (the event's timestamp).
    pub at_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_kinds_numbered_as_in_the_seed() {
        for (i, k) in ViolationKind::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(k.item()), i + 1);
            assert!(!k.text_zh().is_empty() && !k.text_mn().is_empty() && !k.text_en().is_empty());
        }
        assert_eq!(ViolationKind::IllegalMove.text_zh(), "走子违犯行棋规定");
        assert_eq!(ViolationKind::ClockMisuse.text_zh(), "擅自开、停比赛计时钟");
    }

    #[test]
    fn scoresheet_thresholds() {
        assert_eq!(scoresheet_penalty(3), ScoresheetPenalty::Violations(0));
        assert_eq!(scoresheet_penalty(4), ScoresheetPenalty::Violations(1));
        assert_eq!(scoresheet_penalty(7), ScoresheetPenalty::Violations(1));
        assert_eq!(scoresheet_penalty(8), ScoresheetPenalty::Violations(2));
        assert_eq!(scoresheet_penalty(11), ScoresheetPenalty::Violations(2));
        assert_eq!(scoresheet_penalty(12), ScoresheetPenalty::Loss);
    }

    #[test]
    fn names_round_trip_through_serde() {
        for k in ViolationKind::ALL {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.name()));
            assert_eq!(serde_json::from_str::<ViolationKind>(&json).unwrap(), k);
        }
    }
}
