//! `shatar record`: convert game records between PGN, S4's score sheets (full or short
//! notation) and SAN move lists, in English, Chinese or Mongolian; check a record by replaying
//! it and report the first error, or the result and the tuuxəi.

use anyhow::{Context, Result, bail};
use clap::{Subcommand, ValueEnum};
use shatar_records::pgn::{PgnFile, write_pgn};
use shatar_records::{Lang, Notation, Record, sheet};
use shatar_rules::Ruleset;
use std::io::{Read, Write};

/// The `shatar record` commands.
#[derive(Subcommand)]
pub enum RecordCommand {
    /// Convert a record (PGN with any number of games, or a score sheet) to another form.
    Convert {
        /// The input file; `-` reads standard input.
        input: String,
        /// The output form: PGN, a score sheet in full or short notation, or SAN moves.
        #[arg(long, value_enum, default_value_t = Form::Pgn)]
        to: Form,
        /// The language of men and labels (PGN is always English).
        #[arg(long, value_enum, default_value_t = Lang::En)]
        lang: Lang,
        /// Ruleset for records that name none: official, competition, traditional, fsf, or a
        /// .toml/.json ruleset file.
        #[arg(long, default_value = "official")]
        ruleset: String,
    },
    /// Replay a record: report the first error, or each game's result and tuuxəi.
    Check {
        /// The input file; `-` reads standard input.
        input: String,
        /// Ruleset for records that name none.
        #[arg(long, default_value = "official")]
        ruleset: String,
        /// The language of the tuuxəi name.
        #[arg(long, value_enum, default_value_t = Lang::En)]
        lang: Lang,
    },
}

/// An output form of `shatar record convert`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Form {
    /// PGN (English SAN, tags).
    Pgn,
    /// Score sheet in full notation (`(1)e2—e4,e7—e5;`).
    Full,
    /// Score sheet in short notation (`(1)e4,e5;`).
    Short,
    /// Numbered SAN moves in the chosen language.
    San,
}

fn read_input(input: &str) -> Result<String> {
    if input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(input).with_context(|| format!("reading {input}"))
    }
}

fn load(input: &str, ruleset: &str) -> Result<PgnFile> {
    let ruleset = Ruleset::from_name_or_path(ruleset).context("--ruleset")?;
    Ok(sheet::read_any(&read_input(input)?, ruleset))
}

/// Converts one record to the requested form.
fn convert(record: &Record, to: Form, lang: Lang) -> String {
    match to {
        Form::Pgn => write_pgn(record),
        Form::Full => sheet::write_sheet(record, lang, Notation::Full),
        Form::Short => sheet::write_sheet(record, lang, Notation::Short),
        Form::San => format!(
            "{} {}\n",
            sheet::write_moves(record, Notation::San, lang),
            record.result()
        ),
    }
}

/// Runs a `shatar record` command.
pub fn run(cmd: RecordCommand) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cmd {
        RecordCommand::Convert {
            input,
            to,
            lang,
            ruleset,
        } => {
            let file = load(&input, &ruleset)?;
            for (k, record) in file.records.iter().enumerate() {
                if k > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", convert(record, to, lang))?;
            }
            for e in &file.errors {
                eprintln!("skipped {e}");
            }
            if !file.errors.is_empty() {
                bail!(
                    "{} of {} games could not be read",
                    file.errors.len(),
                    file.errors.len() + file.records.len()
                );
            }
        }
        RecordCommand::Check {
            input,
            ruleset,
            lang,
        } => {
            let file = load(&input, &ruleset)?;
            let mut games: Vec<(usize, String)> = file
                .errors
                .iter()
                .map(|e| (e.game, format!("game {}: error: {}", e.game, e.error)))
                .collect();
            let mut number = 0;
            for record in &file.records {
                number += 1;
                while games.iter().any(|(n, _)| *n == number) {
                    number += 1;
                }
                games.push((number, describe(number, record, lang)));
            }
            games.sort_by_key(|(n, _)| *n);
            for (_, line) in &games {
                writeln!(out, "{line}")?;
            }
            if let Some(first) = file.errors.first() {
                bail!("game {}: {}", first.game, first.error);
            }
        }
    }
    Ok(())
}

/// One line about a replayed game: moves, result and how it ended, tuuxəi.
fn describe(number: usize, record: &Record, lang: Lang) -> String {
    let mut line = format!(
        "game {number}: ok, {} moves, result {}",
        record.moves.len(),
        record.result()
    );
    match record.end() {
        Some(end) => line.push_str(&format!(" ({})", end.termination)),
        None => line.push_str(" (not ended by the rules)"),
    }
    if let Some(t) = record.tuuxei() {
        line.push_str(&format!(", {}", t.name(lang)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_option_takes_the_records_names() {
        let names: Vec<&str> = Lang::value_variants()
            .iter()
            .map(|l| {
                let value = l.to_possible_value().expect("no variant is hidden");
                assert_eq!(value.get_name(), l.name());
                l.name()
            })
            .collect();
        assert_eq!(names, ["en", "zh", "zh-000", "mn"]);
    }
}
