//! The event: its settings, entrants, rounds and the operations an arbiter performs.

use serde::{Deserialize, Serialize};

use crate::error::{EventError, InvalidLineupReason, InvalidReason, PairingError, StateReason};
use crate::lot::Lot;
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::pairing::swiss::acceleration::Acceleration;
use crate::player::{Player, Withdrawal, WithdrawalTreatment};
use crate::result::{Color, GameResult};
use crate::score::Score;
use crate::team::{LineupMode, Team};
use crate::tiebreak::Tiebreak;

/// A pairing system (docs/competition.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// 大循环, one cycle (Berger tables).
    RoundRobin,
    /// 大循环, two cycles, colours swapped in the second.
    DoubleRoundRobin,
    /// 分组循环: seeded groups, then the top of each group to a final.
    GroupRoundRobin,
    /// 积分编排制: S4's score-group system (S4 ch.2 §5.5).
    Swiss,
    /// FIDE Dutch system (C.04.3).
    Dutch,
    /// 积分编排淘汰制 (S4 ch.2 §5.6).
    SwissElimination,
    /// 单败淘汰制.
    SingleElimination,
    /// 双败淘汰制.
    DoubleElimination,
    /// An arena as online players know it: no rounds; for a set time each player whose
    /// game ends meets someone close in the standings at once (see [`crate::arena`]).
    /// Its games are recorded in an [`crate::arena::Arena`], not as rounds of the event.
    #[cfg_attr(
        feature = "clap",
        value(
            help = "An arena: no rounds; for a set time each player whose game ends meets \
                      someone close in the standings at once"
        )
    )]
    Arena,
}

impl System {
    /// Every system, in the order of the command-line help.
    pub const ALL: [System; 9] = [
        System::RoundRobin,
        System::DoubleRoundRobin,
        System::GroupRoundRobin,
        System::Swiss,
        System::Dutch,
        System::SwissElimination,
        System::SingleElimination,
        System::DoubleElimination,
        System::Arena,
    ];

    /// Stable name used in files and on the command line.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
            System::GroupRoundRobin => "group-round-robin",
            System::Swiss => "swiss",
            System::Dutch => "dutch",
            System::SwissElimination => "swiss-elimination",
            System::SingleElimination => "single-elimination",
            System::DoubleElimination => "double-elimination",
            System::Arena => "arena",
        }
    }

    /// Games a pairing has unless the organiser says otherwise: a knock-out match is
    /// "usually two games with colours swapped" (docs/competition.md §2, single elimination), one game elsewhere.
    #[must_use]
    pub fn default_games_per_pairing(self) -> u8 {
        match self {
            System::SingleElimination | System::DoubleElimination => 2,
            _ => 1,
        }
    }

    /// Parses a name from [`System::code`].
    #[must_use]
    pub fn from_code(code: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Whether the system is a round robin (fixed tables).
    #[must_use]
    pub fn is_round_robin(self) -> bool {
        matches!(
            self,
            System::RoundRobin | System::DoubleRoundRobin | System::GroupRoundRobin
        )
    }

    /// Whether the system is a Swiss type (score groups).
    #[must_use]
    pub fn is_swiss(self) -> bool {
        matches!(
            self,
            System::Swiss | System::Dutch | System::SwissElimination
        )
    }
}

/// Individual or team event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Entrants {
    /// Players play players.
    #[default]
    Individual,
    /// Teams play teams on boards.
    Team {
        /// Boards per match.
        boards: u8,
        /// How teams set out their players.
        lineup: LineupMode,
    },
}

/// What happens when a knock-out match is level after its games (organiser's choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum DrawnMatchRule {
    /// Extra games until one player wins (recorded as further games of the match).
    #[default]
    ExtraGames,
    /// One decisive game where a draw counts as a win for Black.
    Armageddon,
}

impl DrawnMatchRule {
    /// Both rules.
    pub const ALL: [DrawnMatchRule; 2] = [DrawnMatchRule::ExtraGames, DrawnMatchRule::Armageddon];

    /// The rule's code (`extra-games`, `armageddon`), as in the event file.
    pub fn code(self) -> &'static str {
        match self {
            DrawnMatchRule::ExtraGames => "extra-games",
            DrawnMatchRule::Armageddon => "armageddon",
        }
    }

    /// The rule with this code.
    pub fn from_code(code: &str) -> Option<DrawnMatchRule> {
        DrawnMatchRule::ALL.into_iter().find(|r| r.code() == code)
    }
}

/// Organiser's settings. Each has S4's default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Seed for every lot drawn in the event.
    #[serde(default)]
    pub lot_seed: u64,
    /// Points for a pairing bye; `None`: 0 in round robins (a rest round), 1 in Swiss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye_points: Option<Score>,
    /// Draw numbers by lot at the start of a round robin (S4 ch.2 §5.3.1); false keeps
    /// the registration order.
    #[serde(default = "yes")]
    pub draw_by_lot: bool,
    /// Knock-out: how a level match is decided.
    #[serde(default)]
    pub drawn_match: DrawnMatchRule,
    /// Double elimination: play a second final if the losers' bracket winner wins the first.
    #[serde(default = "yes")]
    pub bracket_reset: bool,
    /// Group round robin: number of groups.
    #[serde(default = "two")]
    pub groups: u32,
    /// Group round robin: entrants from each group to the final.
    #[serde(default = "two")]
    pub advance_per_group: u32,
    /// Swiss with elimination: first round after which the lowest are dropped
    /// (S4 ch.2 §5.6: after round 5).
    #[serde(default = "five")]
    pub elimination_after_round: u32,
    /// Swiss with elimination: entrants dropped per round (S4: 2–4).
    #[serde(default = "two")]
    pub eliminate_per_round: u32,
    /// FIDE Dutch: accelerated pairings of the first rounds (C.04.5.1), none by default.
    #[serde(default, skip_serializing_if = "is_not_accelerated")]
    pub acceleration: Acceleration,
}

