//! Reports: pairings, standings with every tie-break column, crosstable, bracket, team
//! match cards and the award list, each built as [`Table`]s and rendered as terminal
//! text, CSV or printable HTML, in Chinese, Mongolian or English.

pub(crate) mod csv;
mod html;
pub mod lang;
pub mod lists;
mod text;

pub use lang::{Lang, Word, word};
pub use lists::{players_table, teams_table};

use crate::event::{Entrants, Event};
use crate::numbers::{EntrantNo, RoundNo};
use crate::score::Score;
use crate::scoring::{EncounterKind, tallies};
use crate::standings::standings;

/// A titled table of text cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Title.
    pub title: String,
    /// Column headings.
    pub headers: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// Aligned terminal text.
    Text,
    /// Comma-separated values (one table after another, separated by a blank line).
    Csv,
    /// A standalone HTML page with a print stylesheet.
    Html,
}

/// Which report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Pairings of one round (the last one if `None`).
    Pairings(Option<RoundNo>),
    /// Standings with every tie-break column.
    Standings,
    /// Crosstable.
    Crosstable,
    /// Knock-out bracket.
    Bracket,
    /// Team match cards of one round.
    MatchCards(Option<RoundNo>),
    /// Final award list.
    Awards,
    /// Teams ranked by their members' individual results (队员总分).
    MembersTotal(crate::members_total::Method),
}

/// Renders tables in a format.
#[must_use]
pub fn render(event: &Event, tables: &[Table], format: Format, lang: Lang) -> String {
    match format {
        Format::Text => text::render(tables),
        Format::Csv => csv::render(tables),
        Format::Html => html::render(&event.name, tables, lang),
    }
}

/// Builds a report.
#[must_use]
pub fn build(event: &Event, kind: Kind, lang: Lang) -> Vec<Table> {
    match kind {
        Kind::Pairings(r) => pairings(event, r, lang),
        Kind::Standings => vec![standings_table(event, lang)],
        Kind::Crosstable => vec![crosstable(event, lang)],
        Kind::Bracket => vec![bracket(event, lang)],
        Kind::MatchCards(r) => match_cards(event, r, lang),
        Kind::Awards => vec![awards(event, lang)],
        Kind::MembersTotal(m) => vec![members_total(event, m, lang)],
    }
}

/// Entrant's display name; in Mongolian the traditional-script name is added.
fn name(event: &Event, n: EntrantNo, lang: Lang) -> String {
    let base = event.entrant_name(n);
    if lang == Lang::Mn
        && !event.is_team_event()
        && let Some(tr) = event.player(n).and_then(|p| p.name_traditional.as_ref())
    {
        return format!("{base} ({tr})");
    }
    base
}

fn player_name(event: &Event, n: EntrantNo, lang: Lang) -> String {
    let base = event
        .player(n)
        .map_or_else(|| format!("#{n}"), |p| p.name.clone());
    if lang == Lang::Mn
        && let Some(tr) = event.player(n).and_then(|p| p.name_traditional.as_ref())
    {
        return format!("{base} ({tr})");
    }
    base
}

fn pairings(event: &Event, round: Option<RoundNo>, lang: Lang) -> Vec<Table> {
    let Some(r) = round
        .and_then(|n| event.rounds.get(n.index()))
        .or(event.rounds.last())
    else {
        return Vec::new();
    };
    let w = |x| word(lang, x).to_owned();
    let rows = r
        .pairings
        .iter()
        .map(|p| {
            let (black, result) = match p.black {
                Some(b) => (
                    format!("{} ({b})", name(event, b, lang)),
                    p.games
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                None => (
                    w(Word::Bye),
                    p.bye_points.unwrap_or(Score::ZERO).to_string(),
                ),
            };
            vec![
                p.board.to_string(),
                format!("{} ({})", name(event, p.white, lang), p.white),
                black,
                result,
            ]
        })
        .collect();
    vec![Table {
        title: format!("{} — {} {}", w(Word::Pairings), w(Word::Round), r.number),
        headers: vec![
            w(Word::Board),
            w(Word::White),
            w(Word::Black),
            w(Word::Result),
        ],
        rows,
    }]
}

fn standings_table(event: &Event, lang: Lang) -> Table {
    let s = standings(event);
    let mut headers = vec![
        word(lang, Word::Place).to_owned(),
        word(lang, Word::Number).to_owned(),
        word(lang, Word::Name).to_owned(),
    ];
    headers.extend(
        s.order
            .iter()
            .map(|t| lang::tiebreak_name(lang, *t).to_owned()),
    );
    let rows = s
        .lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.place_label(),
                l.entrant.to_string(),
                name(event, l.entrant, lang),
            ];
            row.extend(l.values.iter().zip(&s.order).map(|(v, t)| t.display(*v)));
            row
        })
        .collect();
    Table {
        title: format!("{} — {}", event.name, word(lang, Word::Standings)),
        headers,
        rows,
    }
}

