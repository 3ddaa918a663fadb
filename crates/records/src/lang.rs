//! The languages records are written in: the men's letters and names, the sides' names and
//! the words of score sheets (docs/rules.md §1 table, §6; S4 ch.2 §2; S1 §2.3).
//!
//! ```
//! use shatar_records::Lang;
//! use shatar_rules::{Color, Role};
//! assert_eq!(Lang::En.man(Role::Horse, Color::White), "N");
//! assert_eq!(Lang::Zh.man(Role::Bers, Color::White), "虎");
//! assert_eq!(Lang::Zh.man(Role::Bers, Color::Black), "狮");
//! assert_eq!(Lang::Zh000.man(Role::Camel, Color::White), "象");
//! assert_eq!(Lang::Mn.man(Role::Rook, Color::White), "Тр");
//! ```

use shatar_rules::{Color, Role};
use std::fmt;
use std::str::FromStr;

pub use crate::error::UnknownLang;

/// A language of records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Lang {
    /// English letters `K Q R B N P`.
    #[default]
    En,
    /// Chinese in S4's names: `王 虎/狮 车 驼 马 夫` (the bers is White's tiger 虎 and Blue's
    /// lion 狮, S4 ch.2 §2).
    Zh,
    /// Chinese in S1's names: `王 后 车 象 马 兵`.
    #[cfg_attr(feature = "clap", value(name = "zh-000"))]
    Zh000,
    /// Mongolian in Cyrillic: `Н Б Тр Т М Х` (S1).
    Mn,
}

/// How the second side is called: Black (S1, FIDE) or Blue (S4's 蓝方).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SecondSide {
    /// Black (黑方, Хар).
    #[default]
    Black,
    /// Blue (蓝方, Хөх).
    Blue,
}

/// The words a language needs for records.
struct Words {
    king: &'static str,
    bers_white: &'static str,
    bers_black: &'static str,
    rook: &'static str,
    camel: &'static str,
    horse: &'static str,
    pawn: &'static str,
}

const EN: Words = Words {
    king: "K",
    bers_white: "Q",
    bers_black: "Q",
    rook: "R",
    camel: "B",
    horse: "N",
    pawn: "P",
};
const ZH: Words = Words {
    king: "王",
    bers_white: "虎",
    bers_black: "狮",
    rook: "车",
    camel: "驼",
    horse: "马",
    pawn: "夫",
};
const ZH000: Words = Words {
    king: "王",
    bers_white: "后",
    bers_black: "后",
    rook: "车",
    camel: "象",
    horse: "马",
    pawn: "兵",
};
const MN: Words = Words {
    king: "Н",
    bers_white: "Б",
    bers_black: "Б",
    rook: "Тр",
    camel: "Т",
    horse: "М",
    pawn: "Х",
};

/// Every spelling of a man the parsers accept, longest first where one is a prefix of
/// another (`Тр` before `Т`, `駱駝` before `駝`). All languages at once: their letters do not
/// collide, so a record may mix them.
const MAN_WORDS: &[(&str, Role)] = &[
    ("K", Role::King),
    ("Q", Role::Bers),
    ("J", Role::Bers),
    ("R", Role::Rook),
    ("B", Role::Camel),
    ("N", Role::Horse),
    ("P", Role::Pawn),
    ("王", Role::King),
    ("猛虎", Role::Bers),
    ("雄狮", Role::Bers),
    ("雄獅", Role::Bers),
    ("虎", Role::Bers),
    ("狮", Role::Bers),
    ("獅", Role::Bers),
    ("后", Role::Bers),
    ("車", Role::Rook),
    ("车", Role::Rook),
    ("骆驼", Role::Camel),
    ("駱駝", Role::Camel),
    ("驼", Role::Camel),
    ("駝", Role::Camel),
    ("象", Role::Camel),
    ("马", Role::Horse),
    ("馬", Role::Horse),
    ("夫", Role::Pawn),
    ("兵", Role::Pawn),
    ("Тр", Role::Rook),
    ("Н", Role::King),
    ("Б", Role::Bers),
    ("Т", Role::Camel),
    ("М", Role::Horse),
    ("Х", Role::Pawn),
];

/// The man spelled at `chars[i..]`, with the number of characters used.
pub(crate) fn scan_man(chars: &[char], i: usize) -> Option<(Role, usize)> {
    MAN_WORDS.iter().find_map(|&(word, role)| {
        let n = word.chars().count();
        let here = chars.get(i..i + n)?;
        word.chars()
            .zip(here.iter())
            .all(|(a, &b)| a == b)
            .then_some((role, n))
    })
}

/// The man a whole word spells (`"Тр"`, `"虎"`, `"N"`).
pub fn parse_man(word: &str) -> Option<Role> {
    let chars: Vec<char> = word.chars().collect();
    match scan_man(&chars, 0) {
        Some((role, n)) if n == chars.len() => Some(role),
        _ => None,
    }
}

