//! `shatar nnue`: the neural evaluation's pipeline. `data` plays the engine against itself
//! and writes training positions (`shatar_engine_tools::nnue_data`), resumable.

use anyhow::{Result, bail};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use shatar_engine::nnue::network::Family;
use shatar_engine_tools::nnue_data::selfplay::SelfPlay;
use shatar_engine_tools::nnue_data::{Run, progress_path};
use shatar_engine_tools::nnue_train::{self, Dataset, State, TrainConfig};
use shatar_rules::Preset;
use std::path::PathBuf;

/// The `shatar nnue` commands.
#[derive(Subcommand)]
pub enum NnueCommand {
    /// Play the engine against itself at a fixed node count and write the quiet positions
    /// with the search's score and the game's result (32-byte records). Run it again with
    /// the same arguments to resume after a stop.
    Data(DataArgs),
    /// Train a network of one bers family on data files (on the CPU), writing a checkpoint
    /// and the network file after every epoch; `--resume` goes on from a checkpoint.
    Train(TrainArgs),
}

/// Arguments of `shatar nnue train`.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// Data files of `shatar nnue data`.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// The bers family: queen-bers (official, competition) or weak-bers (fsf,
    /// traditional, traditional-step-back).
    #[arg(long, value_parser = parse_family)]
    pub family: Family,
    /// The network file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The checkpoint to write (default: OUT.ckpt).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Go on from this checkpoint.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Epochs in all.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Records a minibatch.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's learning rate.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// The weight of the search's score in the target, the rest the game's result's.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The seed of the first weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

fn parse_family(name: &str) -> Result<Family, String> {
    Family::ALL
        .into_iter()
        .find(|f| f.name() == name)
        .ok_or_else(|| format!("{name}: not a family (queen-bers, weak-bers)"))
}

/// Arguments of `shatar nnue data`.
#[derive(Args, Debug, Clone)]
pub struct DataArgs {
    /// The data file (its progress is kept in OUT.progress).
    pub out: PathBuf,
    /// Games in all, those already written included.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Nodes a move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The rulesets in turn, comma-separated (default: every preset).
    #[arg(long, value_delimiter = ',', value_parser = parse_preset)]
    pub rulesets: Vec<Preset>,
    /// Random opening plies, least.
    #[arg(long, default_value_t = 8)]
    pub random_plies_min: usize,
    /// Random opening plies, most.
    #[arg(long, default_value_t = 10)]
    pub random_plies_max: usize,
    /// No progress bar, a line every 10 games instead (for logs).
    #[arg(long)]
    pub quiet: bool,
}

fn parse_preset(name: &str) -> Result<Preset, String> {
    Preset::ALL
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| {
            let names: Vec<_> = Preset::ALL.iter().map(|p| p.name()).collect();
            format!("{name}: not a ruleset ({})", names.join(", "))
        })
}

/// Runs a `shatar nnue` command.
pub fn run(cmd: NnueCommand) -> Result<()> {
    match cmd {
        NnueCommand::Data(args) => data(&args),
        NnueCommand::Train(args) => train(&args),
    }
}

fn data(args: &DataArgs) -> Result<()> {
    if args.random_plies_min > args.random_plies_max {
        bail!("--random-plies-min is more than --random-plies-max");
    }
    let run = Run {
        play: SelfPlay {
            nodes: args.nodes,
            random_plies_min: args.random_plies_min,
            random_plies_max: args.random_plies_max,
            ..SelfPlay::default()
        },
        presets: if args.rulesets.is_empty() {
            Preset::ALL.to_vec()
        } else {
            args.rulesets.clone()
        },
        seed: args.seed,
        games: args.games,
        threads: args.threads.max(1),
    };
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games, {msg} [{elapsed_precise}, {eta} left]",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let progress = run.generate(&args.out, &mut |r| {
        let rate = r.positions_now as f64 / r.seconds.max(1e-9);
        let msg = format!("{} positions, {rate:.0} positions/s", r.positions);
        bar.set_position(r.games);
        bar.set_message(msg.clone());
        if args.quiet && r.games_now % 10 == 0 {
            eprintln!("{}/{} games, {msg}", r.games, args.games);
        }
    })?;
    bar.finish();
    eprintln!(
        "{}: {} games, {} positions ({})",
        args.out.display(),
        progress.games,
        progress.bytes / 32,
        progress_path(&args.out).display()
    );
    Ok(())
}

fn train(args: &TrainArgs) -> Result<()> {
    let config = TrainConfig {
        family: args.family,
        epochs: args.epochs,
        batch: args.batch.max(1),
        lr: args.lr,
        lambda: args.lambda.clamp(0.0, 1.0),
        threads: args.threads.max(1),
        seed: args.seed,
    };
    let data = Dataset::load(&args.data, args.family)?;
    eprintln!(
        "{}: {} training records, {} held out",
        args.family.name(),
        data.train.len(),
        data.valid.len()
    );
    let mut state = match &args.resume {
        Some(path) => State::load(path)?,
        None => State::new(args.seed),
    };
    let checkpoint = args.checkpoint.clone().unwrap_or_else(|| {
        let mut name = args.out.as_os_str().to_os_string();
        name.push(".ckpt");
        PathBuf::from(name)
    });
    if state.epoch == 0 {
        let valid =
            nnue_train::mean_loss(&state.weights, &data.valid, config.lambda, config.threads);
        eprintln!("epoch 0: held-out loss {valid:.6}");
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("epoch {msg} {bar:30} {pos}/{len} batches [{eta} left]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    nnue_train::train(
        &config,
        &data,
        &mut state,
        &checkpoint,
        &args.out,
        &mut |r| {
            bar.suspend(|| {
                eprintln!(
                    "epoch {}: training loss {:.6}, held-out loss {:.6}, {:.0} positions/s",
                    r.epoch, r.train_loss, r.valid_loss, r.positions_per_second
                )
            });
        },
        &mut |epoch, b, n| {
            bar.set_length(n as u64);
            bar.set_position(b as u64);
            bar.set_message(format!("{epoch}"));
        },
    )?;
    bar.finish_and_clear();
    eprintln!(
        "{}: the network after {} epochs ({})",
        args.out.display(),
        state.epoch,
        checkpoint.display()
    );
    Ok(())
}
