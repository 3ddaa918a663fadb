//! Changes an arbiter makes to a running event: a late entry, a player's details
//! corrected, violations counted, the last round unpaired, two players exchanged in a
//! pairing not yet played. Each keeps what the pairing systems rely on (start numbers,
//! the rounds already played) and says what it could not keep.
//!
//! ```
//! use shatar_tournament::{ByeKind, Event, GameResult, Player, RoundNo, System};
//!
//! let mut event = Event::new("Naadam open", System::Swiss);
//! for name in ["Бат", "Дорж", "Сүх", "Төмөр"] {
//!     event.add_player(Player::named(name))?;
//! }
//! event.start()?;
//! event.pair_next_round()?;
//! // Round 1 is paired: a latecomer is entered with half a point for it.
//! let late = event.add_late_player(Player::named("Гэрэл"), ByeKind::Half)?;
//! let round1 = &event.rounds[0];
//! let bye = round1.pairings.iter().find(|p| p.white == late).unwrap();
//! assert_eq!((bye.black, bye.bye_points), (None, Some(ByeKind::Half.points())));
//! # Ok::<_, shatar_tournament::EventError>(())
//! ```

use crate::error::{EventError, InvalidReason, StateReason};
use crate::event::{ByeKind, Event, Pairing, RequestedBye, System, normalise, written};
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::player::Player;
use crate::player::WithdrawalTreatment;
use crate::result::Color;
use std::collections::HashMap;

/// A player's details as the arbiter corrects them. The start number, violations and
/// withdrawal are not details: they have their own changes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerDetails {
    /// The name as written.
    pub name: String,
    /// Club or unit.
    pub club: String,
    /// Region.
    pub region: String,
    /// Rating.
    pub rating: Option<u32>,
    /// Year of birth.
    pub birth_year: Option<u16>,
}

/// What exchanging two players in a round changed, with what the arbiter should know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The boards that changed.
    pub boards: Vec<BoardNo>,
    /// What the pairing systems would not have done ("3 and 7 met in round 2").
    pub warnings: Vec<String>,
}

impl Event {
    /// The entrant already registered whom `player` cannot be told apart from: the same
    /// name (ignoring case and spaces), club, region and birth year. Players of one name
    /// are welcome as long as one of those differs.
    pub(crate) fn indistinguishable_from(
        &self,
        player: &Player,
        except: Option<EntrantNo>,
    ) -> Option<EntrantNo> {
        let key = |p: &Player| {
            (
                normalise(&p.name),
                normalise(&p.club),
                normalise(&p.region),
                p.birth_year,
            )
        };
        let wanted = key(player);
        self.players
            .iter()
            .filter(|p| Some(p.number) != except)
            .find(|p| key(p) == wanted)
            .map(|p| p.number)
    }

    /// An entrant's name, with what tells it apart when another entrant has the same name:
    /// the club, else the region, else the birth year, else the start number.
    #[must_use]
    pub fn distinguished_name(&self, number: EntrantNo) -> String {
        let name = self.entrant_name(number);
        let Some(p) = self.player(number).filter(|_| !self.is_team_event()) else {
            return name;
        };
        let mine = normalise(&p.name);
        let namesakes: Vec<&Player> = self
            .players
            .iter()
            .filter(|o| o.number != number && normalise(&o.name) == mine)
            .collect();
        self.told_apart(p, name, &namesakes)
    }

    /// Every player's [`Event::distinguished_name`] at once (each team's name in a team
    /// event), for writing many: the namesakes are found by one grouping of the names
    /// rather than a pass over every entrant for each name written (a 1,000-player arena
    /// names 1,000 players at each wave).
    #[must_use]
    pub fn distinguished_names(&self) -> HashMap<EntrantNo, String> {
        if self.is_team_event() {
            return self
                .players
                .iter()
                .map(|p| (p.number, self.entrant_name(p.number)))
                .collect();
        }
        let mut by_name: HashMap<String, Vec<&Player>> = HashMap::new();
        for p in &self.players {
            by_name.entry(normalise(&p.name)).or_default().push(p);
        }
        let mut names = HashMap::with_capacity(self.players.len());
        for group in by_name.values() {
            for p in group {
                let namesakes: Vec<&Player> = group
                    .iter()
                    .copied()
                    .filter(|o| o.number != p.number)
                    .collect();
                let name = self.entrant_name(p.number);
                names.insert(p.number, self.told_apart(p, name, &namesakes));
            }
        }
        names
    }