fn is_not_accelerated(a: &Acceleration) -> bool {
    *a == Acceleration::None
}

fn yes() -> bool {
    true
}
fn two() -> u32 {
    2
}
fn five() -> u32 {
    5
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lot_seed: 0,
            bye_points: None,
            draw_by_lot: true,
            drawn_match: DrawnMatchRule::default(),
            bracket_reset: true,
            groups: 2,
            advance_per_group: 2,
            elimination_after_round: 5,
            eliminate_per_round: 2,
            acceleration: Acceleration::None,
        }
    }
}

/// One round's pairings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Round number.
    pub number: RoundNo,
    /// Pairings in board order.
    pub pairings: Vec<Pairing>,
    /// Why each pairing decision was made (`explain`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub explanation: Vec<String>,
}

/// One pairing: two entrants (or one with a bye) on one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Board (table) number.
    pub board: BoardNo,
    /// The entrant listed first: White in the first game (team: White on odd boards).
    pub white: EntrantNo,
    /// The entrant listed second; `None` for a bye.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<EntrantNo>,
    /// Points the bye is worth (only for byes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye_points: Option<Score>,
    /// Individual events: results of the games, game 1 first. Game k (0-based) has the
    /// colours swapped when k is odd.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameResult>,
    /// Team events: the two line-ups and each board's games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_match: Option<TeamMatch>,
    /// Knock-out: the entrant who won a level match by the organiser's tie-break.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_for: Option<EntrantNo>,
    /// Knock-out: the bracket match this pairing plays ("W1-3", "L2-1", "GF").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
}

/// A team match's line-ups and board results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// First team's players, board 1 first.
    pub white_lineup: Vec<EntrantNo>,
    /// Second team's players, board 1 first.
    pub black_lineup: Vec<EntrantNo>,
    /// Per board, per game results in that game's colours (board k, 0-based: the first
    /// team has White in game 0 when k is even — odd boards in 1-based numbering).
    pub boards: Vec<Vec<GameResult>>,
}

impl Pairing {
    /// Colour of the first-listed entrant in game `k` (0-based) of this pairing.
    #[must_use]
    pub fn first_color_in_game(k: usize) -> Color {
        if k.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Whether this pairing has a result.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.black.is_none() || !self.games.is_empty() || self.team_match.is_some()
    }

    /// Whether the entrant takes part in this pairing.
    #[must_use]
    pub fn involves(&self, entrant: EntrantNo) -> bool {
        self.white == entrant || self.black == Some(entrant)
    }

    /// The opponent of `entrant`, if any.
    #[must_use]
    pub fn opponent_of(&self, entrant: EntrantNo) -> Option<EntrantNo> {
        if self.white == entrant {
            self.black
        } else if self.black == Some(entrant) {
            Some(self.white)
        } else {
            None
        }
    }
}

/// A bye an entrant asked for, or a TRF file declares, for one round: the entrant is not
/// paired that round and scores the bye's points. Its kinds are TRF-16's result codes for
/// a round without an opponent: `H` a half-point bye, `F` a full-point bye, `Z` a
/// zero-point bye (a declared absence). The pairing-allocated bye (TRF `U`) is the
/// system's, never requested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedBye {
    /// Who.
    pub entrant: EntrantNo,
    /// Which round.
    pub round: RoundNo,
    /// Which bye.
    pub kind: ByeKind,
}

/// What a requested bye is worth (TRF-16 codes `H`, `F`, `Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByeKind {
    /// `H`: half a point.
    Half,
    /// `F`: a whole point.
    Full,
    /// `Z`: no point (a declared absence).
    Zero,
}

impl ByeKind {
    /// The bye's points.
    #[must_use]
    pub fn points(self) -> Score {
        match self {
            ByeKind::Half => Score::HALF,
            ByeKind::Full => Score::ONE,
            ByeKind::Zero => Score::ZERO,
        }
    }

    /// The TRF-16 result code.
    #[must_use]
    pub fn trf_code(self) -> char {
        match self {
            ByeKind::Half => 'H',
            ByeKind::Full => 'F',
            ByeKind::Zero => 'Z',
        }
    }
}

/// Board colours a team event's first rounds were played with when they differ from
/// the event's own rule (the first team White on odd boards, docs/competition.md §2): rounds
/// read from a file of another event keep the colours the file gives them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedColours {
    /// Rounds 1 to this one were played with these colours.
    pub through_round: u32,
    /// The first team's colour on each board, board 1 first, in a match's first game.
    pub first_team: Vec<Color>,
}

/// The version of the event file format this crate reads and writes.
pub const FORMAT_VERSION: u64 = 1;

/// What [`Event::take_back_team`] renumbered: (old, new) numbers of the teams and of the
/// players that moved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TakenBack {
    /// Teams after the one taken back, one number down.
    pub teams: Vec<(EntrantNo, EntrantNo)>,
    /// Players after its members, as many numbers down as it had members before them.
    pub players: Vec<(EntrantNo, EntrantNo)>,
}

