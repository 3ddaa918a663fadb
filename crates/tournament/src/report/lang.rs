//! Report languages: Chinese, Mongolian (Cyrillic; names also in the traditional script
//! where given) and English.

use crate::tiebreak::Tiebreak;

/// A language of the reports, and of the web pages that show them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Lang {
    /// 中文.
    Zh,
    /// Монгол (Cyrillic).
    Mn,
    /// English.
    En,
}

impl Lang {
    /// Every language, Chinese first (the order of a language switcher).
    pub const ALL: [Lang; 3] = [Lang::Zh, Lang::Mn, Lang::En];

    /// Parses `zh`, `mn` or `en`.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "zh" => Some(Lang::Zh),
            "mn" => Some(Lang::Mn),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The code (`zh`, `mn`, `en`), also the HTML `lang` attribute.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::Mn => "mn",
            Lang::En => "en",
        }
    }
}

/// A fixed word or phrase of the reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Word {
    Round,
    Board,
    White,
    Black,
    Result,
    Place,
    Number,
    Name,
    Club,
    Rating,
    Bye,
    Pairings,
    Standings,
    Crosstable,
    Bracket,
    MatchCard,
    Awards,
    Match,
    Winner,
    Team,
    Prize,
    GoldenCamelCup,
    SteedCup,
    CattleCup,
    Group,
    Total,
}

/// The word in a language.
#[must_use]
pub fn word(lang: Lang, w: Word) -> &'static str {
    use Word::*;
    match (lang, w) {
        (Lang::En, Round) => "Round",
        (Lang::Zh, Round) => "轮次",
        (Lang::Mn, Round) => "Тойрог",
        (Lang::En, Board) => "Board",
        (Lang::Zh, Board) => "台次",
        (Lang::Mn, Board) => "Ширээ",
        (Lang::En, White) => "White",
        (Lang::Zh, White) => "白方",
        (Lang::Mn, White) => "Цагаан",
        (Lang::En, Black) => "Blue",
        (Lang::Zh, Black) => "蓝方",
        (Lang::Mn, Black) => "Хөх",
        (Lang::En, Result) => "Result",
        (Lang::Zh, Result) => "结果",
        (Lang::Mn, Result) => "Дүн",
        (Lang::En, Place) => "Place",
        (Lang::Zh, Place) => "名次",
        (Lang::Mn, Place) => "Байр",
        (Lang::En, Number) => "No.",
        (Lang::Zh, Number) => "编号",
        (Lang::Mn, Number) => "№",
        (Lang::En, Name) => "Name",
        (Lang::Zh, Name) => "姓名",
        (Lang::Mn, Name) => "Нэр",
        (Lang::En, Club) => "Club",
        (Lang::Zh, Club) => "单位",
        (Lang::Mn, Club) => "Клуб",
        (Lang::En, Rating) => "Rating",
        (Lang::Zh, Rating) => "等级分",
        (Lang::Mn, Rating) => "Үнэлгээ",
        (Lang::En, Bye) => "bye",
        (Lang::Zh, Bye) => "轮空",
        (Lang::Mn, Bye) => "чөлөө",
        (Lang::En, Pairings) => "Pairings",
        (Lang::Zh, Pairings) => "对阵表",
        (Lang::Mn, Pairings) => "Хослол",
        (Lang::En, Standings) => "Standings",
        (Lang::Zh, Standings) => "成绩排名",
        (Lang::Mn, Standings) => "Байрлал",
        (Lang::En, Crosstable) => "Crosstable",
        (Lang::Zh, Crosstable) => "成绩交叉表",
        (Lang::Mn, Crosstable) => "Тоглолтын хүснэгт",
        (Lang::En, Bracket) => "Bracket",
        (Lang::Zh, Bracket) => "淘汰赛对阵",
        (Lang::Mn, Bracket) => "Хасагдах шат",
        (Lang::En, MatchCard) => "Match card",
        (Lang::Zh, MatchCard) => "团体对抗记录",
        (Lang::Mn, MatchCard) => "Багийн тоглолтын хуудас",
        (Lang::En, Awards) => "Awards",
        (Lang::Zh, Awards) => "获奖名单",
        (Lang::Mn, Awards) => "Шагналтнууд",
        (Lang::En, Match) => "Match",
        (Lang::Zh, Match) => "场次",
        (Lang::Mn, Match) => "Тоглолт",
        (Lang::En, Winner) => "Winner",
        (Lang::Zh, Winner) => "胜者",
        (Lang::Mn, Winner) => "Ялагч",
        (Lang::En, Team) => "Team",
        (Lang::Zh, Team) => "队",
        (Lang::Mn, Team) => "Баг",
        (Lang::En, Prize) => "Prize",
        (Lang::Zh, Prize) => "奖项",
        (Lang::Mn, Prize) => "Шагнал",
        (Lang::En, GoldenCamelCup) => "Golden Camel Cup",
        (Lang::Zh, GoldenCamelCup) => "金驼杯",
        (Lang::Mn, GoldenCamelCup) => "Алтан тэмээний цом",
        (Lang::En, SteedCup) => "Steed Cup",
        (Lang::Zh, SteedCup) => "骏马杯",
        (Lang::Mn, SteedCup) => "Хүлэг морины цом",
        (Lang::En, CattleCup) => "Mongolian Cattle Cup",
        (Lang::Zh, CattleCup) => "蒙牛杯",
        (Lang::Mn, CattleCup) => "Монгол үхрийн цом",
        (Lang::En, Group) => "Group",
        (Lang::Zh, Group) => "组",
        (Lang::Mn, Group) => "Хэсэг",
        (Lang::En, Total) => "Total",
        (Lang::Zh, Total) => "合计",
        (Lang::Mn, Total) => "Нийт",
    }
}