impl Lang {
    /// All languages.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Zh, Lang::Zh000, Lang::Mn];

    fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
            Lang::Zh000 => &ZH000,
            Lang::Mn => &MN,
        }
    }

    /// The command-line name: `en`, `zh`, `zh-000`, `mn`.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::Zh000 => "zh-000",
            Lang::Mn => "mn",
        }
    }

    /// The letter or character of a man of `color` (the colour matters only for S4's bers).
    pub fn man(self, role: Role, color: Color) -> &'static str {
        let w = self.words();
        match role {
            Role::King => w.king,
            Role::Bers => match color {
                Color::White => w.bers_white,
                Color::Black => w.bers_black,
            },
            Role::Rook => w.rook,
            Role::Camel => w.camel,
            Role::Horse => w.horse,
            Role::Pawn => w.pawn,
        }
    }

    /// The word written before a promoted man in full and short notation: 变 ("becomes",
    /// S4 ch.2 §2: `a7—a8变虎`) in Chinese, nothing in English and Mongolian (`a7—a8Q`).
    pub const fn promotion_word(self) -> &'static str {
        match self {
            Lang::Zh | Lang::Zh000 => "变",
            Lang::En | Lang::Mn => "",
        }
    }

    /// The mark after a returning pawn in a description (docs/rules.md §2, step-back pawn).
    pub const fn returning_mark(self) -> &'static str {
        match self {
            Lang::En => " (returning)",
            Lang::Zh | Lang::Zh000 => "（回）",
            Lang::Mn => " (буцах)",
        }
    }

    /// The mark after a weak bers in a description where both kinds share the board
    /// (English writes the weak bers `J` instead).
    pub const fn weak_bers_mark(self) -> &'static str {
        match self {
            Lang::En => "",
            Lang::Zh | Lang::Zh000 => "（弱）",
            Lang::Mn => " (сул)",
        }
    }

    /// How the second side is called by default in this language: S4's Chinese says Blue.
    pub const fn default_second_side(self) -> SecondSide {
        match self {
            Lang::Zh => SecondSide::Blue,
            Lang::En | Lang::Zh000 | Lang::Mn => SecondSide::Black,
        }
    }

    /// The name of a side.
    pub fn side(self, color: Color, second: SecondSide) -> &'static str {
        match (self, color, second) {
            (Lang::En, Color::White, _) => "White",
            (Lang::En, Color::Black, SecondSide::Black) => "Black",
            (Lang::En, Color::Black, SecondSide::Blue) => "Blue",
            (Lang::Zh | Lang::Zh000, Color::White, _) => "白方",
            (Lang::Zh | Lang::Zh000, Color::Black, SecondSide::Black) => "黑方",
            (Lang::Zh | Lang::Zh000, Color::Black, SecondSide::Blue) => "蓝方",
            (Lang::Mn, Color::White, _) => "Цагаан",
            (Lang::Mn, Color::Black, SecondSide::Black) => "Хар",
            (Lang::Mn, Color::Black, SecondSide::Blue) => "Хөх",
        }
    }

    /// The full name of a man, for tuuxəi names and descriptions (`Camel`, `駝`, `Тэмээ`).
    pub fn man_name(self, role: Role, color: Color) -> &'static str {
        match self {
            Lang::En => match role {
                Role::King => "King",
                Role::Bers => "Bers",
                Role::Rook => "Rook",
                Role::Camel => "Camel",
                Role::Horse => "Horse",
                Role::Pawn => "Pawn",
            },
            // S3's traditional names, as in 駝二圖嘿 and 虎一圖嘿.
            Lang::Zh | Lang::Zh000 => match role {
                Role::King => "王",
                Role::Bers => match (self, color) {
                    (Lang::Zh000, _) => "后",
                    (_, Color::White) => "虎",
                    (_, Color::Black) => "狮",
                },
                Role::Rook => "车",
                Role::Camel => "驼",
                Role::Horse => "马",
                Role::Pawn => "夫",
            },
            Lang::Mn => match role {
                Role::King => "Ноён",
                Role::Bers => "Бэрс",
                Role::Rook => "Тэрэг",
                Role::Camel => "Тэмээ",
                Role::Horse => "Морь",
                Role::Pawn => "Хүү",
            },
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_written_man_parses_back() {
        for lang in Lang::ALL {
            for role in Role::ALL {
                for color in Color::ALL {
                    assert_eq!(
                        parse_man(lang.man(role, color)),
                        Some(role),
                        "{lang} {role}"
                    );
                }
            }
        }
    }

    #[test]
    fn longest_spelling_wins() {
        assert_eq!(parse_man("Тр"), Some(Role::Rook));
        assert_eq!(parse_man("Т"), Some(Role::Camel));
        assert_eq!(parse_man("駱駝"), Some(Role::Camel));
        assert_eq!(parse_man("猛虎"), Some(Role::Bers));
        assert_eq!(parse_man("x"), None);
    }
}
