//! Reports: `standings`, `crosstable`, `report`.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, ValueEnum};
use shatar_tournament::members_total::Method;
use shatar_tournament::report::{self, Format, Kind, Lang};
use shatar_tournament::{RoundNo, Tiebreak, store};

use super::print_report;

/// The options of `shatar tournament standings`.
#[derive(Args)]
pub struct StandingsArgs {
    /// Event file.
    file: PathBuf,
    /// Tie-break columns to show instead of the event's order (comma-separated codes).
    #[arg(long, value_delimiter = ',')]
    tiebreaks: Option<Vec<Tiebreak>>,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Report language.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
}

impl StandingsArgs {
    /// Prints the standings (with other tie-break columns when `--tiebreaks` is given).
    pub fn run(self) -> Result<()> {
        let Some(tiebreaks) = self.tiebreaks else {
            return print_report(&self.file, Kind::Standings, self.format, self.lang, None);
        };
        let mut e = store::load(&self.file)?;
        e.tiebreaks = tiebreaks;
        let tables = report::build(&e, Kind::Standings, self.lang);
        print!("{}", report::render(&e, &tables, self.format, self.lang));
        Ok(())
    }
}

/// The options of `shatar tournament crosstable`.
#[derive(Args)]
pub struct CrosstableArgs {
    /// Event file.
    file: PathBuf,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Report language.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
}

impl CrosstableArgs {
    /// Prints the crosstable.
    pub fn run(self) -> Result<()> {
        print_report(&self.file, Kind::Crosstable, self.format, self.lang, None)
    }
}

/// `--kind` of `shatar tournament report`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReportKind {
    /// A round's pairings (`--round`, default the last).
    Pairings,
    /// The standings.
    Standings,
    /// The crosstable.
    Crosstable,
    /// A knock-out's bracket.
    Bracket,
    /// A team round's match cards (`--round`).
    MatchCards,
    /// The prize list.
    Awards,
    /// Team events: members' totals by game points.
    MembersTotal,
    /// Team events: members' totals by place points.
    MembersPlacePoints,
}

/// The options of `shatar tournament report`.
#[derive(Args)]
pub struct ReportArgs {
    /// Event file.
    file: PathBuf,
    /// Which report.
    #[arg(long, value_enum, default_value_t = ReportKind::Standings)]
    kind: ReportKind,
    /// Round (pairings, match cards; default the last).
    #[arg(long)]
    round: Option<RoundNo>,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Report language.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    /// Write to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

impl ReportArgs {
    /// Writes the report.
    pub fn run(self) -> Result<()> {
        let round = self.round;
        let kind = match self.kind {
            ReportKind::Pairings => Kind::Pairings(round),
            ReportKind::Standings => Kind::Standings,
            ReportKind::Crosstable => Kind::Crosstable,
            ReportKind::Bracket => Kind::Bracket,
            ReportKind::MatchCards => Kind::MatchCards(round),
            ReportKind::Awards => Kind::Awards,
            ReportKind::MembersTotal => Kind::MembersTotal(Method::GamePoints),
            ReportKind::MembersPlacePoints => Kind::MembersTotal(Method::PlacePoints),
        };
        print_report(
            &self.file,
            kind,
            self.format,
            self.lang,
            self.out.as_deref(),
        )
    }
}
