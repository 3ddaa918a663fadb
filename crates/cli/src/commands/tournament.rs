//! `shatar tournament …`: run an event from the shell. Every command reads the event file,
//! changes it through the library and writes it back atomically, holding the file's lock
//! for the whole change (a second writer waits, then fails naming the file); a refused
//! change or a corrupt file leaves the file as it was.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::Subcommand;
use shatar_tournament::event::written;
use shatar_tournament::members_total::Method;
use shatar_tournament::pairing::swiss::acceleration::Acceleration;
use shatar_tournament::report::{self, Format, Kind, Lang};
use shatar_tournament::simulate::{ResultModel, Simulation, simulate};
use shatar_tournament::store::{self, UpdateError};
use shatar_tournament::{
    BoardNo, DrawnMatchRule, Entered, EntrantNo, Entrants, Event, EventError, GameResult,
    LineupMode, Player, RoundNo, Score, System, TeamMatch, Tiebreak, csv_import, trf,
};

/// The `shatar tournament` command group.
#[derive(Subcommand)]
pub enum TournamentCommand {
    /// Create a new event file.
    ///
    /// Example: shatar tournament new naadam.json --name "Naadam 2026" --system swiss --rounds 7
    New {
        /// Event file to create.
        file: PathBuf,
        /// Event name.
        #[arg(long)]
        name: String,
        /// Pairing system: round-robin, double-round-robin, group-round-robin, swiss, dutch,
        /// swiss-elimination, single-elimination, double-elimination.
        #[arg(long, default_value = "swiss")]
        system: String,
        /// Rounds (Swiss systems; 0 = the competition rules' default, computed at the draw).
        #[arg(long, default_value_t = 0)]
        rounds: u32,
        /// Games per pairing (default: 2 for knock-out systems, 1 otherwise).
        #[arg(long)]
        games: Option<u8>,
        /// Team event with this many boards per match.
        #[arg(long)]
        boards: Option<u8>,
        /// Team line-up mode: fixed-boards, ordered-substitutes, free-lineup, all-play-all,
        /// members-total.
        #[arg(long, default_value = "ordered-substitutes")]
        lineup: String,
        /// Ruleset name.
        #[arg(long, default_value = "official")]
        ruleset: String,
        /// Time control, e.g. "90min".
        #[arg(long, default_value = "")]
        time_control: String,
        /// Tie-break order, comma-separated codes (PTS MP GP BP SB WIN DE VIOL BH BH-C1
        /// BH-M1 TBH); default: the competition rules' order for the format.
        #[arg(long)]
        tiebreaks: Option<String>,
        /// First day (YYYY-MM-DD).
        #[arg(long, default_value = "")]
        start_date: String,
        /// Last day (YYYY-MM-DD).
        #[arg(long, default_value = "")]
        end_date: String,
        /// Seed for every lot of the event.
        #[arg(long, default_value_t = 0)]
        lot_seed: u64,
        /// Points for a pairing bye (default: 0 in round robins, 1 in Swiss).
        #[arg(long)]
        bye_points: Option<String>,
        /// Keep the registration order as draw numbers instead of drawing lots.
        #[arg(long)]
        no_draw: bool,
        /// Group round robin: number of groups.
        #[arg(long, default_value_t = 2)]
        groups: u32,
        /// Group round robin: entrants from each group to the final.
        #[arg(long, default_value_t = 2)]
        advance: u32,
        /// Knock-out: how a level match is decided: extra-games or armageddon.
        #[arg(long, default_value = "extra-games")]
        drawn_match: String,
        /// Double elimination: no second final after a bracket reset.
        #[arg(long)]
        no_bracket_reset: bool,
        /// Swiss with elimination: players dropped per round after round 5 (2–4).
        #[arg(long, default_value_t = 2)]
        eliminate: u32,
        /// FIDE Dutch: accelerated first rounds, `none` or `baku` (C.04.5.1).
        #[arg(long, default_value = "none")]
        acceleration: String,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Register a player (or import a CSV list with --csv).
    ///
    /// Example: shatar tournament add-player naadam.json --name "Батбаяр" --rating 1850
    AddPlayer {
        /// Event file.
        file: PathBuf,
        /// Name, in any script.
        #[arg(long, required_unless_present = "csv")]
        name: Option<String>,
        /// Name in the traditional Mongolian script.
        #[arg(long)]
        traditional: Option<String>,
        /// Club or unit.
        #[arg(long, default_value = "")]
        club: String,
        /// Region.
        #[arg(long, default_value = "")]
        region: String,
        /// Rating.
        #[arg(long)]
        rating: Option<u32>,
        /// Seed class (1 or 2).
        #[arg(long)]
        seed_class: Option<u8>,
        /// Year of birth.
        #[arg(long)]
        birth_year: Option<u16>,
        /// CSV file with a header row (name, name_traditional, club, region, rating,
        /// seed_class, birth_year).
        #[arg(long, conflicts_with = "name")]
        csv: Option<PathBuf>,
    },
    /// Register a team with its members in registered order (board players, then reserves).
    ///
    /// Example: shatar tournament add-team cup.json --name "Хөх хот" --member A --member B
    AddTeam {
        /// Event file.
        file: PathBuf,
        /// Team name.
        #[arg(long)]
        name: String,
        /// Region.
        #[arg(long, default_value = "")]
        region: String,
        /// A member's name; repeat in registered order.
        #[arg(long = "member", required_unless_present = "players")]
        members: Vec<String>,
        /// Individual event: group already registered players (numbers) into a team for
        /// the members' total (队员总分).
        #[arg(long, value_delimiter = ',', conflicts_with = "members")]
        players: Vec<EntrantNo>,
    },
    /// Make the draw: number the entrants and fix the rounds.
    ///
    /// Example: shatar tournament start naadam.json
    Start {
        /// Event file.
        file: PathBuf,
    },
    /// Pair the next round and print it.
    ///
    /// Example: shatar tournament pair naadam.json --explain
    Pair {
        /// Event file.
        file: PathBuf,
        /// Also print why each pair was made.
        #[arg(long)]
        explain: bool,
        /// Report language: zh, mn, en.
        #[arg(long, default_value = "en")]
        lang: String,
    },
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
    Result {
        /// Event file.
        file: PathBuf,
        /// Round number.
        #[arg(long)]
        round: RoundNo,
        /// First entrant (individual events).
        #[arg(long)]
        white: Option<EntrantNo>,
        /// Second entrant (individual events).
        #[arg(long)]
        black: Option<EntrantNo>,
        /// Board (team events).
        #[arg(long)]
        board: Option<BoardNo>,
        /// First team's line-up, player numbers board 1 first.
        #[arg(long, value_delimiter = ',')]
        white_lineup: Vec<EntrantNo>,
        /// Second team's line-up.
        #[arg(long, value_delimiter = ',')]
        black_lineup: Vec<EntrantNo>,
        /// Knock-out: the entrant who won a level match by the organiser's tie-break.
        #[arg(long)]
        decided_for: Option<EntrantNo>,
        /// Individual events: neither player came; every game of the pairing is lost by
        /// both.
        #[arg(long, conflicts_with_all = ["results", "board"])]
        double_forfeit: bool,
        /// Individual events: change a result already entered.
        #[arg(long)]
        replace: bool,
        /// Results, in game (or board) order.
        #[arg(required_unless_present = "double_forfeit", allow_hyphen_values = true)]
        results: Vec<String>,
    },
    /// Withdraw an entrant (competition rules ch.2 §7, docs/competition.md).
    ///
    /// Example: shatar tournament withdraw naadam.json --entrant 5 --reason illness
    Withdraw {
        /// Event file.
        file: PathBuf,
        /// Entrant number.
        #[arg(long)]
        entrant: EntrantNo,
        /// Reason.
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Record a player's total violations (a tie-break).
    ///
    /// Example: shatar tournament violations naadam.json --player 5 --count 2
    Violations {
        /// Event file.
        file: PathBuf,
        /// Player number.
        #[arg(long)]
        player: EntrantNo,
        /// Total violations in the event.
        #[arg(long)]
        count: u32,
    },
    /// Print the standings with every tie-break column.
    ///
    /// Example: shatar tournament standings naadam.json --lang zh
    Standings {
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
    },
    /// Print the crosstable.
    ///
    /// Example: shatar tournament crosstable naadam.json --format csv
    Crosstable {
        /// Event file.
        file: PathBuf,
        /// Output: text, csv, html.
        #[arg(long, default_value = "text")]
        format: String,
        /// Language: zh, mn, en.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Write a report: pairings, standings, crosstable, bracket, match-cards, awards,
    /// members-total, members-place-points.
    ///
    /// Example: shatar tournament report naadam.json --kind awards --format html --lang mn --out awards.html
    Report {
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
    },
    /// Write the event as FIDE TRF-16 (with XXR/XXC) to standard output.
    ///
    /// Example: shatar tournament export-trf naadam.json > naadam.trf
    ExportTrf {
        /// Event file.
        file: PathBuf,
    },
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
    ImportTrf {
        /// TRF file.
        trf: PathBuf,
        /// Pairing system of the event.
        #[arg(long, default_value = "swiss")]
        system: String,
        /// Event file to create.
        #[arg(long)]
        out: PathBuf,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
        /// Refuse the file when its points (columns 81-84) differ from its rounds'.
        #[arg(long)]
        strict: bool,
    },
    /// Print why each pair of a round was made and why others were rejected.
    ///
    /// Example: shatar tournament explain naadam.json --round 3
    Explain {
        /// Event file.
        file: PathBuf,
        /// Round (default the last).
        #[arg(long)]
        round: Option<RoundNo>,
    },
    /// Run a whole simulated event with random or rating-based results.
    ///
    /// Example: shatar tournament simulate --system swiss --players 40 --rounds 7 --seed 1 --out sim.json
    Simulate {
        /// Pairing system (see `new`).
        #[arg(long)]
        system: String,
        /// Number of players.
        #[arg(long)]
        players: u32,
        /// Rounds (Swiss systems; default the competition rules').
        #[arg(long, default_value_t = 0)]
        rounds: u32,
        /// Seed for ratings, lots and results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Results: random or rating.
        #[arg(long, default_value = "random")]
        model: String,
        /// Forfeits per thousand games.
        #[arg(long, default_value_t = 0)]
        forfeits: u32,
        /// Withdrawals per thousand players and rounds.
        #[arg(long, default_value_t = 0)]
        withdrawals: u32,
        /// FIDE Dutch: accelerated first rounds, `none` or `baku`.
        #[arg(long, default_value = "none")]
        acceleration: String,
        /// Event file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// Runs a `shatar tournament` command.
pub fn run(cmd: TournamentCommand) -> Result<()> {
    match cmd {
        TournamentCommand::New {
            file,
            name,
            system,
            rounds,
            games,
            boards,
            lineup,
            ruleset,
            time_control,
            tiebreaks,
            start_date,
            end_date,
            lot_seed,
            bye_points,
            no_draw,
            groups,
            advance,
            drawn_match,
            no_bracket_reset,
            eliminate,
            acceleration,
            force,
        } => {
            if file.exists() && !force {
                bail!("{} exists; use --force to replace it", file.display());
            }
            let system = parse_system(&system)?;
            let mut e = Event::new(name, system);
            e.rounds_planned = rounds;
            e.games_per_pairing = games.unwrap_or(
                if matches!(
                    system,
                    System::SingleElimination | System::DoubleElimination
                ) {
                    2
                } else {
                    1
                },
            );
            if let Some(b) = boards {
                let lineup = LineupMode::from_code(&lineup)
                    .ok_or_else(|| anyhow!("--lineup {lineup:?}: unknown line-up mode"))?;
                e.entrants = Entrants::Team { boards: b, lineup };
            }
            e.ruleset = ruleset;
            e.time_control = time_control;
            if let Some(t) = tiebreaks {
                e.tiebreaks = t
                    .split(',')
                    .map(|c| c.parse::<Tiebreak>())
                    .collect::<Result<_, _>>()?;
            }
            e.start_date = start_date;
            e.end_date = end_date;
            e.settings.lot_seed = lot_seed;
            e.settings.bye_points = bye_points
                .map(|b| {
                    Score::parse(&b).ok_or_else(|| anyhow!("--bye-points {b:?} is not a score"))
                })
                .transpose()?;
            e.settings.draw_by_lot = !no_draw;
            e.settings.groups = groups;
            e.settings.advance_per_group = advance;
            e.settings.drawn_match = match drawn_match.as_str() {
                "extra-games" => DrawnMatchRule::ExtraGames,
                "armageddon" => DrawnMatchRule::Armageddon,
                other => bail!("--drawn-match {other:?}: extra-games or armageddon"),
            };
            e.settings.bracket_reset = !no_bracket_reset;
            e.settings.eliminate_per_round = eliminate;
            e.settings.acceleration = parse_acceleration(&acceleration)?;
            store::save(&e, &file)?;
            println!("created {} ({})", file.display(), system.code());
        }
        TournamentCommand::AddPlayer {
            file,
            name,
            traditional,
            club,
            region,
            rating,
            seed_class,
            birth_year,
            csv,
        } => {
            if let Some(csv) = csv {
                let text = std::fs::read_to_string(&csv)
                    .with_context(|| format!("cannot read {}", csv.display()))?;
                let numbers = update(&file, |e| csv_import::import_players(e, &text))?;
                println!("added {} player(s)", numbers.len());
            } else {
                let mut p = Player::named(name.unwrap_or_default());
                p.name_traditional = traditional;
                p.club = club;
                p.region = region;
                p.rating = rating;
                p.seed_class = seed_class;
                p.birth_year = birth_year;
                let n = update(&file, |e| e.add_player(p))?;
                println!("player {n}");
            }
        }
        TournamentCommand::AddTeam {
            file,
            name,
            region,
            members,
            players,
        } => {
            let n = if players.is_empty() {
                let members = members.into_iter().map(Player::named).collect();
                update(&file, |e| e.add_team(name, region, members))?
            } else {
                update(&file, |e| e.add_member_team(&name, &region, players))?
            };
            println!("team {n}");
        }
        TournamentCommand::Start { file } => {
            let e = update(&file, |e| e.start().map(|()| e.clone()))?;
            println!(
                "draw made: {} entrants, {} rounds",
                e.entrant_numbers().len(),
                e.rounds_planned
            );
            for n in e.entrant_numbers() {
                println!("{n:>4}  {}", e.entrant_name(n));
            }
        }
        TournamentCommand::Pair {
            file,
            explain,
            lang,
        } => {
            let lang = parse_lang(&lang)?;
            let (e, round) = update(&file, |e| {
                let r = e.pair_next_round()?.number;
                Ok::<_, EventError>((e.clone(), r))
            })?;
            let tables = report::build(&e, Kind::Pairings(Some(round)), lang);
            print!("{}", report::render(&e, &tables, Format::Text, lang));
            if explain {
                print_explanation(&e, Some(round))?;
            }
        }
        TournamentCommand::Result {
            file,
            round,
            white,
            black,
            board,
            white_lineup,
            black_lineup,
            decided_for,
            double_forfeit,
            replace,
            results,
        } => {
            if let Some(board) = board {
                let boards = results
                    .iter()
                    .map(|b| board_games(b))
                    .collect::<Result<Vec<_>, _>>()?;
                let tm = TeamMatch {
                    white_lineup,
                    black_lineup,
                    boards,
                };
                update(&file, |e| e.set_team_result(round, board, tm))?;
                println!("result entered");
            } else {
                let (Some(w), Some(b)) = (white, black) else {
                    bail!("give --white and --black (individual) or --board (team)");
                };
                let given = results
                    .iter()
                    .map(|g| g.parse::<GameResult>())
                    .collect::<Result<Vec<_>, _>>()?;
                let (board, entered, games) = update(&file, |e| {
                    let games = if double_forfeit {
                        vec![
                            GameResult::DoubleForfeit {
                                reason: String::new(),
                            };
                            usize::from(e.games_per_pairing)
                        ]
                    } else {
                        given
                    };
                    let entered = e
                        .set_result_at(round, w, b, games, replace)
                        .map_err(ResultError)?;
                    if let Some(d) = decided_for {
                        e.decide_match(round, w, b, d).map_err(ResultError)?;
                    }
                    let pairing = e.rounds[round.index()]
                        .pairings
                        .iter()
                        .find(|p| p.white == w && p.black == Some(b));
                    let board = pairing.map(|p| p.board).unwrap_or(BoardNo::FIRST);
                    let games = pairing.map(|p| written(&p.games)).unwrap_or_default();
                    Ok::<_, ResultError>((board, entered, games))
                })?;
                let pairing = format!("round {round} board {board}, {w} (White) – {b} (Black)");
                match entered {
                    Entered::New => println!("{pairing}: {games} entered"),
                    Entered::Unchanged => {
                        println!("{pairing}: {games} was already entered; nothing changed");
                    }
                    Entered::Replaced {
                        previous,
                        later_rounds,
                    } => {
                        println!("{pairing}: {games} entered (was {})", written(&previous));
                        if let [first, .., last] | [first @ last] = later_rounds[..] {
                            let rounds = if first == last {
                                format!("round {first} was")
                            } else {
                                format!("rounds {first}–{last} were")
                            };
                            println!(
                                "note: {rounds} paired while the previous result stood; their pairings stay as they are"
                            );
                        }
                    }
                }
            }
        }
        TournamentCommand::Withdraw {
            file,
            entrant,
            reason,
        } => {
            let (before, after, treatment) = update(&file, |e| {
                let before = e.clone();
                let treatment = e.withdraw(entrant, &reason)?;
                Ok::<_, EventError>((before, e.clone(), treatment))
            })?;
            for line in shatar_tournament::corrections::withdrawal_report(
                &before, &after, entrant, treatment,
            ) {
                println!("{line}");
            }
        }
        TournamentCommand::Violations {
            file,
            player,
            count,
        } => {
            update(&file, |e| e.set_violations(player, count))?;
            println!("player {player}: {count} violation(s)");
        }
        TournamentCommand::Standings {
            file,
            tiebreaks,
            format,
            lang,
        } => match tiebreaks {
            None => print_report(&file, Kind::Standings, &format, &lang, None)?,
            Some(codes) => {
                let mut e = store::load(&file)?;
                e.tiebreaks = codes
                    .split(',')
                    .map(|c| c.parse::<Tiebreak>())
                    .collect::<Result<_, _>>()?;
                let lang = parse_lang(&lang)?;
                let format = Format::from_code(&format)
                    .ok_or_else(|| anyhow!("--format {format:?}: text, csv or html"))?;
                let tables = report::build(&e, Kind::Standings, lang);
                print!("{}", report::render(&e, &tables, format, lang));
            }
        },
        TournamentCommand::Crosstable { file, format, lang } => {
            print_report(&file, Kind::Crosstable, &format, &lang, None)?;
        }
        TournamentCommand::Report {
            file,
            kind,
            round,
            format,
            lang,
            out,
        } => {
            let kind = match kind.as_str() {
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
            print_report(&file, kind, &format, &lang, out.as_deref())?;
        }
        TournamentCommand::ExportTrf { file } => {
            let e = store::load(&file)?;
            print!("{}", trf::write(&e)?);
        }
        TournamentCommand::ImportTrf {
            trf: path,
            system,
            out,
            force,
            strict,
        } => {
            if out.exists() && !force {
                bail!("{} exists; use --force to replace it", out.display());
            }
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let import = trf::import(&text, parse_system(&system)?)
                .with_context(|| format!("{}", path.display()))?;
            if strict && !import.warnings.is_empty() {
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
        }
        TournamentCommand::Explain { file, round } => {
            let e = store::load(&file)?;
            print_explanation(&e, round)?;
        }
        TournamentCommand::Simulate {
            system,
            players,
            rounds,
            seed,
            model,
            forfeits,
            withdrawals,
            acceleration,
            out,
        } => {
            let mut sim = Simulation::new(parse_system(&system)?, players, seed);
            sim.rounds = rounds;
            sim.model = match model.as_str() {
                "random" => ResultModel::Random,
                "rating" => ResultModel::Rating,
                other => bail!("--model {other:?}: random or rating"),
            };
            sim.forfeit_per_mille = forfeits;
            sim.withdraw_per_mille = withdrawals;
            sim.acceleration = parse_acceleration(&acceleration)?;
            let e = simulate(&sim)?;
            store::save(&e, &out)?;
            println!(
                "simulated {} players, {} rounds ({}) into {}",
                players,
                e.rounds.len(),
                e.system.code(),
                out.display()
            );
        }
    }
    Ok(())
}

/// A refused result, with what to type instead where the refusal has a remedy on this
/// command line.
#[derive(Debug)]
struct ResultError(EventError);

impl std::fmt::Display for ResultError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        match &self.0 {
            EventError::ColoursReversed { white, black, .. } => {
                write!(f, "; give --white {white} --black {black}")
            }
            EventError::ResultAlreadyEntered { .. } => f.write_str("; give --replace to change it"),
            _ => Ok(()),
        }
    }
}

impl std::error::Error for ResultError {}

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

fn parse_system(code: &str) -> Result<System> {
    System::from_code(code).ok_or_else(|| {
        let names: Vec<&str> = System::ALL.iter().map(|s| s.code()).collect();
        anyhow!("unknown system {code:?}; one of: {}", names.join(", "))
    })
}

fn parse_acceleration(code: &str) -> Result<Acceleration> {
    Acceleration::from_code(code).ok_or_else(|| anyhow!("--acceleration {code:?}: none or baku"))
}

fn parse_lang(code: &str) -> Result<Lang> {
    Lang::from_code(code).ok_or_else(|| anyhow!("--lang {code:?}: zh, mn or en"))
}

fn print_report(
    file: &Path,
    kind: Kind,
    format: &str,
    lang: &str,
    out: Option<&Path>,
) -> Result<()> {
    let e = store::load(file)?;
    let lang = parse_lang(lang)?;
    let format = Format::from_code(format)
        .ok_or_else(|| anyhow!("--format {format:?}: text, csv or html"))?;
    let text = report::render(&e, &report::build(&e, kind, lang), format, lang);
    match out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print!("{text}"),
    }
    Ok(())
}

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

/// One board's games from the command line: a single result, or several joined by `+`
/// (two games per board: `1-0+1/2`). The forfeit codes `+-` and `-+` contain the joiner,
/// so a text that reads as one result is one game.
fn board_games(text: &str) -> Result<Vec<GameResult>, shatar_tournament::result::ParseResultError> {
    if let Ok(g) = text.parse::<GameResult>() {
        return Ok(vec![g]);
    }
    text.split('+').map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_games_read_forfeits_and_joined_games() {
        let forfeit = |white: bool| {
            if white {
                GameResult::WhiteWinsByForfeit {
                    reason: String::new(),
                }
            } else {
                GameResult::BlackWinsByForfeit {
                    reason: String::new(),
                }
            }
        };
        assert_eq!(board_games("+-").unwrap(), [forfeit(true)]);
        assert_eq!(board_games("-+").unwrap(), [forfeit(false)]);
        assert_eq!(
            board_games("1-0+1/2").unwrap(),
            [GameResult::WhiteWins, GameResult::Draw]
        );
        assert_eq!(
            board_games("1F-0F+0-1").unwrap(),
            [forfeit(true), GameResult::BlackWins]
        );
        assert!(board_games("1-0+").is_err());
    }
}