/// Crosstable in start-number order: each cell holds the points scored against that
/// opponent (several rounds joined by a space); forfeits marked +/−.
fn crosstable(event: &Event, lang: Lang) -> Table {
    let t = tallies(event);
    let format = crate::scoring::Format::of(event);
    let numbers: Vec<EntrantNo> = t.keys().copied().collect();
    let mut headers = vec![
        word(lang, Word::Number).to_owned(),
        word(lang, Word::Name).to_owned(),
    ];
    headers.extend(numbers.iter().map(ToString::to_string));
    headers.push(word(lang, Word::Total).to_owned());
    let rows = numbers
        .iter()
        .map(|n| {
            let tally = t.get(n);
            let mut row = vec![n.to_string(), name(event, *n, lang)];
            for m in &numbers {
                if m == n {
                    row.push("×".into());
                    continue;
                }
                let cell: Vec<String> = tally
                    .map(|t| {
                        t.encounters
                            .iter()
                            .filter(|e| e.opponent == Some(*m))
                            .map(|e| {
                                let pts = e.primary(format);
                                match e.kind {
                                    EncounterKind::ForfeitWin => "+".into(),
                                    EncounterKind::ForfeitLoss | EncounterKind::DoubleForfeit => {
                                        "-".into()
                                    }
                                    _ => half_symbol(pts),
                                }
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                row.push(cell.join(" "));
            }
            let total: Score = tally
                .map(|t| t.encounters.iter().map(|e| e.primary(format)).sum())
                .unwrap_or(Score::ZERO);
            row.push(total.to_string());
            row
        })
        .collect();
    Table {
        title: format!("{} — {}", event.name, word(lang, Word::Crosstable)),
        headers,
        rows,
    }
}

fn half_symbol(s: Score) -> String {
    match s.quarters() {
        2 => "½".into(),
        q if q % 4 == 2 => format!("{}½", q / 4),
        _ => s.to_string(),
    }
}

fn bracket(event: &Event, lang: Lang) -> Table {
    let w = |x| word(lang, x).to_owned();
    let mut rows = Vec::new();
    for r in &event.rounds {
        for p in &r.pairings {
            let winner = match p.black {
                None => Some(p.white),
                Some(_) => crate::pairing::elimination::match_winner(event, p),
            };
            rows.push(vec![
                r.number.to_string(),
                p.slot.clone().unwrap_or_else(|| p.board.to_string()),
                name(event, p.white, lang),
                p.black
                    .map_or_else(|| w(Word::Bye), |b| name(event, b, lang)),
                p.games
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                winner.map(|x| name(event, x, lang)).unwrap_or_default(),
            ]);
        }
    }
    Table {
        title: format!("{} — {}", event.name, w(Word::Bracket)),
        headers: vec![
            w(Word::Round),
            w(Word::Match),
            w(Word::White),
            w(Word::Black),
            w(Word::Result),
            w(Word::Winner),
        ],
        rows,
    }
}

fn match_cards(event: &Event, round: Option<RoundNo>, lang: Lang) -> Vec<Table> {
    let Some(r) = round
        .and_then(|n| event.rounds.get(n.index()))
        .or(event.rounds.last())
    else {
        return Vec::new();
    };
    let w = |x| word(lang, x).to_owned();
    let mut out = Vec::new();
    for p in &r.pairings {
        let (Some(black), Some(tm)) = (p.black, &p.team_match) else {
            continue;
        };
        let all_play_all = matches!(
            event.entrants,
            Entrants::Team {
                lineup: crate::team::LineupMode::AllPlayAll,
                ..
            }
        );
        let width = tm.black_lineup.len().max(1);
        let rows = tm
            .boards
            .iter()
            .enumerate()
            .map(|(b, games)| {
                let (i, j) = if all_play_all {
                    (b / width, b % width)
                } else {
                    (b, b)
                };
                let a = tm.white_lineup.get(i).copied();
                let z = tm.black_lineup.get(j).copied();
                // The first team has White on odd boards (1-based), or the colours an
                // imported round was played with.
                let first_white = if all_play_all {
                    (i + j).is_multiple_of(2)
                } else {
                    event.first_team_colour(r.number, b) == crate::result::Color::White
                };
                let (wp, bp) = if first_white { (a, z) } else { (z, a) };
                let shown = |p: Option<EntrantNo>| {
                    p.map_or_else(|| "#0".to_owned(), |p| player_name(event, p, lang))
                };
                vec![
                    (b + 1).to_string(),
                    shown(wp),
                    shown(bp),
                    games
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                ]
            })
            .collect();
        out.push(Table {
            title: format!(
                "{} — {} {}, {} {}: {} – {}",
                w(Word::MatchCard),
                w(Word::Round),
                r.number,
                w(Word::Board),
                p.board,
                name(event, p.white, lang),
                name(event, black, lang)
            ),
            headers: vec![
                w(Word::Board),
                w(Word::White),
                w(Word::Black),
                w(Word::Result),
            ],
            rows,
        });
    }
    out
}

fn members_total(event: &Event, method: crate::members_total::Method, lang: Lang) -> Table {
    let w = |x| word(lang, x).to_owned();
    let rows = crate::members_total::team_standings(event, method)
        .into_iter()
        .map(|l| {
            let label = if l.place == l.place_to {
                l.place.to_string()
            } else {
                format!("{}-{}", l.place, l.place_to)
            };
            vec![
                label,
                event
                    .team(l.team)
                    .map(|t| t.name.clone())
                    .unwrap_or_default(),
                l.value.to_string(),
                l.best_place.to_string(),
            ]
        })
        .collect();
    let value = match method {
        crate::members_total::Method::GamePoints => {
            lang::tiebreak_name(lang, crate::tiebreak::Tiebreak::GamePoints)
        }
        crate::members_total::Method::PlacePoints => match lang {
            Lang::En => "Place points",
            Lang::Zh => "名次分",
            Lang::Mn => "Байрын оноо",
        },
    };
    Table {
        title: format!("{} — {}", event.name, w(Word::Team)),
        headers: vec![
            w(Word::Place),
            w(Word::Team),
            value.to_owned(),
            w(Word::Place),
        ],
        rows,
    }
}

/// S4 ch.5: team places 1–3 receive the Golden Camel, Steed and Mongolian Cattle cups;
/// individual prizes for places 1–5.
fn awards(event: &Event, lang: Lang) -> Table {
    let s = standings(event);
    let w = |x| word(lang, x).to_owned();
    let mut rows = Vec::new();
    if event.is_team_event() {
        for l in s.lines.iter().filter(|l| l.place <= 3) {
            let cup = match l.place {
                1 => Word::GoldenCamelCup,
                2 => Word::SteedCup,
                _ => Word::CattleCup,
            };
            rows.push(vec![l.place_label(), name(event, l.entrant, lang), w(cup)]);
        }
    } else {
        // Knock-out standings are already by the bracket (champion first).
        let order = s
            .lines
            .iter()
            .map(|l| (l.place_label(), l.place, l.entrant));
        for (label, place, entrant) in order.filter(|x| x.1 <= 5) {
            let prize = match lang {
                Lang::En => format!("Place {place}"),
                Lang::Zh => format!("第{place}名"),
                Lang::Mn => format!("{place}-р байр"),
            };
            rows.push(vec![label, name(event, entrant, lang), prize]);
        }
    }
    Table {
        title: format!("{} — {}", event.name, w(Word::Awards)),
        headers: vec![
            w(Word::Place),
            if event.is_team_event() {
                w(Word::Team)
            } else {
                w(Word::Name)
            },
            w(Word::Prize),
        ],
        rows,
    }
}