/// An event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Event name.
    pub name: String,
    /// Pairing system.
    pub system: System,
    /// Individual or team.
    #[serde(default)]
    pub entrants: Entrants,
    /// Rounds announced (for round robins and knock-outs: computed at the start).
    pub rounds_planned: u32,
    /// Games per pairing (1 or 2; two-game pairings swap colours).
    pub games_per_pairing: u8,
    /// Ruleset name (as understood by the rules core, e.g. "official").
    #[serde(default)]
    pub ruleset: String,
    /// Time control, e.g. "90min" (S4 ch.2 §3).
    #[serde(default)]
    pub time_control: String,
    /// Tie-break order; empty means S4's default for the format.
    #[serde(default)]
    pub tiebreaks: Vec<Tiebreak>,
    /// First day (ISO date).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub start_date: String,
    /// Last day (ISO date).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub end_date: String,
    /// Organiser's settings.
    #[serde(default)]
    pub settings: Settings,
    /// Registered players (in a team event: every team member).
    #[serde(default)]
    pub players: Vec<Player>,
    /// Registered teams (team events only).
    #[serde(default)]
    pub teams: Vec<Team>,
    /// Whether the draw has been made.
    #[serde(default)]
    pub started: bool,
    /// Paired rounds.
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Knock-out bracket and group state, once drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket: Option<crate::pairing::elimination::Bracket>,
    /// Group round robin: the groups (entrant numbers), once drawn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Vec<EntrantNo>>,
    /// Swiss with elimination: entrants dropped, with the number of rounds after which
    /// they left.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<(EntrantNo, u32)>,
    /// Byes asked for (or declared by an imported file), kept after their round is paired
    /// so that the pairing knows they were not the system's bye.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requested_byes: Vec<RequestedBye>,
    /// Team events read from a file of another event: the board colours of the rounds
    /// the file held, when they are not this event's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported_colours: Option<ImportedColours>,
}

impl Event {
    /// A new, empty event.
    #[must_use]
    pub fn new(name: impl Into<String>, system: System) -> Event {
        Event {
            name: name.into(),
            system,
            entrants: Entrants::Individual,
            rounds_planned: 0,
            games_per_pairing: 1,
            ruleset: "official".into(),
            time_control: String::new(),
            tiebreaks: Vec::new(),
            start_date: String::new(),
            end_date: String::new(),
            settings: Settings::default(),
            players: Vec::new(),
            teams: Vec::new(),
            started: false,
            rounds: Vec::new(),
            bracket: None,
            groups: Vec::new(),
            eliminated: Vec::new(),
            requested_byes: Vec::new(),
            imported_colours: None,
        }
    }

    /// The first team's colour on board `board` (0-based) in game 1 of a match of
    /// `round`: the imported rounds' colours, else White on odd boards (1-based).
    #[must_use]
    pub fn first_team_colour(&self, round: RoundNo, board: usize) -> Color {
        if let Some(c) = &self.imported_colours
            && round.get() <= c.through_round
            && let Some(colour) = c.first_team.get(board)
        {
            return *colour;
        }
        if board.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The bye `entrant` asked for in `round`, if any.
    #[must_use]
    pub fn requested_bye(&self, entrant: EntrantNo, round: RoundNo) -> Option<ByeKind> {
        self.requested_byes
            .iter()
            .find(|b| b.entrant == entrant && b.round == round)
            .map(|b| b.kind)
    }

    /// Whether the system pairs `entrant` in `round`: active, and without a requested bye.
    #[must_use]
    pub fn is_to_be_paired(&self, entrant: EntrantNo, round: RoundNo) -> bool {
        self.is_active_in(entrant, round) && self.requested_bye(entrant, round).is_none()
    }

    /// Records a requested bye for a round not yet paired (Swiss systems: the fixed
    /// tables of round robins and brackets have no room for one). A second request for
    /// the same round replaces the first.
    pub fn request_bye(
        &mut self,
        entrant: EntrantNo,
        round: RoundNo,
        kind: ByeKind,
    ) -> Result<(), EventError> {
        if !self.system.is_swiss() {
            return Err(EventError::Invalid(
                InvalidReason::RequestedByeOutsideSwiss {
                    system: self.system,
                },
            ));
        }
        if !self.entrant_numbers().contains(&entrant) {
            return Err(EventError::UnknownPlayer(entrant));
        }
        if round.index() < self.rounds.len() {
            return Err(EventError::State(StateReason::ByeForPairedRound { round }));
        }
        if self.rounds_planned > 0 && round.get() > self.rounds_planned {
            return Err(EventError::Invalid(
                InvalidReason::RequestedByeAfterLastRound {
                    round,
                    rounds: self.rounds_planned,
                },
            ));
        }
        self.requested_byes
            .retain(|b| !(b.entrant == entrant && b.round == round));
        self.requested_byes.push(RequestedBye {
            entrant,
            round,
            kind,
        });
        Ok(())
    }

    /// Whether entrants are teams.
    #[must_use]
    pub fn is_team_event(&self) -> bool {
        matches!(self.entrants, Entrants::Team { .. })
    }

    /// Entrant numbers (players, or teams in a team event), in start-number order.
    #[must_use]
    pub fn entrant_numbers(&self) -> Vec<EntrantNo> {
        if self.is_team_event() {
            self.teams.iter().map(|t| t.number).collect()
        } else {
            self.players.iter().map(|p| p.number).collect()
        }
    }

    /// Display name of an entrant.
    #[must_use]
    pub fn entrant_name(&self, number: EntrantNo) -> String {
        if self.is_team_event() {
            self.team(number).map(|t| t.name.clone())
        } else {
            self.player(number).map(|p| p.name.clone())
        }
        .unwrap_or_else(|| format!("#{number}"))
    }

    /// An entrant's withdrawal, if any.
    #[must_use]
    pub fn withdrawal(&self, number: EntrantNo) -> Option<&Withdrawal> {
        if self.is_team_event() {
            self.team(number).and_then(|t| t.withdrawal.as_ref())
        } else {
            self.player(number).and_then(|p| p.withdrawal.as_ref())
        }
    }

    /// Violations recorded for an entrant (team total for teams).
    #[must_use]
    pub fn violations(&self, number: EntrantNo) -> u32 {
        if self.is_team_event() {
            self.team(number).map_or(0, |t| {
                t.violations
                    + t.members
                        .iter()
                        .filter_map(|m| self.player(*m))
                        .map(|p| p.violations)
                        .sum::<u32>()
            })
        } else {
            self.player(number).map_or(0, |p| p.violations)
        }
    }

    /// Entrants whose games are cancelled (round-robin withdrawal before half their games).
    #[must_use]
    pub fn cancelled_entrants(&self) -> Vec<EntrantNo> {
        self.entrant_numbers()
            .into_iter()
            .filter(|n| {
                self.withdrawal(*n)
                    .is_some_and(|w| w.treatment == WithdrawalTreatment::CancelAll)
            })
            .collect()
    }

    /// Whether the entrant is still paired in `round`.
    #[must_use]
    pub fn is_active_in(&self, number: EntrantNo, round: RoundNo) -> bool {
        let withdrawn = self
            .withdrawal(number)
            .is_some_and(|w| w.after_round < round.get());
        let eliminated = self
            .eliminated
            .iter()
            .any(|(n, after)| *n == number && *after < round.get());
        !withdrawn && !eliminated
    }

    /// A player by start number.
    #[must_use]
    pub fn player(&self, number: EntrantNo) -> Option<&Player> {
        self.players.iter().find(|p| p.number == number)
    }

    /// A team by number.
    #[must_use]
    pub fn team(&self, number: EntrantNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.number == number)
    }