    /// `name` of player `p`, with what tells `p` apart from `namesakes` when there are any.
    fn told_apart(&self, p: &Player, name: String, namesakes: &[&Player]) -> String {
        if namesakes.is_empty() {
            return name;
        }
        let unique = |f: fn(&Player) -> String| {
            let mine = f(p);
            let wanted = normalise(&mine);
            (!mine.is_empty() && namesakes.iter().all(|o| normalise(&f(o)) != wanted))
                .then_some(mine)
        };
        let told = unique(|p| p.club.clone())
            .or_else(|| unique(|p| p.region.clone()))
            .or_else(|| unique(|p| p.birth_year.map_or(String::new(), |y| y.to_string())))
            .unwrap_or_else(|| format!("#{}", p.number));
        format!("{name} ({told})")
    }

    /// Registers a player after the draw (Swiss systems). Each round already paired is a
    /// round the player missed, scored as `missed` (TRF-16 `Z`, `H` or `F`: the points
    /// the organiser gives) and kept as a requested bye, so the pairing never counts it as
    /// the system's bye. The newcomer takes the next start number; the others keep theirs.
    /// Before the draw this is [`Event::add_player`].
    pub fn add_late_player(
        &mut self,
        player: Player,
        missed: ByeKind,
    ) -> Result<EntrantNo, EventError> {
        if !self.started {
            return self.add_player(player);
        }
        if self.is_team_event() {
            return Err(EventError::State(StateReason::PlayerWithoutTeam));
        }
        if !self.system.is_swiss() {
            return Err(EventError::Invalid(InvalidReason::LateEntryOutsideSwiss {
                system: self.system,
            }));
        }
        let mut trial = self.clone();
        trial.started = false;
        let number = trial.add_player(player)?;
        trial.started = true;
        for round in &mut trial.rounds {
            trial.requested_byes.push(RequestedBye {
                entrant: number,
                round: round.number,
                kind: missed,
            });
            round.pairings.push(Pairing {
                board: BoardNo::from_index(round.pairings.len()),
                white: number,
                black: None,
                bye_points: Some(missed.points()),
                games: Vec::new(),
                team_match: None,
                decided_for: None,
                slot: None,
            });
        }
        *self = trial;
        Ok(number)
    }

    /// Corrects a player's details. The start number stays (a rating corrected after the
    /// draw does not renumber the field); a correction that makes the player impossible to
    /// tell from another is refused.
    pub fn correct_player(
        &mut self,
        number: EntrantNo,
        details: PlayerDetails,
    ) -> Result<(), EventError> {
        let name = details.name.trim().to_owned();
        if name.is_empty() {
            return Err(EventError::Invalid(InvalidReason::EmptyPlayerName));
        }
        let mut corrected = self
            .player(number)
            .cloned()
            .ok_or(EventError::UnknownPlayer(number))?;
        corrected.name = name.clone();
        corrected.club = details.club.trim().to_owned();
        corrected.region = details.region.trim().to_owned();
        corrected.rating = details.rating;
        corrected.birth_year = details.birth_year;
        if let Some(existing) = self.indistinguishable_from(&corrected, Some(number)) {
            return Err(EventError::DuplicatePlayer { name, existing });
        }
        if let Some(p) = self.players.iter_mut().find(|p| p.number == number) {
            *p = corrected;
        }
        Ok(())
    }

