//! `shatar tournament …`: run an event from the shell. Every command reads the event file,
//! changes it through the library and writes it back atomically, holding the file's lock
//! for the whole change (a second writer waits, then fails naming the file); a refused
//! change or a corrupt file leaves the file as it was.
//!
//! One module per group of subcommands, each subcommand one `…Args` struct with its `run`;
//! the helpers they share (the locked update, the printed reports) are here. The options
//! that name a setting read the library's own enums (`clap::ValueEnum`, the tournament
//! crate's `clap` feature), so their codes are the event file's.

mod create;
mod entrants;
mod reports;
mod results;
mod rounds;
mod simulate;
mod trf;

use std::path::Path;

use anyhow::{Context, Result, anyhow};
use clap::Subcommand;
use shatar_tournament::report::{self, Format, Kind, Lang};
use shatar_tournament::store::{self, UpdateError};
use shatar_tournament::{Event, RoundNo};

/// The `shatar tournament` command group.
#[derive(Subcommand)]
pub enum TournamentCommand {
    /// Create a new event file.
    ///
    /// Example: shatar tournament new naadam.json --name "Naadam 2026" --system swiss --rounds 7
    New(create::NewArgs),
    /// Register a player (or import a CSV list with --csv).
    ///
    /// Example: shatar tournament add-player naadam.json --name "Батбаяр" --rating 1850
    AddPlayer(entrants::AddPlayerArgs),
    /// Register a team with its members in registered order (board players, then reserves).
    ///
    /// Example: shatar tournament add-team cup.json --name "Хөх хот" --member A --member B
    AddTeam(entrants::AddTeamArgs),
    /// Make the draw: number the entrants and fix the rounds.
    ///
    /// Example: shatar tournament start naadam.json
    Start(rounds::StartArgs),
    /// Pair the next round and print it.
    ///
    /// Example: shatar tournament pair naadam.json --explain
    Pair(rounds::PairArgs),
    /// Enter a result. Individual: the two entrants as the pairing lists them (White,
    /// then Black) and one result per game (1-0, 0-1, 1/2, +-, -+, adj:W-B:reason); the
    /// double forfeit is --double-forfeit, or `--` after a `--` separator. A different
    /// result already entered is changed only with --replace; the same one again changes
    /// nothing. Team: --board and the line-ups, then one result per board (games of one
    /// board joined by '+').
    ///
    /// Examples: shatar tournament result naadam.json --round 1 --white 3 --black 7 1-0
    ///           shatar tournament result naadam.json --round 1 --white 3 --black 7 --double-forfeit
    ///           shatar tournament result naadam.json --round 1 --white 3 --black 7 -- --
    ///           shatar tournament result cup.json --round 1 --board 1 --white-lineup 1,2,3,4 --black-lineup 9,10,11,12 1-0 1/2 0-1 1-0
    Result(results::ResultArgs),
    /// Withdraw an entrant (competition rules ch.2 §7, docs/competition.md).
    ///
    /// Example: shatar tournament withdraw naadam.json --entrant 5 --reason illness
    Withdraw(entrants::WithdrawArgs),
    /// Record a player's total violations (a tie-break).
    ///
    /// Example: shatar tournament violations naadam.json --player 5 --count 2
    Violations(entrants::ViolationsArgs),
    /// Print the standings with every tie-break column.
    ///
    /// Example: shatar tournament standings naadam.json --lang zh
    Standings(reports::StandingsArgs),
    /// Print the crosstable.
    ///
    /// Example: shatar tournament crosstable naadam.json --format csv
    Crosstable(reports::CrosstableArgs),
    /// Write a report: pairings, standings, crosstable, bracket, match-cards, awards,
    /// members-total, members-place-points.
    ///
    /// Example: shatar tournament report naadam.json --kind awards --format html --lang mn --out awards.html
    Report(reports::ReportArgs),
    /// Write the event as FIDE TRF-16 (with XXR/XXC) to standard output.
    ///
    /// Example: shatar tournament export-trf naadam.json > naadam.trf
    ExportTrf(trf::ExportTrfArgs),
    /// Read a TRF-16 file into a new event file.
    ///
    /// Rounds are read in every spelling of TRF-16, TRF-2026 and the programs that write
    /// them (0000 or blanks for no opponent; U, +, F, H, =, Z, - without one; LF, CRLF or
    /// CR line ends). Rounds after the last one with a game are rounds to come: their H,
    /// F and Z are requested byes. The points of columns 81-84 are checked against the
    /// rounds read: a difference is a warning, an error with --strict. A file with team
    /// records (TRF-2026 310, or TRF-16 013 without them) becomes a team event: teams,
    /// matches, line-ups and board results from the members' games, board colours as 352
    /// gives them (another convention than White on odd boards is kept for the rounds read,
    /// and said), team byes from 320, 310 points checked against the games. A refused file
    /// names the line and columns and leaves --out untouched.
    ///
    /// Example: shatar tournament import-trf naadam.trf --system swiss --out naadam.json
    ImportTrf(trf::ImportTrfArgs),
    /// Print why each pair of a round was made and why others were rejected.
    ///
    /// Example: shatar tournament explain naadam.json --round 3
    Explain(rounds::ExplainArgs),
    /// Run a whole simulated event with random or rating-based results.
    ///
    /// Example: shatar tournament simulate --system swiss --players 40 --rounds 7 --seed 1 --out sim.json
    Simulate(simulate::SimulateArgs),
}

