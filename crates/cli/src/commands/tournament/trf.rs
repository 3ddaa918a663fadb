//! FIDE's Tournament Report File: `export-trf`, `import-trf`.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use shatar_tournament::{System, store, trf};

/// The options of `shatar tournament export-trf`.
#[derive(Args)]
pub struct ExportTrfArgs {
    /// Event file.
    file: PathBuf,
}

impl ExportTrfArgs {
    /// Writes the event as TRF to standard output.
    pub fn run(self) -> Result<()> {
        let e = store::load(&self.file)?;
        print!("{}", trf::write(&e)?);
        Ok(())
    }
}

/// The options of `shatar tournament import-trf`.
#[derive(Args)]
pub struct ImportTrfArgs {
    /// TRF file.
    trf: PathBuf,
    /// Pairing system of the event.
    #[arg(long, value_enum, default_value_t = System::Swiss)]
    system: System,
    /// Event file to create.
    #[arg(long)]
    out: PathBuf,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
    /// Refuse the file when its points (columns 81-84) differ from its rounds'.
    #[arg(long)]
    strict: bool,
}

impl ImportTrfArgs {
    /// Reads the file into a new event file; warnings to standard error.
    pub fn run(self) -> Result<()> {
        let (path, out) = (self.trf, self.out);
        if out.exists() && !self.force {
            bail!("{} exists; use --force to replace it", out.display());
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let import =
            trf::import(&text, self.system).with_context(|| format!("{}", path.display()))?;
        if self.strict && !import.warnings.is_empty() {
            bail!(
                "{}: the points the file states differ from its rounds (--strict; {} left unchanged):\n{}",
                path.display(),
                out.display(),
                import.warnings.join("\n")
            );
        }
        for w in &import.warnings {
            eprintln!("warning: {}: {w}", path.display());
        }
        for n in &import.notes {
            println!("note: {n}");
        }
        let e = import.event;
        store::save(&e, &out)?;
        let teams = if e.is_team_event() {
            format!("{} teams, ", e.teams.len())
        } else {
            String::new()
        };
        println!(
            "imported {teams}{} players, {} rounds into {}",
            e.players.len(),
            e.rounds.len(),
            out.display()
        );
        Ok(())
    }
}