    /// The team a player plays for (a team event's, or a members' total team).
    #[must_use]
    pub fn team_of(&self, player: EntrantNo) -> Option<&Team> {
        self.teams.iter().find(|t| t.members.contains(&player))
    }

    /// Registers a player and returns the start number. Players of one name are welcome
    /// when their club, region or birth year tells them apart; one that nothing tells
    /// apart from a player already registered (the same name, ignoring case and spaces,
    /// club, region and birth year) is refused as registered twice.
    pub fn add_player(&mut self, mut player: Player) -> Result<EntrantNo, EventError> {
        if self.started {
            return Err(EventError::State(StateReason::PlayersAfterDraw));
        }
        let name = player.name.trim().to_owned();
        if name.is_empty() {
            return Err(EventError::Invalid(InvalidReason::EmptyPlayerName));
        }
        if let Some(existing) = self.indistinguishable_from(&player, None) {
            return Err(EventError::DuplicatePlayer { name, existing });
        }
        player.name = name;
        player.number = next_number(self.players.iter().map(|p| p.number));
        let n = player.number;
        self.players.push(player);
        Ok(n)
    }

    /// Registers a team with its members (board players first, then reserves in order).
    pub fn add_team(
        &mut self,
        name: impl Into<String>,
        region: impl Into<String>,
        members: Vec<Player>,
    ) -> Result<EntrantNo, EventError> {
        let Entrants::Team { boards, lineup } = self.entrants else {
            return Err(EventError::State(StateReason::TeamsOnlyInTeamEvent));
        };
        let name = name.into().trim().to_owned();
        if let Some(t) = self
            .teams
            .iter()
            .find(|t| normalise(&t.name) == normalise(&name))
        {
            return Err(EventError::DuplicateTeam {
                name,
                existing: t.number,
            });
        }
        let needed = match lineup {
            LineupMode::MembersTotal => 1,
            _ => usize::from(boards),
        };
        if members.len() < needed {
            return Err(EventError::InvalidLineup {
                team: None,
                why: InvalidLineupReason::TooFewMembers {
                    registered: members.len(),
                    needed,
                },
            });
        }
        // Validate all members first so a refused team leaves the event unchanged.
        let mut trial = self.clone();
        let mut numbers = Vec::with_capacity(members.len());
        for m in members {
            numbers.push(trial.add_player(m)?);
        }
        let number = next_number(trial.teams.iter().map(|t| t.number));
        trial.teams.push(Team {
            number,
            name,
            region: region.into(),
            members: numbers,
            violations: 0,
            withdrawal: None,
        });
        *self = trial;
        Ok(number)
    }

    /// Takes team `number`'s entry back before the draw: the team and its members leave the
    /// event, and the teams and players after them are numbered again in their order (a
    /// requested bye of the team goes with it). Answers the numbers that moved, for whoever
    /// keeps something by number beside the event.
    pub fn take_back_team(&mut self, number: EntrantNo) -> Result<TakenBack, EventError> {
        if self.started {
            return Err(EventError::State(StateReason::AlreadyDrawn));
        }
        let Some(at) = self.teams.iter().position(|t| t.number == number) else {
            return Err(EventError::UnknownTeam(number));
        };
        let team = self.teams.remove(at);
        self.players.retain(|p| !team.members.contains(&p.number));
        self.requested_byes.retain(|b| b.entrant != number);
        let moves = |numbers: Vec<EntrantNo>| -> Vec<(EntrantNo, EntrantNo)> {
            numbers
                .into_iter()
                .enumerate()
                .map(|(i, old)| (old, EntrantNo::from_index(i)))
                .filter(|(old, new)| old != new)
                .collect()
        };
        let moved = TakenBack {
            teams: moves(self.teams.iter().map(|t| t.number).collect()),
            players: moves(self.players.iter().map(|p| p.number).collect()),
        };
        for p in &mut self.players {
            p.number = p.number.renumbered(&moved.players);
        }
        for t in &mut self.teams {
            t.number = t.number.renumbered(&moved.teams);
            for m in &mut t.members {
                *m = m.renumbered(&moved.players);
            }
        }
        for b in &mut self.requested_byes {
            b.entrant = b.entrant.renumbered(&moved.teams);
        }
        Ok(moved)
    }

    /// Makes the draw: checks the field, numbers the entrants (by lot in a round robin,
    /// by seed class and rating in Swiss systems), and fixes the number of rounds where the
    /// system determines it.
    pub fn start(&mut self) -> Result<(), EventError> {
        self.start_renumbered().map(|_| ())
    }