/// A tie-break column's heading.
#[must_use]
pub fn tiebreak_name(lang: Lang, t: Tiebreak) -> &'static str {
    use Tiebreak::*;
    match (lang, t) {
        (Lang::En, Points) => "Pts",
        (Lang::Zh, Points) => "积分",
        (Lang::Mn, Points) => "Оноо",
        (Lang::En, MatchPoints) => "MP",
        (Lang::Zh, MatchPoints) => "场分",
        (Lang::Mn, MatchPoints) => "Тоглолтын оноо",
        (Lang::En, GamePoints) => "GP",
        (Lang::Zh, GamePoints) => "局分",
        (Lang::Mn, GamePoints) => "Партийн оноо",
        (Lang::En, BoardPoints) => "BP",
        (Lang::Zh, BoardPoints) => "台分",
        (Lang::Mn, BoardPoints) => "Ширээний оноо",
        (Lang::En, SonnebornBerger) => "SB",
        (Lang::Zh, SonnebornBerger) => "小分",
        (Lang::Mn, SonnebornBerger) => "Зонненборн-Бергер",
        (Lang::En, Wins) => "Wins",
        (Lang::Zh, Wins) => "胜局",
        (Lang::Mn, Wins) => "Хожил",
        (Lang::En, DirectEncounter) => "DE",
        (Lang::Zh, DirectEncounter) => "直胜",
        (Lang::Mn, DirectEncounter) => "Шууд тоглолт",
        (Lang::En, FewerViolations) => "Viol.",
        (Lang::Zh, FewerViolations) => "违例",
        (Lang::Mn, FewerViolations) => "Зөрчил",
        (Lang::En, Buchholz) => "BH",
        (Lang::Zh, Buchholz) => "对手分",
        (Lang::Mn, Buchholz) => "Бухгольц",
        (Lang::En, BuchholzCut1) => "BH-C1",
        (Lang::Zh, BuchholzCut1) => "对手分(去1)",
        (Lang::Mn, BuchholzCut1) => "Бухгольц-1",
        (Lang::En, BuchholzMedian) => "BH-M1",
        (Lang::Zh, BuchholzMedian) => "对手分(中)",
        (Lang::Mn, BuchholzMedian) => "Медиан Бухгольц",
        (Lang::En, TeamBuchholz) => "TBH",
        (Lang::Zh, TeamBuchholz) => "团体对手分",
        (Lang::Mn, TeamBuchholz) => "Багийн Бухгольц",
    }
}