    /// Sets a player's violations in the whole event (a tie-break: fewer is better).
    pub fn set_violations(&mut self, number: EntrantNo, count: u32) -> Result<(), EventError> {
        let p = self
            .players
            .iter_mut()
            .find(|p| p.number == number)
            .ok_or(EventError::UnknownPlayer(number))?;
        p.violations = count;
        Ok(())
    }

    /// Takes back the last round's pairings, so that it can be paired again (after a late
    /// entry, a withdrawal or a wrong result). Refused once a result is entered in it, other
    /// than the forfeits of withdrawn entrants, and in knock-outs and group round robins,
    /// whose brackets and groups move on with each round.
    pub fn unpair_last_round(&mut self) -> Result<RoundNo, EventError> {
        if matches!(
            self.system,
            System::SingleElimination | System::DoubleElimination | System::GroupRoundRobin
        ) {
            return Err(EventError::Invalid(
                InvalidReason::UnpairingAdvancingSystem {
                    system: self.system,
                },
            ));
        }
        let last = self
            .rounds
            .last()
            .ok_or(EventError::State(StateReason::NoRoundPaired))?;
        let round = last.number;
        let played: Vec<BoardNo> = last
            .pairings
            .iter()
            .filter(|p| {
                let forfeit_of_withdrawn = !self.is_active_in(p.white, round)
                    || p.black.is_some_and(|b| !self.is_active_in(b, round));
                p.black.is_some()
                    && (!p.games.is_empty() || p.team_match.is_some())
                    && !forfeit_of_withdrawn
            })
            .map(|p| p.board)
            .collect();
        if !played.is_empty() {
            return Err(EventError::State(StateReason::UnpairRoundWithResults {
                round,
                boards: played,
            }));
        }
        self.rounds.pop();
        // Swiss with elimination drops its lowest just before pairing a round.
        self.eliminated
            .retain(|(_, after)| *after + 1 < round.get());
        Ok(round)
    }

    /// Exchanges two entrants in a round not yet played: each takes the other's place
    /// (opponent, colour and board). Two entrants of the same pairing exchange colours.
    /// Only the last round, only pairings without a result, and not a requested bye (that
    /// entrant asked not to play). The warnings name what the pairing rules would not have
    /// done: a rematch, a second bye, a third game in a row with one colour.
    pub fn exchange(
        &mut self,
        round: RoundNo,
        a: EntrantNo,
        b: EntrantNo,
    ) -> Result<Exchange, EventError> {
        if matches!(
            self.system,
            System::SingleElimination | System::DoubleElimination
        ) {
            return Err(EventError::Invalid(InvalidReason::PairingChangeInKnockOut));
        }
        if a == b {
            return Err(EventError::Invalid(InvalidReason::ExchangeWithItself {
                entrant: a,
            }));
        }
        let rounds = self.rounds.len() as u32;
        if round.index() + 1 != self.rounds.len() {
            return Err(if round.index() >= self.rounds.len() {
                EventError::UnknownRound { round, rounds }
            } else {
                EventError::State(StateReason::RoundOver {
                    round,
                    last: RoundNo::from_index(self.rounds.len().saturating_sub(1)),
                })
            });
        }
        let pairings = &self.rounds[round.index()].pairings;
        let find = |n: EntrantNo| -> Result<usize, EventError> {
            let at = pairings
                .iter()
                .position(|p| p.involves(n))
                .ok_or(EventError::State(StateReason::NotInPairings {
                    entrant: n,
                    round,
                }))?;
            let p = &pairings[at];
            if !p.games.is_empty() || p.team_match.is_some() {
                return Err(EventError::State(StateReason::BoardHasResult {
                    board: p.board,
                }));
            }
            if p.black.is_none() && self.requested_bye(n, round).is_some() {
                return Err(EventError::State(StateReason::ByeRequested {
                    entrant: n,
                    round,
                }));
            }
            Ok(at)
        };
        let (ia, ib) = (find(a)?, find(b)?);
        let pairings = &mut self.rounds[round.index()].pairings;
        let put = |n: EntrantNo| {
            if n == a {
                b
            } else if n == b {
                a
            } else {
                n
            }
        };
        let swap = |p: &mut Pairing| {
            p.white = put(p.white);
            p.black = p.black.map(put);
        };
        let boards = if ia == ib {
            let p = &mut pairings[ia];
            if let Some(black) = p.black {
                (p.white, p.black) = (black, Some(p.white));
            }
            vec![p.board]
        } else {
            swap(&mut pairings[ia]);
            swap(&mut pairings[ib]);
            vec![pairings[ia].board, pairings[ib].board]
        };
        let warnings = self.pairing_warnings(round, &boards);
        Ok(Exchange { boards, warnings })
    }

