//! A position described man by man in S4's order — king, bers, rooks, horses, camels,
//! pawns; White's men first (S4 ch.2 §2 三; docs/rules.md §6) — for a diagram caption.
//!
//! ```
//! use shatar_records::{describe, Lang, SecondSide};
//! use shatar_rules::{fen, Ruleset};
//! let pos = fen::read("4k3/4p3/8/8/8/8/3P4/R3K1N1 w - - 0 1", Ruleset::OFFICIAL)?;
//! assert_eq!(
//!     describe(&pos, Lang::En, SecondSide::Black),
//!     "White: Ke1, Ra1, Ng1, Pd2; Black: Ke8, Pe7"
//! );
//! assert_eq!(
//!     describe(&pos, Lang::Zh, SecondSide::Blue),
//!     "白方：王e1、车a1、马g1、夫d2；蓝方：王e8、夫e7"
//! );
//! # Ok::<_, shatar_rules::FenError>(())
//! ```

use crate::lang::{Lang, SecondSide};
use shatar_rules::{Color, Position, Role, Square};

/// S4's order of men (S4 ch.2 §2 三: 王K、虎（狮）Q、车R、马N、驼B、夫P).
pub const ORDER: [Role; 6] = [
    Role::King,
    Role::Bers,
    Role::Rook,
    Role::Horse,
    Role::Camel,
    Role::Pawn,
];

/// Describes the men of `pos` in `lang`, White's first, each as man and square.
pub fn describe(pos: &Position, lang: Lang, second: SecondSide) -> String {
    let (item_sep, side_sep, colon) = match lang {
        Lang::Zh | Lang::Zh000 => ("、", "；", "："),
        Lang::En | Lang::Mn => (", ", "; ", ": "),
    };
    Color::ALL
        .iter()
        .map(|&color| {
            let men: Vec<String> = ORDER
                .iter()
                .flat_map(|&role| {
                    pos.board()
                        .pieces(color, role)
                        .into_iter()
                        .map(move |sq| man_on(pos, role, color, sq, lang))
                })
                .collect();
            format!("{}{colon}{}", lang.side(color, second), men.join(item_sep))
        })
        .collect::<Vec<_>>()
        .join(side_sep)
}

/// One man as written in a description: its letter and square, with a returning pawn's mark
/// and, under a step-back ruleset where both kinds of bers share the board, the weak bers
/// told apart (`J` in English, a mark elsewhere).
fn man_on(pos: &Position, role: Role, color: Color, sq: Square, lang: Lang) -> String {
    let weak = role == Role::Bers && pos.ruleset().steps_back() && pos.weak_bers().contains(sq);
    let returning = role == Role::Pawn && pos.board().returning().contains(sq);
    let letter = if weak && lang == Lang::En {
        "J"
    } else {
        lang.man(role, color)
    };
    let mark = match (weak, returning) {
        (true, _) if lang != Lang::En => lang.weak_bers_mark(),
        (_, true) => lang.returning_mark(),
        _ => "",
    };
    format!("{letter}{sq}{mark}")
}