    /// [`Event::start`], answering each entrant's number before the draw and after it
    /// (players in an individual event, teams in a team event), in the new numbers'
    /// order, for whoever keeps something by start number beside the event.
    pub fn start_renumbered(&mut self) -> Result<Vec<(EntrantNo, EntrantNo)>, EventError> {
        if self.started {
            return Err(EventError::State(StateReason::AlreadyDrawn));
        }
        let n = self.entrant_numbers().len();
        let minimum = if self.system == System::GroupRoundRobin {
            4
        } else {
            2
        };
        if n < minimum {
            return Err(PairingError::TooFewEntrants {
                system: self.system.code().into(),
                needed: minimum,
                found: n,
            }
            .into());
        }
        if !(1..=2).contains(&self.games_per_pairing) && !self.system.is_round_robin() {
            return Err(EventError::Invalid(
                InvalidReason::GamesPerPairingNotOneOrTwo,
            ));
        }
        if self.games_per_pairing == 0 {
            return Err(EventError::Invalid(InvalidReason::NoGamesPerPairing));
        }
        let order = self.draw_order();
        let moved = self.renumber(&order);
        let n32 =
            u32::try_from(n).map_err(|_| EventError::Invalid(InvalidReason::TooManyEntrants))?;
        let cycle = n32 + n32 % 2 - 1;
        match self.system {
            System::RoundRobin => self.rounds_planned = cycle,
            System::DoubleRoundRobin => self.rounds_planned = 2 * cycle,
            System::SingleElimination | System::DoubleElimination | System::GroupRoundRobin => {
                crate::pairing::start_system(self)?;
            }
            System::Swiss | System::Dutch | System::SwissElimination => {
                if self.rounds_planned == 0 {
                    // S4 ch.2 §5.5.2: about twice the knock-out rounds, at least 7,
                    // but never more than a field can play without rematches.
                    let ko = 32 - (n32.max(2) - 1).leading_zeros();
                    self.rounds_planned = (2 * ko).max(7).min(n32.max(2) - 1);
                }
            }
            // Played for a set time, not a number of rounds.
            System::Arena => self.rounds_planned = 0,
        }
        self.started = true;
        Ok(moved)
    }

    /// Entrant numbers in their new start order.
    fn draw_order(&self) -> Vec<EntrantNo> {
        let mut order = self.entrant_numbers();
        if matches!(self.system, System::RoundRobin | System::DoubleRoundRobin) {
            if self.settings.draw_by_lot {
                Lot::new(self.settings.lot_seed, 0, "draw").shuffle(&mut order);
            }
        } else if !self.is_team_event() {
            // Ranking order: seed class, then rating, then registration.
            order.sort_by_key(|n| {
                let p = self.player(*n);
                (
                    p.and_then(|p| p.seed_class).unwrap_or(u8::MAX),
                    std::cmp::Reverse(p.and_then(|p| p.rating).unwrap_or(0)),
                    *n,
                )
            });
        }
        order
    }

    /// Gives entrants the numbers 1.. in `order` (draw numbers), with the byes asked for
    /// before the draw; answers each entrant's old and new number.
    fn renumber(&mut self, order: &[EntrantNo]) -> Vec<(EntrantNo, EntrantNo)> {
        let new_of = |old: EntrantNo| {
            order
                .iter()
                .position(|o| *o == old)
                .map_or(old, EntrantNo::from_index)
        };
        for b in &mut self.requested_byes {
            b.entrant = new_of(b.entrant);
        }
        let moved = order.iter().map(|&old| (old, new_of(old))).collect();
        if self.is_team_event() {
            for t in &mut self.teams {
                t.number = new_of(t.number);
            }
            self.teams.sort_by_key(|t| t.number);
        } else {
            for p in &mut self.players {
                p.number = new_of(p.number);
            }
            self.players.sort_by_key(|p| p.number);
        }
        moved
    }

    /// Pairs the next round and returns it.
    pub fn pair_next_round(&mut self) -> Result<&Round, EventError> {
        if !self.started {
            return Err(EventError::State(StateReason::NotDrawn));
        }
        if let Some(last) = self.rounds.last() {
            let missing = last.pairings.iter().filter(|p| !p.is_complete()).count();
            if missing > 0 {
                return Err(PairingError::RoundIncomplete {
                    round: last.number,
                    missing,
                }
                .into());
            }
        }
        let number = RoundNo::from_index(self.rounds.len());
        if self.rounds_planned > 0 && number.get() > self.rounds_planned {
            return Err(PairingError::EventComplete(self.rounds_planned).into());
        }
        if self.system == System::SwissElimination {
            self.eliminate_before(number);
        }
        let mut round = crate::pairing::pair_round(self, number)?;
        self.add_requested_byes(&mut round);
        self.apply_withdrawals_to(&mut round);
        self.rounds.push(round);
        self.rounds
            .last()
            .ok_or(EventError::State(StateReason::PairedRoundMissing))
    }

    /// Swiss with elimination (S4 ch.2 §5.6): after the announced round, before each
    /// further round, drop the lowest — lowest score, then lowest Buchholz (对手分), then
    /// lot — but keep at least half the field.
    fn eliminate_before(&mut self, round: RoundNo) {
        let after = self.settings.elimination_after_round;
        if round.get() <= after {
            return;
        }
        let field = self.entrant_numbers().len();
        let floor = field.div_ceil(2);
        let active: Vec<EntrantNo> = self
            .entrant_numbers()
            .into_iter()
            .filter(|n| self.is_active_in(*n, round))
            .collect();
        let room = active.len().saturating_sub(floor);
        let drop = (self.settings.eliminate_per_round as usize).min(room);
        if drop == 0 {
            return;
        }
        let ctx = crate::tiebreak::Context::new(self);
        let mut lot = Lot::new(self.settings.lot_seed, round.get(), "elimination");
        let mut ranked: Vec<(Score, Score, u64, EntrantNo)> = active
            .iter()
            .map(|&n| {
                (
                    ctx.primary(n),
                    Tiebreak::Buchholz.value(&ctx, n, &[]),
                    lot.next_u64(),
                    n,
                )
            })
            .collect();
        ranked.sort();
        let out: Vec<EntrantNo> = ranked.iter().take(drop).map(|r| r.3).collect();
        for n in out {
            self.eliminated.push((n, round.get() - 1));
        }
    }