    /// What the pairing rules would not have done on these boards of `round`.
    fn pairing_warnings(&self, round: RoundNo, boards: &[BoardNo]) -> Vec<String> {
        let earlier = &self.rounds[..round.index()];
        let mut out = Vec::new();
        let this = &self.rounds[round.index()];
        for p in this.pairings.iter().filter(|p| boards.contains(&p.board)) {
            match p.black {
                Some(black) => {
                    if let Some(met) = earlier.iter().find(|r| {
                        r.pairings
                            .iter()
                            .any(|q| q.involves(p.white) && q.opponent_of(p.white) == Some(black))
                    }) {
                        out.push(format!(
                            "{} and {} met in round {}",
                            p.white, black, met.number
                        ));
                    }
                    for (n, colour) in [(p.white, Color::White), (black, Color::Black)] {
                        let last_two: Vec<Option<Color>> = earlier
                            .iter()
                            .rev()
                            .take(2)
                            .map(|r| colour_in(r.pairings.as_slice(), n))
                            .collect();
                        if last_two.len() == 2 && last_two.iter().all(|c| *c == Some(colour)) {
                            out.push(format!(
                                "{n} has {} for the third game in a row",
                                match colour {
                                    Color::White => "White",
                                    Color::Black => "Black",
                                }
                            ));
                        }
                    }
                }
                None => {
                    if let Some(had) = earlier.iter().find(|r| {
                        r.pairings
                            .iter()
                            .any(|q| q.white == p.white && q.black.is_none())
                    }) {
                        out.push(format!(
                            "{} had a bye in round {} already",
                            p.white, had.number
                        ));
                    }
                }
            }
        }
        out
    }
}

/// What a withdrawal did, in the arbiter's words (docs/competition.md §4): the redraw, the
/// cancelled games or the forfeits it set, from the event before and after
/// [`Event::withdraw`] and the treatment it answered.
#[must_use]
pub fn withdrawal_report(
    before: &Event,
    after: &Event,
    entrant: EntrantNo,
    treatment: WithdrawalTreatment,
) -> Vec<String> {
    let who = format!("{entrant} {}", before.entrant_name(entrant));
    let mut lines = Vec::new();
    let cleared = |lines: &mut Vec<String>| {
        if !before.rounds.is_empty() {
            lines.push(format!(
                "the pairings of round {} were cleared; pair it again",
                before.rounds.len()
            ));
        }
    };
    if after.entrant_numbers().len() < before.entrant_numbers().len() {
        if !before.started {
            lines.push(format!(
                "{who} withdrawn before the draw: removed from the event"
            ));
            return lines;
        }
        lines.push(format!(
            "{who} withdrawn after the draw, before play: removed, and the draw made again for the {} remaining entrants ({} rounds):",
            after.entrant_numbers().len(),
            after.rounds_planned
        ));
        for n in after.entrant_numbers() {
            lines.push(format!("{n:>4}  {}", after.entrant_name(n)));
        }
        cleared(&mut lines);
        return lines;
    }
    match treatment {
        WithdrawalTreatment::CancelAll if after.rounds.is_empty() => {
            lines.push(format!(
                "{who} withdrawn after the draw, before play: the draw stands, with number {entrant} the bye in every round"
            ));
            cleared(&mut lines);
        }
        WithdrawalTreatment::CancelAll => lines.push(format!(
            "{who} withdrawn with fewer than half of the games played: all of them are cancelled and {entrant} leaves the table"
        )),
        WithdrawalTreatment::KeepAndForfeit => {
            lines.push(format!(
                "{who} withdrawn: the results played stand, the remaining games are lost by forfeit"
            ));
            for (was, now) in before.rounds.iter().zip(&after.rounds) {
                for (p, q) in was.pairings.iter().zip(&now.pairings) {
                    if p.games != q.games
                        && let Some(black) = q.black
                    {
                        lines.push(format!(
                            "round {} board {}, {} (White) – {black} (Black): {} by forfeit",
                            now.number,
                            q.board,
                            q.white,
                            written(&q.games)
                        ));
                    }
                }
            }
        }
    }
    lines
}

