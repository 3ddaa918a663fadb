//! Reports: `standings`, `crosstable`, `report`.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use shatar_tournament::members_total::Method;
use shatar_tournament::report::{self, Kind};
use shatar_tournament::{RoundNo, store};

use super::{parse_format, parse_lang, parse_tiebreaks, print_report};

/// The options of `shatar tournament standings`.
#[derive(Args)]
pub struct StandingsArgs {
    /// Event file.
    file: PathBuf,
    /// Tie-break columns to show instead of the event's order (comma-separated codes).
    #[arg(long)]
    tiebreaks: Option<String>,
    /// Output: text, csv, html.
    #[arg(long, default_value = "text")]
    format: String,
    /// Language: zh, mn, en.
    #[arg(long, default_value = "en")]
    lang: String,
}

impl StandingsArgs {
    /// Prints the standings (with other tie-break columns when `--tiebreaks` is given).
    pub fn run(self) -> Result<()> {
        let Some(codes) = self.tiebreaks else {
            return print_report(&self.file, Kind::Standings, &self.format, &self.lang, None);
        };
        let mut e = store::load(&self.file)?;
        e.tiebreaks = parse_tiebreaks(&codes)?;
        let lang = parse_lang(&self.lang)?;
        let format = parse_format(&self.format)?;
        let tables = report::build(&e, Kind::Standings, lang);
        print!("{}", report::render(&e, &tables, format, lang));
        Ok(())
    }
}

/// The options of `shatar tournament crosstable`.
#[derive(Args)]
pub struct CrosstableArgs {
    /// Event file.
    file: PathBuf,
    /// Output: text, csv, html.
    #[arg(long, default_value = "text")]
    format: String,
    /// Language: zh, mn, en.
    #[arg(long, default_value = "en")]
    lang: String,
}

impl CrosstableArgs {
    /// Prints the crosstable.
    pub fn run(self) -> Result<()> {
        print_report(&self.file, Kind::Crosstable, &self.format, &self.lang, None)
    }
}

/// The options of `shatar tournament report`.
#[derive(Args)]
pub struct ReportArgs {
    /// Event file.
    file: PathBuf,
    /// Which report.
    #[arg(long, default_value = "standings")]
    kind: String,
    /// Round (pairings, match cards; default the last).
    #[arg(long)]
    round: Option<RoundNo>,
    /// Output: text, csv, html.
    #[arg(long, default_value = "text")]
    format: String,
    /// Language: zh, mn, en.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Write to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

impl ReportArgs {
    /// Writes the report.
    pub fn run(self) -> Result<()> {
        let round = self.round;
        let kind = match self.kind.as_str() {
            "pairings" => Kind::Pairings(round),
            "standings" => Kind::Standings,
            "crosstable" => Kind::Crosstable,
            "bracket" => Kind::Bracket,
            "match-cards" => Kind::MatchCards(round),
            "awards" => Kind::Awards,
            "members-total" => Kind::MembersTotal(Method::GamePoints),
            "members-place-points" => Kind::MembersTotal(Method::PlacePoints),
            other => bail!(
                "--kind {other:?}: pairings, standings, crosstable, bracket, match-cards, awards, members-total, members-place-points"
            ),
        };
        print_report(
            &self.file,
            kind,
            &self.format,
            &self.lang,
            self.out.as_deref(),
        )
    }
}