    /// Swiss systems: the entrants with a requested bye for the round, after the pairings.
    fn add_requested_byes(&self, round: &mut Round) {
        if !self.system.is_swiss() {
            return;
        }
        let mut byes: Vec<&RequestedBye> = self
            .requested_byes
            .iter()
            .filter(|b| b.round == round.number && self.is_active_in(b.entrant, b.round))
            .collect();
        byes.sort_by_key(|b| b.entrant);
        for b in byes {
            if round.pairings.iter().any(|p| p.involves(b.entrant)) {
                continue;
            }
            round.pairings.push(Pairing {
                board: BoardNo::from_index(round.pairings.len()),
                white: b.entrant,
                black: None,
                bye_points: Some(b.kind.points()),
                games: Vec::new(),
                team_match: None,
                decided_for: None,
                slot: None,
            });
        }
    }

    /// Pre-sets forfeits for withdrawn entrants who appear in a new round.
    fn apply_withdrawals_to(&self, round: &mut Round) {
        for p in &mut round.pairings {
            let Some(black) = p.black else { continue };
            let w_out = !self.is_active_in(p.white, round.number);
            let b_out = !self.is_active_in(black, round.number);
            let reason = if w_out && b_out {
                "both withdrawn"
            } else {
                "withdrawn"
            };
            let Some(result) = GameResult::forfeit(w_out, b_out, reason) else {
                continue;
            };
            p.games = self.each_game(&result);
        }
    }

    /// `result`, in game 1's colours, for each game a pairing plays: the colours alternate
    /// game by game.
    #[must_use]
    pub fn each_game(&self, result: &GameResult) -> Vec<GameResult> {
        (0..self.games_per_pairing.max(1))
            .map(|k| {
                if k % 2 == 0 {
                    result.clone()
                } else {
                    result.swapped()
                }
            })
            .collect()
    }

    /// Enters the result of an individual pairing. `first` and `second` are the two
    /// players in either order; `games` are given from `first`'s point of view in game 1
    /// colours as listed in the pairing (each game in that game's own colours).
    pub fn set_result(
        &mut self,
        round: RoundNo,
        first: EntrantNo,
        second: EntrantNo,
        games: Vec<GameResult>,
    ) -> Result<(), EventError> {
        let rounds = self.rounds.len() as u32;
        let r = self
            .rounds
            .get(round.index())
            .ok_or(EventError::UnknownRound { round, rounds })?;
        let board = r
            .pairings
            .iter()
            .position(|p| {
                (p.white == first && p.black == Some(second))
                    || (p.white == second && p.black == Some(first))
            })
            .ok_or(EventError::UnpairedGame {
                round,
                white: first,
                black: second,
            })?;
        self.check_game_count(games.len())?;
        let pairing = &mut self.rounds[round.index()].pairings[board];
        // Each game's result is in that game's own colours, so the order in which the
        // caller names the players does not matter.
        pairing.games = games;
        Ok(())
    }

    /// Enters the result of an individual pairing as an arbiter states it: `white` and
    /// `black` exactly as the pairing lists them (White in game 1), `games` each in that
    /// game's own colours. Unlike [`Event::set_result`], which takes the two players in
    /// either order and overwrites, this refuses
    /// - the two players named with the colours exchanged ([`EventError::ColoursReversed`],
    ///   naming the pairing as it is);
    /// - a result different from one already entered unless `replace` is set
    ///   ([`EventError::ResultAlreadyEntered`], naming the result there and the rounds
    ///   paired after this one, whose pairings are not redone).
    ///
    /// The result already there entered again is accepted and changes nothing; forfeits
    /// count as the same result whatever reason either records.
    pub fn set_result_at(
        &mut self,
        round: RoundNo,
        white: EntrantNo,
        black: EntrantNo,
        games: Vec<GameResult>,
        replace: bool,
    ) -> Result<Entered, EventError> {
        if self.is_team_event() {
            return Err(EventError::State(StateReason::TeamResultByBoards));
        }
        let rounds = self.rounds.len() as u32;
        let later_rounds: Vec<RoundNo> = (round.index() + 1..self.rounds.len())
            .map(RoundNo::from_index)
            .collect();
        self.check_game_count(games.len())?;
        let r = self
            .rounds
            .get_mut(round.index())
            .ok_or(EventError::UnknownRound { round, rounds })?;
        if let Some(p) = r
            .pairings
            .iter()
            .find(|p| p.white == black && p.black == Some(white))
        {
            return Err(EventError::ColoursReversed {
                round,
                board: p.board,
                white: black,
                black: white,
            });
        }
        let pairing = r
            .pairings
            .iter_mut()
            .find(|p| p.white == white && p.black == Some(black))
            .ok_or(EventError::UnpairedGame {
                round,
                white,
                black,
            })?;
        if pairing.games.is_empty() {
            pairing.games = games;
            return Ok(Entered::New);
        }
        let same = pairing.games.len() == games.len()
            && pairing
                .games
                .iter()
                .zip(&games)
                .all(|(a, b)| a.same_result(b));
        if same {
            return Ok(Entered::Unchanged);
        }
        if !replace {
            return Err(EventError::ResultAlreadyEntered {
                round,
                board: pairing.board,
                existing: written(&pairing.games),
                later_rounds,
            });
        }
        let previous = std::mem::replace(&mut pairing.games, games);
        Ok(Entered::Replaced {
            previous,
            later_rounds,
        })
    }

    /// Refuses a number of game results that a pairing of this event cannot have: the
    /// games per pairing, or more in a knock-out (the extra games of a level match).
    fn check_game_count(&self, found: usize) -> Result<(), EventError> {
        let expected = usize::from(self.games_per_pairing);
        let knock_out = matches!(
            self.system,
            System::SingleElimination | System::DoubleElimination
        );
        if found != expected && !(knock_out && found > expected) {
            return Err(EventError::WrongGameCount { expected, found });
        }
        Ok(())
    }