/// The colour `n` had in game 1 of a round's pairings, if they played.
fn colour_in(pairings: &[Pairing], n: EntrantNo) -> Option<Color> {
    pairings.iter().find_map(|p| match p.black {
        Some(_) if p.white == n => Some(Color::White),
        Some(black) if black == n => Some(Color::Black),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameResult;

    fn no(n: u32) -> EntrantNo {
        EntrantNo::new(n).unwrap()
    }

    /// A Swiss of `n` players with ratings falling by start number, started.
    fn swiss(n: u32) -> Event {
        let mut e = Event::new("Test", System::Swiss);
        for i in 0..n {
            let mut p = Player::named(format!("P{}", i + 1));
            p.rating = Some(2000 - i * 10);
            e.add_player(p).unwrap();
        }
        e.start().unwrap();
        e
    }

    /// Round 1 played with every White winning; its pairings as (White, Black).
    fn white_wins_round_one(e: &mut Event) -> Vec<(EntrantNo, EntrantNo)> {
        let r1: Vec<(EntrantNo, EntrantNo)> = e.rounds[0]
            .pairings
            .iter()
            .map(|p| (p.white, p.black.unwrap()))
            .collect();
        for (w, b) in &r1 {
            e.set_result(RoundNo::FIRST, *w, *b, vec![GameResult::WhiteWins])
                .unwrap();
        }
        r1
    }

    #[test]
    fn namesakes_are_welcome_when_something_tells_them_apart() {
        let mut e = Event::new("Test", System::Swiss);
        let mut a = Player::named("Бат");
        a.club = "Улаанбаатар".into();
        let mut b = Player::named("бат ");
        b.club = "Дархан".into();
        let na = e.add_player(a).unwrap();
        let nb = e.add_player(b).unwrap();
        let c = e.add_player(Player::named("Бат")).unwrap();
        assert_eq!(e.distinguished_name(na), "Бат (Улаанбаатар)");
        assert_eq!(e.distinguished_name(nb), "бат (Дархан)");
        // The third has no club of their own: the start number tells them apart.
        assert_eq!(e.distinguished_name(c), "Бат (#3)");
        let err = e.add_player(Player::named("БАТ")).unwrap_err();
        assert!(
            matches!(err, EventError::DuplicatePlayer { existing, .. } if existing == c),
            "{err}"
        );
        let d = e.add_player(Player::named("Дорж")).unwrap();
        assert_eq!(e.distinguished_name(d), "Дорж");
        let all = e.distinguished_names();
        assert_eq!(all.len(), e.players.len());
        for p in &e.players {
            assert_eq!(
                all[&p.number],
                e.distinguished_name(p.number),
                "{}",
                p.number
            );
        }
    }

    #[test]
    fn a_late_entry_scores_the_missed_rounds_and_is_paired_next() {
        let mut e = swiss(6);
        e.pair_next_round().unwrap();
        white_wins_round_one(&mut e);
        let late = e
            .add_late_player(Player::named("Late"), ByeKind::Half)
            .unwrap();
        assert_eq!(late, no(7));
        let table = crate::standings(&e);
        let line = table.lines.iter().find(|l| l.entrant == late).unwrap();
        assert_eq!(line.values[0], crate::Score::HALF);
        // Round 2 pairs all seven: the latecomer plays, someone else has the system's bye.
        let r2 = e.pair_next_round().unwrap().clone();
        assert!(
            r2.pairings
                .iter()
                .any(|p| p.involves(late) && p.black.is_some())
        );
        let bye = r2.pairings.iter().find(|p| p.black.is_none()).unwrap();
        assert_ne!(bye.white, late);
        // A round robin's table is fixed.
        let mut rr = Event::new("RR", System::RoundRobin);
        for n in ["A", "B", "C", "D"] {
            rr.add_player(Player::named(n)).unwrap();
        }
        rr.start().unwrap();
        assert!(
            rr.add_late_player(Player::named("E"), ByeKind::Zero)
                .is_err()
        );
    }

    #[test]
    fn the_last_round_unpairs_until_a_result_is_entered() {
        let mut e = swiss(4);
        e.pair_next_round().unwrap();
        let p = e.rounds[0].pairings[0].clone();
        assert_eq!(e.unpair_last_round().unwrap(), RoundNo::FIRST);
        assert!(e.rounds.is_empty());
        e.pair_next_round().unwrap();
        assert_eq!(
            e.rounds[0].pairings[0], p,
            "pairing again gives the same round"
        );
        e.set_result(
            RoundNo::FIRST,
            p.white,
            p.black.unwrap(),
            vec![GameResult::Draw],
        )
        .unwrap();
        let err = e.unpair_last_round().unwrap_err();
        assert_eq!(
            err.to_string(),
            "event state: round 1 has results on board(s) 1: a round with results cannot be unpaired"
        );
    }

    #[test]
    fn an_exchange_moves_two_players_and_warns_of_a_rematch() {
        let mut e = swiss(4);
        e.pair_next_round().unwrap();
        // Round 1 (Swiss, top half against bottom half): 1–3, 4–2 or similar; play it.
        let r1 = white_wins_round_one(&mut e);
        e.pair_next_round().unwrap();
        let two = RoundNo::new(2).unwrap();
        let before = e.rounds[1].pairings.clone();
        // Exchange the two Blacks of round 2: each White now meets the other's opponent.
        let (b1, b2) = (before[0].black.unwrap(), before[1].black.unwrap());
        let done = e.exchange(two, b1, b2).unwrap();
        assert_eq!(done.boards, vec![before[0].board, before[1].board]);
        let after = &e.rounds[1].pairings;
        assert_eq!(after[0].black, Some(b2));
        assert_eq!(after[1].black, Some(b1));
        // Each new pairing that round 1 had is named as a rematch.
        let met_before = |x: EntrantNo, y: EntrantNo| {
            r1.iter()
                .any(|&(w, b)| (w, b) == (x, y) || (w, b) == (y, x))
        };
        let expected: Vec<String> = after[..2]
            .iter()
            .filter(|p| met_before(p.white, p.black.unwrap()))
            .map(|p| format!("{} and {} met in round 1", p.white, p.black.unwrap()))
            .collect();
        let rematches: Vec<String> = done
            .warnings
            .iter()
            .filter(|w| w.contains(" met in "))
            .cloned()
            .collect();
        assert_eq!(rematches, expected);
        // Two of one pairing exchange colours.
        let (w, b) = (after[0].white, after[0].black.unwrap());
        e.exchange(two, w, b).unwrap();
        assert_eq!(
            (e.rounds[1].pairings[0].white, e.rounds[1].pairings[0].black),
            (b, Some(w))
        );
        // Round 1 is over.
        let err = e.exchange(RoundNo::FIRST, r1[0].0, r1[1].0).unwrap_err();
        assert!(err.to_string().contains("round 1 is over"), "{err}");
    }
}