/// Runs a `shatar tournament` command.
pub fn run(cmd: TournamentCommand) -> Result<()> {
    match cmd {
        TournamentCommand::New(args) => args.run(),
        TournamentCommand::AddPlayer(args) => args.run(),
        TournamentCommand::AddTeam(args) => args.run(),
        TournamentCommand::Start(args) => args.run(),
        TournamentCommand::Pair(args) => args.run(),
        TournamentCommand::Result(args) => args.run(),
        TournamentCommand::Withdraw(args) => args.run(),
        TournamentCommand::Violations(args) => args.run(),
        TournamentCommand::Standings(args) => args.run(),
        TournamentCommand::Crosstable(args) => args.run(),
        TournamentCommand::Report(args) => args.run(),
        TournamentCommand::ExportTrf(args) => args.run(),
        TournamentCommand::ImportTrf(args) => args.run(),
        TournamentCommand::Explain(args) => args.run(),
        TournamentCommand::Simulate(args) => args.run(),
    }
}

/// Loads, changes and saves; the file is untouched unless the change succeeds.
fn update<T, E>(file: &Path, change: impl FnOnce(&mut Event) -> Result<T, E>) -> Result<T>
where
    E: std::error::Error + Send + Sync + 'static,
{
    store::update(file, change).map_err(|e| match e {
        UpdateError::File(f) => anyhow::Error::new(f),
        UpdateError::Change(c) => {
            anyhow::Error::new(c).context(format!("{} left unchanged", file.display()))
        }
    })
}

/// Writes the report `kind` of the event in `file`, to `out` or standard output.
fn print_report(
    file: &Path,
    kind: Kind,
    format: Format,
    lang: Lang,
    out: Option<&Path>,
) -> Result<()> {
    let e = store::load(file)?;
    let text = report::render(&e, &report::build(&e, kind, lang), format, lang);
    match out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print!("{text}"),
    }
    Ok(())
}

/// Prints why each pair of a round (default the last) was made.
fn print_explanation(e: &Event, round: Option<RoundNo>) -> Result<()> {
    let r = match round {
        Some(n) => e
            .rounds
            .get(n.index())
            .ok_or_else(|| anyhow!("round {n} has not been paired"))?,
        None => e
            .rounds
            .last()
            .ok_or_else(|| anyhow!("no round has been paired"))?,
    };
    println!("Round {} — pairing decisions", r.number);
    if r.explanation.is_empty() {
        println!("(fixed table or bracket: no choices were made)");
    }
    for line in &r.explanation {
        println!("  {line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum;
    use shatar_tournament::pairing::swiss::acceleration::Acceleration;
    use shatar_tournament::report::{Format, Lang};
    use shatar_tournament::{DrawnMatchRule, LineupMode, System};

    /// The name an option takes for a value: the value clap derives from the variant.
    fn name<T: ValueEnum>(value: &T) -> String {
        value
            .to_possible_value()
            .expect("no variant is hidden")
            .get_name()
            .to_owned()
    }

    #[test]
    fn options_take_the_event_files_codes() {
        // An option's value and the event file's code of a setting are the same text, so a
        // setting read from the command line is written and read back unchanged.
        assert_eq!(System::value_variants(), System::ALL.as_slice());
        for s in System::ALL {
            assert_eq!(System::from_code(&name(&s)), Some(s));
        }
        for a in Acceleration::value_variants() {
            assert_eq!(name(a), a.code());
        }
        for l in LineupMode::value_variants() {
            assert_eq!(LineupMode::from_code(&name(l)), Some(*l));
        }
        for r in DrawnMatchRule::value_variants() {
            assert_eq!(name(r), r.code());
        }
        for l in Lang::value_variants() {
            assert_eq!(name(l), l.code());
        }
        // The report forms are the command line's alone (no file stores one).
        let formats: Vec<String> = Format::value_variants().iter().map(name).collect();
        assert_eq!(formats, ["text", "csv", "html"]);
        let names: Vec<String> = System::value_variants().iter().map(name).collect();
        assert_eq!(
            names,
            [
                "round-robin",
                "double-round-robin",
                "group-round-robin",
                "swiss",
                "dutch",
                "swiss-elimination",
                "single-elimination",
                "double-elimination",
                "arena"
            ]
        );
    }
}