    /// Knock-out: records who won a level match by the organiser's tie-break (extra
    /// games, armageddon or lot).
    pub fn decide_match(
        &mut self,
        round: RoundNo,
        first: EntrantNo,
        second: EntrantNo,
        winner: EntrantNo,
    ) -> Result<(), EventError> {
        if winner != first && winner != second {
            return Err(EventError::Invalid(InvalidReason::DecisionForOutsider {
                winner,
                first,
                second,
            }));
        }
        let rounds = self.rounds.len() as u32;
        let r = self
            .rounds
            .get_mut(round.index())
            .ok_or(EventError::UnknownRound { round, rounds })?;
        let p = r
            .pairings
            .iter_mut()
            .find(|p| {
                (p.white == first && p.black == Some(second))
                    || (p.white == second && p.black == Some(first))
            })
            .ok_or(EventError::UnpairedGame {
                round,
                white: first,
                black: second,
            })?;
        p.decided_for = Some(winner);
        Ok(())
    }

    /// Enters a team match: line-ups (board 1 first) and each board's games.
    pub fn set_team_result(
        &mut self,
        round: RoundNo,
        board: BoardNo,
        team_match: TeamMatch,
    ) -> Result<(), EventError> {
        let Entrants::Team { boards, lineup } = self.entrants else {
            return Err(EventError::State(StateReason::NotTeamEvent));
        };
        let rounds = self.rounds.len() as u32;
        let games = usize::from(self.games_per_pairing);
        let r = self
            .rounds
            .get(round.index())
            .ok_or(EventError::UnknownRound { round, rounds })?;
        let pairing = r
            .pairings
            .iter()
            .find(|p| p.board == board)
            .ok_or(EventError::UnknownBoard { round, board })?;
        let black = pairing
            .black
            .ok_or(EventError::UnknownBoard { round, board })?;
        for (team_no, l) in [
            (pairing.white, &team_match.white_lineup),
            (black, &team_match.black_lineup),
        ] {
            let team = self.team(team_no).ok_or(EventError::UnknownTeam(team_no))?;
            team.validate_lineup(l, usize::from(boards), lineup)?;
        }
        let expected_boards = match lineup {
            LineupMode::AllPlayAll => team_match.white_lineup.len() * team_match.black_lineup.len(),
            _ => usize::from(boards),
        };
        if team_match.boards.len() != expected_boards
            || team_match.boards.iter().any(|b| b.len() != games)
        {
            return Err(EventError::WrongGameCount {
                expected: expected_boards * games,
                found: team_match.boards.iter().map(Vec::len).sum(),
            });
        }
        if let Some(p) = self
            .rounds
            .get_mut(round.index())
            .and_then(|r| r.pairings.iter_mut().find(|p| p.board == board))
        {
            p.team_match = Some(team_match);
        }
        Ok(())
    }

    /// Whether a game (or team match) between two entrants has a result: the play S4 ch.2
    /// §7.1 counts for a withdrawal in a round robin.
    #[must_use]
    pub fn has_a_result(&self) -> bool {
        self.rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .any(|p| p.black.is_some() && (!p.games.is_empty() || p.team_match.is_some()))
    }

    /// Whether a withdrawal now comes before the play of a round robin (S4 ch.2 §7.1): the
    /// entrant leaves the table and the rounds paired so far are paired again.
    #[must_use]
    pub fn withdrawal_is_before_play(&self) -> bool {
        self.system.is_round_robin() && !self.has_a_result()
    }

    /// Withdraws an entrant after the last paired round, applying S4 ch.2 §7: before any
    /// game in a round robin the draw is remade when the rest is even; during a round robin
    /// fewer than half the games played cancels them all, otherwise the remaining games
    /// are forfeited; in Swiss and knock-out systems results stand and unplayed games are
    /// forfeited.
    pub fn withdraw(
        &mut self,
        number: EntrantNo,
        reason: &str,
    ) -> Result<WithdrawalTreatment, EventError> {
        self.withdraw_renumbered(number, reason).map(|(t, _)| t)
    }

    /// [`Event::withdraw`], answering also the entrants' numbers before and after it where
    /// it took the entrant out and numbered the others again (and drew them again, when the
    /// draw was made): empty where no number moved, for whoever keeps something by number
    /// beside the event.
    pub fn withdraw_renumbered(
        &mut self,
        number: EntrantNo,
        reason: &str,
    ) -> Result<(WithdrawalTreatment, Vec<(EntrantNo, EntrantNo)>), EventError> {
        if !self.entrant_numbers().contains(&number) {
            return Err(if self.is_team_event() {
                EventError::UnknownTeam(number)
            } else {
                EventError::UnknownPlayer(number)
            });
        }
        if self.withdrawal(number).is_some() {
            return Err(EventError::State(StateReason::AlreadyWithdrawn {
                entrant: number,
            }));
        }
        // Rounds with results count as played; a round paired but not played is replayed
        // with forfeits.
        let played_rounds = self
            .rounds
            .iter()
            .take_while(|r| r.pairings.iter().all(Pairing::is_complete))
            .count() as u32;
        if self.withdrawal_is_before_play() {
            // S4 ch.2 §7.1: withdrawal after the draw but before play: an even remainder
            // is drawn again; an odd one keeps the draw, the empty number being the bye.
            let remaining = self.entrant_numbers().len() - 1;
            if !self.started || remaining.is_multiple_of(2) {
                let mut moved = self.remove_entrant(number);
                if self.started {
                    self.rounds.clear();
                    self.started = false;
                    self.settings.lot_seed = self.settings.lot_seed.wrapping_add(1);
                    let drawn = self.start_renumbered()?;
                    for (_, now) in &mut moved {
                        if let Some(&(_, after)) = drawn.iter().find(|(before, _)| before == now) {
                            *now = after;
                        }
                    }
                }
                moved.retain(|(old, new)| old != new);
                return Ok((WithdrawalTreatment::CancelAll, moved));
            }
            self.rounds.clear();
            self.set_withdrawal(
                number,
                Withdrawal {
                    after_round: 0,
                    treatment: WithdrawalTreatment::CancelAll,
                    reason: reason.to_owned(),
                },
            );
            return Ok((WithdrawalTreatment::CancelAll, Vec::new()));
        }
        let treatment = if self.system.is_round_robin() {
            let due = (self.entrant_numbers().len().saturating_sub(1)) as u32
                * if self.system == System::DoubleRoundRobin {
                    2
                } else {
                    1
                }
                * u32::from(self.games_per_pairing);
            let played = self.games_played(number);
            // S4 ch.2 §7.1.1–2: fewer than half → cancel all; half or more → keep.
            if 2 * played < due {
                WithdrawalTreatment::CancelAll
            } else {
                WithdrawalTreatment::KeepAndForfeit
            }
        } else {
            WithdrawalTreatment::KeepAndForfeit
        };
        let w = Withdrawal {
            after_round: played_rounds,
            treatment,
            reason: reason.to_owned(),
        };
        self.set_withdrawal(number, w);
        // A paired but unplayed round: forfeit the withdrawn entrant's game now.
        if let Some(idx) = self.rounds.len().checked_sub(1)
            && idx as u32 >= played_rounds
            && let Some(mut last) = self.rounds.pop()
        {
            for p in &mut last.pairings {
                if p.involves(number) && p.games.is_empty() {
                    p.games.clear();
                }
            }
            self.apply_withdrawals_to(&mut last);
            self.rounds.push(last);
        }
        Ok((treatment, Vec::new()))
    }

    fn set_withdrawal(&mut self, number: EntrantNo, w: Withdrawal) {
        if self.is_team_event() {
            if let Some(t) = self.teams.iter_mut().find(|t| t.number == number) {
                t.withdrawal = Some(w);
            }
        } else if let Some(p) = self.players.iter_mut().find(|p| p.number == number) {
            p.withdrawal = Some(w);
        }
    }

    /// Games an entrant has played (with a result entered, byes excluded).
    #[must_use]
    pub fn games_played(&self, number: EntrantNo) -> u32 {
        self.rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| p.black.is_some() && p.involves(number))
            .map(|p| p.games.len() as u32 + u32::from(p.team_match.is_some()))
            .sum()
    }

    fn remove_entrant(&mut self, number: EntrantNo) -> Vec<(EntrantNo, EntrantNo)> {
        if self.is_team_event() {
            self.teams.retain(|t| t.number != number);
            let order: Vec<EntrantNo> = self.teams.iter().map(|t| t.number).collect();
            self.renumber(&order)
        } else {
            self.players.retain(|p| p.number != number);
            let order: Vec<EntrantNo> = self.players.iter().map(|p| p.number).collect();
            self.renumber(&order)
        }
    }

    /// The tie-break order in force: the event's, or S4's default for the format.
    #[must_use]
    pub fn tiebreak_order(&self) -> Vec<Tiebreak> {
        if self.tiebreaks.is_empty() {
            crate::tiebreak::default_order(self)
        } else {
            self.tiebreaks.clone()
        }
    }

    /// Checks references and numbering; used when a file is loaded.
    pub fn validate(&self) -> Result<(), EventError> {
        for (i, p) in self.players.iter().enumerate() {
            if self
                .players
                .iter()
                .skip(i + 1)
                .any(|q| q.number == p.number)
            {
                return Err(EventError::Invalid(InvalidReason::StartNumberTwice {
                    number: p.number,
                }));
            }
        }
        for t in &self.teams {
            if let Some(m) = t.members.iter().find(|m| self.player(**m).is_none()) {
                return Err(EventError::Invalid(InvalidReason::MemberNotRegistered {
                    team: t.number,
                    member: *m,
                }));
            }
        }
        let entrants = self.entrant_numbers();
        for r in &self.rounds {
            for p in &r.pairings {
                if p.black == Some(p.white) {
                    return Err(EventError::Invalid(InvalidReason::PairedWithItself {
                        round: r.number,
                        board: p.board,
                        entrant: p.white,
                    }));
                }
                for e in std::iter::once(p.white).chain(p.black) {
                    if !entrants.contains(&e) {
                        return Err(EventError::Invalid(
                            InvalidReason::PairedEntrantNotRegistered {
                                round: r.number,
                                board: p.board,
                                entrant: e,
                            },
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// What [`Event::set_result_at`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entered {
    /// The pairing had no result; it has this one now.
    New,
    /// The pairing already had this result; nothing changed.
    Unchanged,
    /// A different result was replaced.
    Replaced {
        /// The games there before.
        previous: Vec<GameResult>,
        /// Rounds paired after this one, while the previous result stood.
        later_rounds: Vec<RoundNo>,
    },
}

/// Games as an arbiter writes them: "1-0 ½-½".
#[must_use]
pub fn written(games: &[GameResult]) -> String {
    games
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn normalise(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn next_number(existing: impl Iterator<Item = EntrantNo>) -> EntrantNo {
    existing
        .max()
        .and_then(EntrantNo::next)
        .unwrap_or(EntrantNo::FIRST)
}

#[cfg(test)]
mod tests {
    use super::DrawnMatchRule;

    /// The codes the CLI and the server read are the event file's own spelling.
    #[test]
    fn drawn_match_codes_are_the_file_spelling() {
        for rule in DrawnMatchRule::ALL {
            let json = serde_json::to_string(&rule).unwrap();
            assert_eq!(json, format!("\"{}\"", rule.code()));
            assert_eq!(DrawnMatchRule::from_code(rule.code()), Some(rule));
        }
        assert_eq!(DrawnMatchRule::from_code("sudden-death"), None);
    }
}
