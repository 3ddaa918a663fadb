//! The libraries' refusals (the rules core's FEN and move errors, the records library's
//! reading errors) as [`Msg`]s, so that a visitor reads why a FEN, a move or a record was
//! refused in the page's language. The libraries' own `Display` texts stay English (they
//! are for logs, the CLI and UCI); this module is the one place that words them for people.
//! Where a library gives only an English phrase (a record's syntax error), the phrase is
//! quoted inside the translated sentence.
//!
//! The tournament library's refusals (a change to an event, a pairing, a CSV player list,
//! a TRF or event file, a result's word) and the arbiter library's time control are worded
//! here too, for the event pages and the events API. Their reasons are typed (the library's
//! `StateReason`, `InvalidReason`, the line-up's and the pairing's reasons), each worded by
//! its own message, so that a refusal reads in one language throughout.

use crate::i18n::{Msg, color_id};
use shatar_records::{GameError, MoveError, MoveTextError, RecordError};
use shatar_rules::PositionError;
use shatar_rules::fen::{FenError, ParseFenError};
use shatar_rules::outcome::GameEnd;
use shatar_rules::uci::UciMoveError;
use shatar_tournament::result::ParseResultError;
use shatar_tournament::{
    CsvError, EventError, EventFileError, InvalidLineupReason, InvalidReason, LineupOrderRule,
    NoPairingReason, PairingError, StateReason, TrfError, UnsupportedPairing,
};

/// Why a FEN could not be read, naming the field and the rank.
pub fn fen_error(e: &FenError) -> Msg {
    match e {
        FenError::Parse(p) => match p {
            ParseFenError::Empty => Msg::new("fen-empty"),
            ParseFenError::RankCount(n) => Msg::new("fen-rank-count").arg("n", n),
            ParseFenError::RankLength { rank, squares } => Msg::new("fen-rank-length")
                .arg("rank", rank)
                .arg("n", squares),
            ParseFenError::BadChar { rank, found } => Msg::new("fen-bad-char")
                .arg("rank", rank)
                .arg("char", found),
            ParseFenError::Turn(v) => Msg::new("fen-turn").arg("value", v),
            ParseFenError::Castling(v) => Msg::new("fen-castling").arg("value", v),
            ParseFenError::EnPassant(v) => Msg::new("fen-en-passant").arg("value", v),
            ParseFenError::Halfmoves(v) => Msg::new("fen-halfmoves").arg("value", v),
            ParseFenError::Fullmoves(v) => Msg::new("fen-fullmoves").arg("value", v),
            // The reader names only the side to move as missing: the board is always there.
            ParseFenError::Missing(_) => Msg::new("fen-missing-turn"),
            ParseFenError::TooManyFields(n) => Msg::new("fen-too-many-fields").arg("n", n),
        },
        FenError::Position(p) => match p {
            PositionError::MissingKing(c) => Msg::new("fen-no-king").arg_id("color", color_id(*c)),
            PositionError::TooManyKings(c, n) => Msg::new("fen-kings")
                .arg_id("color", color_id(*c))
                .arg("n", n),
            PositionError::PawnOnBackRank { color, square } => Msg::new("fen-pawn-back-rank")
                .arg_id("color", color_id(*color))
                .arg("square", square),
            PositionError::OppositeCheck(c) => {
                Msg::new("fen-opposite-check").arg_id("color", color_id(*c))
            }
            PositionError::TooManyMen(c, n) => Msg::new("fen-too-many-men")
                .arg_id("color", color_id(*c))
                .arg("n", n),
            PositionError::ReturningPawnNotInRuleset { color, square } => {
                Msg::new("fen-returning-pawn-not-in-ruleset")
                    .arg_id("color", color_id(*color))
                    .arg("square", square)
            }
            PositionError::ReturningPawnTooFarBack { color, square } => {
                Msg::new("fen-returning-pawn-too-far-back")
                    .arg_id("color", color_id(*color))
                    .arg("square", square)
            }
        },
    }
}

/// Why a move in UCI notation was refused: not written as one, or not legal here.
pub fn uci_error(e: &UciMoveError) -> Msg {
    match e {
        UciMoveError::Syntax { text, .. } => Msg::new("move-not-uci").arg("text", text),
        UciMoveError::Illegal { text, .. } => Msg::new("move-illegal").arg("text", text),
    }
}

/// A game's end by the rules: its result and how it came (`1-0 (checkmate)`).
pub fn game_end(end: &GameEnd) -> Msg {
    let how = crate::db::games::Ending::by_rules(end.termination);
    Msg::new("game-end")
        .arg("result", end.outcome.pgn())
        .arg_id("how", how.message_id())
}

/// Why a game of an imported record could not be read: the line, the move and the side,
/// and which game of the file when it is not the first.
pub fn game_error(e: &GameError) -> Msg {
    let inner = match &e.error {
        RecordError::Syntax {
            line,
            column,
            reason,
        } => Msg::new("record-syntax")
            .arg("line", line)
            .arg("column", column)
            .arg("reason", reason),
        RecordError::MoveSyntax { line, error } => Msg::new("record-not-a-move")
            .arg("line", line)
            .arg("text", &error.text)
            .arg("reason", error.reason),
        RecordError::Replay(r) => {
            let at = |id: &'static str| {
                Msg::new(id)
                    .arg("line", r.line)
                    .arg("number", r.number)
                    .arg_id("side", color_id(r.side))
            };
            match &r.error {
                MoveTextError::Parse(p) => at("record-move-not-a-move")
                    .arg("text", &p.text)
                    .arg("reason", p.reason),
                MoveTextError::Move(MoveError::Illegal { text, reason }) => {
                    at("record-move-illegal")
                        .arg("text", text)
                        .arg("reason", reason)
                }
                MoveTextError::Move(MoveError::Ambiguous { text, candidates }) => {
                    at("record-move-ambiguous")
                        .arg("text", text)
                        .arg("candidates", candidates.join(" / "))
                }
            }
        }
        RecordError::Tag { tag, reason } => {
            Msg::new("record-tag").arg("tag", tag).arg("reason", reason)
        }
    };
    if e.game > 1 {
        Msg::new("record-in-game")
            .arg("game", e.game)
            .arg("line", e.first_line)
            .arg_msg("error", inner)
    } else {
        inner
    }
}

/// A value as the libraries' English texts quote it (`"Bat"`, with Rust's escapes).
fn quoted(value: &str) -> String {
    format!("{value:?}")
}

/// Why the tournament library refused a change to an event, naming the player, team,
/// round or board at fault.
pub fn event_error(e: &EventError) -> Msg {
    match e {
        EventError::DuplicatePlayer { name, existing } => Msg::new("tournament-duplicate-player")
            .arg("name", quoted(name))
            .arg("existing", existing),
        EventError::DuplicateTeam { name, existing } => Msg::new("tournament-duplicate-team")
            .arg("name", quoted(name))
            .arg("existing", existing),
        EventError::UnknownPlayer(n) => Msg::new("tournament-unknown-player").arg("number", n),
        EventError::UnknownTeam(n) => Msg::new("tournament-unknown-team").arg("number", n),
        EventError::UnknownRound { round, rounds } => Msg::new("tournament-unknown-round")
            .arg("round", round)
            .arg("rounds", rounds),
        EventError::UnpairedGame {
            round,
            white,
            black,
        } => Msg::new("tournament-unpaired-game")
            .arg("round", round)
            .arg("white", white)
            .arg("black", black),
        EventError::ColoursReversed {
            round,
            board,
            white,
            black,
        } => Msg::new("tournament-colours-reversed")
            .arg("round", round)
            .arg("board", board)
            .arg("white", white)
            .arg("black", black),
        EventError::ResultAlreadyEntered {
            round,
            board,
            existing,
            later_rounds,
        } => {
            let msg = match later_rounds.as_slice() {
                [] => Msg::new("tournament-result-entered"),
                [one] => Msg::new("tournament-result-entered-later").arg("later", one),
                [first, .., last] => Msg::new("tournament-result-entered-later-many")
                    .arg("first", first)
                    .arg("last", last),
            };
            msg.arg("round", round)
                .arg("board", board)
                .arg("existing", existing)
        }
        EventError::UnknownBoard { round, board } => Msg::new("tournament-unknown-board")
            .arg("round", round)
            .arg("board", board),
        EventError::WrongGameCount { expected, found } => Msg::new("tournament-wrong-game-count")
            .arg("expected", expected)
            .arg("found", found),
        EventError::LineupOutOfOrder {
            team,
            lineup,
            registered,
            why,
        } => Msg::new("tournament-lineup-out-of-order")
            .arg("team", team)
            .arg("lineup", format!("{lineup:?}"))
            .arg("registered", format!("{registered:?}"))
            .arg_msg("why", lineup_order_rule(why)),
        EventError::InvalidLineup { team, why } => {
            let why = invalid_lineup_reason(why);
            match team {
                Some(team) => Msg::new("tournament-team-invalid-lineup")
                    .arg("team", team)
                    .arg_msg("why", why),
                None => Msg::new("tournament-invalid-lineup").arg_msg("why", why),
            }
        }
        EventError::State(reason) => {
            Msg::new("tournament-state").arg_msg("reason", state_reason(reason))
        }
        EventError::Invalid(reason) => invalid_reason(reason),
        EventError::Pairing(p) => pairing_error(p),
    }
}

/// Why a round could not be paired.
pub fn pairing_error(e: &PairingError) -> Msg {
    match e {
        PairingError::NoValidPairing {
            round,
            players,
            why,
        } => Msg::new("tournament-no-valid-pairing")
            .arg("round", round)
            .arg("players", players)
            .arg_msg("why", no_pairing_reason(why)),
        PairingError::EventComplete(rounds) => {
            Msg::new("tournament-event-complete").arg("rounds", rounds)
        }
        PairingError::RoundIncomplete { round, missing } => Msg::new("tournament-round-incomplete")
            .arg("round", round)
            .arg("missing", missing),
        PairingError::TooFewEntrants {
            system,
            needed,
            found,
        } => Msg::new("tournament-too-few-entrants")
            .arg("system", system)
            .arg("needed", needed)
            .arg("found", found),
        PairingError::Unsupported(reason) => {
            Msg::new("tournament-unsupported").arg_msg("reason", unsupported_pairing(reason))
        }
    }
}

/// Why the event's state refuses a change: the phrase after "event state:".
pub fn state_reason(r: &StateReason) -> Msg {
    match r {
        StateReason::AlreadyDrawn => Msg::new("tournament-reason-already-drawn"),
        StateReason::NotDrawn => Msg::new("tournament-reason-not-drawn"),
        StateReason::PlayersAfterDraw => Msg::new("tournament-reason-players-after-draw"),
        StateReason::TeamsOnlyInTeamEvent => Msg::new("tournament-reason-teams-only-in-team-event"),
        StateReason::MemberTeamsInTeamEvent => {
            Msg::new("tournament-reason-member-teams-in-team-event")
        }
        StateReason::PlayerWithoutTeam => Msg::new("tournament-reason-player-without-team"),
        StateReason::NotTeamEvent => Msg::new("tournament-reason-not-team-event"),
        StateReason::TeamResultByBoards => Msg::new("tournament-reason-team-result-by-boards"),
        StateReason::BracketNotDrawn => Msg::new("tournament-reason-bracket-not-drawn"),
        StateReason::ArenaHasNoRounds => Msg::new("tournament-reason-arena-has-no-rounds"),
        StateReason::MatchLevel { round, board } => Msg::new("tournament-reason-match-level")
            .arg("round", round)
            .arg("board", board),
        StateReason::ByeForPairedRound { round } => {
            Msg::new("tournament-reason-bye-for-paired-round").arg("round", round)
        }
        StateReason::AlreadyWithdrawn { entrant } => {
            Msg::new("tournament-reason-already-withdrawn").arg("entrant", entrant)
        }
        StateReason::PairedRoundMissing => Msg::new("tournament-reason-paired-round-missing"),
        StateReason::NoRoundPaired => Msg::new("tournament-reason-no-round-paired"),
        StateReason::UnpairRoundWithResults { round, boards } => {
            let boards: Vec<String> = boards.iter().map(ToString::to_string).collect();
            Msg::new("tournament-reason-unpair-round-with-results")
                .arg("round", round)
                .arg("boards", boards.join(", "))
        }
        StateReason::RoundOver { round, last } => Msg::new("tournament-reason-round-over")
            .arg("round", round)
            .arg("last", last),
        StateReason::NotInPairings { entrant, round } => {
            Msg::new("tournament-reason-not-in-pairings")
                .arg("entrant", entrant)
                .arg("round", round)
        }
        StateReason::BoardHasResult { board } => {
            Msg::new("tournament-reason-board-has-result").arg("board", board)
        }
        StateReason::ByeRequested { entrant, round } => Msg::new("tournament-reason-bye-requested")
            .arg("entrant", entrant)
            .arg("round", round),
    }
}

/// Which setting or argument is invalid and why: the whole refusal, "invalid …: …".
pub fn invalid_reason(r: &InvalidReason) -> Msg {
    match r {
        InvalidReason::EmptyPlayerName => Msg::new("tournament-reason-empty-player-name"),
        InvalidReason::GamesPerPairingNotOneOrTwo => {
            Msg::new("tournament-reason-games-per-pairing-one-or-two")
        }
        InvalidReason::NoGamesPerPairing => Msg::new("tournament-reason-no-games-per-pairing"),
        InvalidReason::NoAdvancePerGroup => Msg::new("tournament-reason-no-advance-per-group"),
        InvalidReason::TooManyEntrants => Msg::new("tournament-reason-too-many-entrants"),
        InvalidReason::DoubleEliminationFieldTooLarge { players } => {
            Msg::new("tournament-reason-double-elimination-field-too-large").arg("players", players)
        }
        InvalidReason::RequestedByeOutsideSwiss { system } => {
            Msg::new("tournament-reason-requested-bye-outside-swiss").arg("system", system.code())
        }
        InvalidReason::RequestedByeAfterLastRound { round, rounds } => {
            Msg::new("tournament-reason-requested-bye-after-last-round")
                .arg("round", round)
                .arg("rounds", rounds)
        }
        InvalidReason::LateEntryOutsideSwiss { system } => {
            Msg::new("tournament-reason-late-entry-outside-swiss").arg("system", system.code())
        }
        InvalidReason::UnpairingAdvancingSystem { system } => {
            Msg::new("tournament-reason-unpairing-advancing-system").arg("system", system.code())
        }
        InvalidReason::PairingChangeInKnockOut => {
            Msg::new("tournament-reason-pairing-change-in-knock-out")
        }
        InvalidReason::ExchangeWithItself { entrant } => {
            Msg::new("tournament-reason-exchange-with-itself").arg("entrant", entrant)
        }
        InvalidReason::DecisionForOutsider {
            winner,
            first,
            second,
        } => Msg::new("tournament-reason-decision-for-outsider")
            .arg("winner", winner)
            .arg("first", first)
            .arg("second", second),
        InvalidReason::MemberOfAnotherTeam { player, team } => {
            Msg::new("tournament-reason-member-of-another-team")
                .arg("player", player)
                .arg("team", team)
        }
        InvalidReason::StartNumberTwice { number } => {
            Msg::new("tournament-reason-start-number-twice").arg("number", number)
        }
        InvalidReason::MemberNotRegistered { team, member } => {
            Msg::new("tournament-reason-member-not-registered")
                .arg("team", team)
                .arg("member", member)
        }
        InvalidReason::PairedWithItself {
            round,
            board,
            entrant,
        } => Msg::new("tournament-reason-paired-with-itself")
            .arg("round", round)
            .arg("board", board)
            .arg("entrant", entrant),
        InvalidReason::PairedEntrantNotRegistered {
            round,
            board,
            entrant,
        } => Msg::new("tournament-reason-paired-entrant-not-registered")
            .arg("round", round)
            .arg("board", board)
            .arg("entrant", entrant),
    }
}

/// What is wrong with a line-up or a team's members.
pub fn invalid_lineup_reason(r: &InvalidLineupReason) -> Msg {
    match r {
        InvalidLineupReason::WrongPlayerCount { given, needed } => {
            Msg::new("tournament-reason-wrong-player-count")
                .arg("given", given)
                .arg("needed", needed)
        }
        InvalidLineupReason::NotAMember { player } => {
            Msg::new("tournament-reason-not-a-member").arg("player", player)
        }
        InvalidLineupReason::PlayerTwice { player } => {
            Msg::new("tournament-reason-player-twice").arg("player", player)
        }
        InvalidLineupReason::TooFewMembers { registered, needed } => {
            Msg::new("tournament-reason-too-few-members")
                .arg("registered", registered)
                .arg("needed", needed)
        }
    }
}

/// Which rule of the registered order a line-up breaks.
pub fn lineup_order_rule(r: &LineupOrderRule) -> Msg {
    match r {
        LineupOrderRule::FixedBoards => Msg::new("tournament-reason-fixed-boards"),
        LineupOrderRule::RegisteredOrder => Msg::new("tournament-reason-registered-order"),
    }
}

/// Why no pairing exists for a round.
pub fn no_pairing_reason(r: &NoPairingReason) -> Msg {
    match r {
        NoPairingReason::AbsoluteCriteria => Msg::new("tournament-reason-absolute-criteria"),
        NoPairingReason::LastPlayers => Msg::new("tournament-reason-last-players"),
        NoPairingReason::NoByeLeavesPairableField => {
            Msg::new("tournament-reason-no-bye-leaves-pairable-field")
        }
        NoPairingReason::NoRematchFreeWithinColourBounds => {
            Msg::new("tournament-reason-no-rematch-free-within-colour-bounds")
        }
    }
}

/// What this version's pairing cannot pair.
pub fn unsupported_pairing(r: &UnsupportedPairing) -> Msg {
    match r {
        UnsupportedPairing::DutchFieldTooLarge { max, players } => {
            Msg::new("tournament-reason-dutch-field-too-large")
                .arg("max", max)
                .arg("players", players)
        }
        UnsupportedPairing::DutchBracketTooLarge {
            max_players,
            max_bits,
            players,
            bits,
        } => Msg::new("tournament-reason-dutch-bracket-too-large")
            .arg("max_players", max_players)
            .arg("max_bits", max_bits)
            .arg("players", players)
            .arg("bits", bits),
        UnsupportedPairing::NotAStartNumber { id } => {
            Msg::new("tournament-reason-not-a-start-number").arg("id", id)
        }
    }
}

/// Why a result's word could not be read (`2-0`).
pub fn result_error(e: &ParseResultError) -> Msg {
    Msg::new("tournament-result-syntax").arg("value", quoted(&e.text))
}

/// Why a CSV player list was refused: the line and column, and what is wrong there.
pub fn csv_error(e: &CsvError) -> Msg {
    match e {
        CsvError::Row {
            line,
            column,
            message,
        } => {
            // The reader's two reasons, in the reader's words; anything else is quoted.
            let reason = if message == "empty name" {
                Msg::new("csv-empty-name")
            } else if let Some(value) = message.strip_suffix(" is not a whole number") {
                Msg::new("csv-not-a-number").arg("value", value)
            } else {
                Msg::new("csv-reason").arg("reason", message)
            };
            Msg::new("csv-row")
                .arg("line", line)
                .arg("column", quoted(column))
                .arg_msg("reason", reason)
        }
        CsvError::MissingColumn(column) => {
            Msg::new("csv-missing-column").arg("column", quoted(column))
        }
        CsvError::Event { line, source } => Msg::new("csv-in-line")
            .arg("line", line)
            .arg_msg("error", event_error(source)),
    }
}

/// Why a TRF file could not be read or written: the line and columns at fault.
pub fn trf_error(e: &TrfError) -> Msg {
    match e {
        TrfError::Syntax {
            line,
            columns,
            message,
        }
        | TrfError::Inconsistent {
            line,
            columns,
            message,
        } => Msg::new("trf-line")
            .arg("line", line)
            .arg("columns", columns)
            .arg("reason", message),
        TrfError::Meaning(reason) => Msg::new("trf-meaning").arg("reason", reason),
        TrfError::NoPlayers { lines } => Msg::new("trf-no-players").arg("lines", lines),
    }
}

/// Why an event file (the CLI's JSON) could not be read: where it is corrupt, its format
/// or version, or the first inconsistency of its content.
pub fn event_file_error(e: &EventFileError) -> Msg {
    match e {
        EventFileError::Corrupt {
            path,
            line,
            column,
            message,
        } => Msg::new("event-file-corrupt")
            .arg("path", path.display())
            .arg("line", line)
            .arg("column", column)
            .arg("reason", message),
        EventFileError::WrongFormat { path, found } => Msg::new("event-file-wrong-format")
            .arg("path", path.display())
            .arg("found", format!("{found:?}")),
        EventFileError::UnsupportedVersion {
            path,
            found,
            supported,
        } => Msg::new("event-file-version")
            .arg("path", path.display())
            .arg("found", found)
            .arg("supported", supported),
        EventFileError::Invalid { path, source } => Msg::new("event-file-invalid")
            .arg("path", path.display())
            .arg_msg("error", event_error(source)),
        // Reading, writing and locking a file on disk: the CLI's, never a page's.
        EventFileError::Read { .. }
        | EventFileError::Write { .. }
        | EventFileError::Lock { .. }
        | EventFileError::Busy { .. }
        | EventFileError::Serialise(_) => Msg::new("event-file-io").arg("reason", e),
    }
}

/// Why a time control (the PGN tag's form, `5400`, `40/5400:1800+30`) was refused.
pub fn time_control_error(e: &shatar_arbiter::ParseTimeControlError) -> Msg {
    use shatar_arbiter::ParseTimeControlError as E;
    match e {
        E::Empty => Msg::new("time-control-empty"),
        E::Unknown => Msg::new("time-control-unknown"),
        E::Sandclock { period } => Msg::new("time-control-sandclock").arg("period", period),
        E::Number { period, what, text } => {
            let msg = Msg::new("time-control-number")
                .arg("period", period)
                .arg("text", quoted(text));
            match *what {
                "move count" => msg.arg_id("what", "time-control-moves"),
                "increment" => msg.arg_id("what", "time-control-increment"),
                "delay" => msg.arg_id("what", "time-control-delay"),
                "seconds" => msg.arg_id("what", "time-control-seconds"),
                other => msg.arg("what", other),
            }
        }
        E::SuddenDeathNotLast { period } => {
            Msg::new("time-control-sudden-death").arg("period", period)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use shatar_rules::{Ruleset, fen};

    fn fen_text(text: &str, lang: Lang) -> String {
        let e = fen::read(text, Ruleset::default()).expect_err("refused");
        fen_error(&e).text(lang)
    }

    #[test]
    fn a_fen_refusal_names_the_rank_in_every_language() {
        let short = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1";
        assert_eq!(
            fen_text(short, Lang::En),
            "FEN: the board has 7 ranks separated by “/”; it needs 8."
        );
        assert_eq!(
            fen_text(short, Lang::Zh),
            "FEN：棋盘部分有 7 行（以“/”分隔），应为 8 行。"
        );
        assert_eq!(
            fen_text(short, Lang::Mn),
            "FEN: самбарын хэсэг “/”-ээр тусгаарлагдсан 7 эгнээтэй; 8 байх ёстой."
        );
        let letter = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1";
        assert_eq!(
            fen_text(letter, Lang::En),
            "FEN: rank 1: “X” is not a man's letter (K Q J R B N P) or a digit 1–8."
        );
    }

    #[test]
    fn a_returning_pawn_outside_a_step_back_ruleset_is_refused_in_every_language() {
        let returning = "1P~5k/8/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(
            fen_text(returning, Lang::En),
            "FEN: White's returning pawn on b8: only a ruleset whose pawns step back has \
             returning pawns."
        );
        for lang in [Lang::Zh, Lang::Mn] {
            let text = fen_text(returning, lang);
            assert!(
                text.contains("b8") && text.starts_with("FEN"),
                "{lang:?}: {text}"
            );
        }
    }

    fn n<T: std::str::FromStr>(text: &str) -> T
    where
        T::Err: std::fmt::Debug,
    {
        text.parse().expect("a number from 1")
    }

    /// One of each of the tournament library's refusals to a change.
    fn event_errors() -> Vec<EventError> {
        vec![
            EventError::DuplicatePlayer {
                name: "Батбаяр".into(),
                existing: n("3"),
            },
            EventError::DuplicateTeam {
                name: "Khangai".into(),
                existing: n("2"),
            },
            EventError::UnknownPlayer(n("17")),
            EventError::UnknownTeam(n("5")),
            EventError::UnknownRound {
                round: n("4"),
                rounds: 2,
            },
            EventError::UnpairedGame {
                round: n("1"),
                white: n("3"),
                black: n("8"),
            },
            EventError::ColoursReversed {
                round: n("2"),
                board: n("3"),
                white: n("5"),
                black: n("1"),
            },
            EventError::ResultAlreadyEntered {
                round: n("1"),
                board: n("2"),
                existing: "1-0".into(),
                later_rounds: vec![],
            },
            EventError::ResultAlreadyEntered {
                round: n("1"),
                board: n("2"),
                existing: "1-0".into(),
                later_rounds: vec![n("2")],
            },
            EventError::ResultAlreadyEntered {
                round: n("1"),
                board: n("2"),
                existing: "½-½".into(),
                later_rounds: vec![n("2"), n("3"), n("4")],
            },
            EventError::UnknownBoard {
                round: n("1"),
                board: n("9"),
            },
            EventError::WrongGameCount {
                expected: 2,
                found: 1,
            },
            EventError::LineupOutOfOrder {
                team: n("1"),
                lineup: vec![n("12"), n("11")],
                registered: vec![n("11"), n("12"), n("13")],
                why: LineupOrderRule::RegisteredOrder,
            },
            EventError::InvalidLineup {
                team: Some(n("2")),
                why: InvalidLineupReason::NotAMember { player: n("9") },
            },
            EventError::InvalidLineup {
                team: None,
                why: InvalidLineupReason::TooFewMembers {
                    registered: 2,
                    needed: 4,
                },
            },
            EventError::State(StateReason::AlreadyDrawn),
            EventError::Invalid(InvalidReason::RequestedByeAfterLastRound {
                round: n("9"),
                rounds: 7,
            }),
            EventError::Pairing(PairingError::NoValidPairing {
                round: n("5"),
                players: 6,
                why: NoPairingReason::LastPlayers,
            }),
            EventError::Pairing(PairingError::EventComplete(7)),
            EventError::Pairing(PairingError::RoundIncomplete {
                round: n("3"),
                missing: 2,
            }),
            EventError::Pairing(PairingError::TooFewEntrants {
                system: "swiss".into(),
                needed: 2,
                found: 1,
            }),
            EventError::Pairing(PairingError::Unsupported(
                UnsupportedPairing::DutchFieldTooLarge {
                    max: 1000,
                    players: 1001,
                },
            )),
        ]
        .into_iter()
        .chain(every_reason())
        .collect()
    }

    /// One refusal with each of the library's reasons not in [`event_errors`]' first list.
    fn every_reason() -> Vec<EventError> {
        let states = [
            StateReason::NotDrawn,
            StateReason::PlayersAfterDraw,
            StateReason::TeamsOnlyInTeamEvent,
            StateReason::MemberTeamsInTeamEvent,
            StateReason::PlayerWithoutTeam,
            StateReason::NotTeamEvent,
            StateReason::TeamResultByBoards,
            StateReason::BracketNotDrawn,
            StateReason::MatchLevel {
                round: n("2"),
                board: n("1"),
            },
            StateReason::ByeForPairedRound { round: n("3") },
            StateReason::AlreadyWithdrawn { entrant: n("5") },
            StateReason::PairedRoundMissing,
            StateReason::NoRoundPaired,
            StateReason::UnpairRoundWithResults {
                round: n("2"),
                boards: vec![n("1"), n("3")],
            },
            StateReason::RoundOver {
                round: n("1"),
                last: n("2"),
            },
            StateReason::NotInPairings {
                entrant: n("9"),
                round: n("2"),
            },
            StateReason::BoardHasResult { board: n("4") },
            StateReason::ByeRequested {
                entrant: n("6"),
                round: n("2"),
            },
        ];
        let invalid = [
            InvalidReason::EmptyPlayerName,
            InvalidReason::GamesPerPairingNotOneOrTwo,
            InvalidReason::NoGamesPerPairing,
            InvalidReason::NoAdvancePerGroup,
            InvalidReason::TooManyEntrants,
            InvalidReason::DoubleEliminationFieldTooLarge { players: 80 },
            InvalidReason::RequestedByeOutsideSwiss {
                system: shatar_tournament::System::RoundRobin,
            },
            InvalidReason::LateEntryOutsideSwiss {
                system: shatar_tournament::System::SingleElimination,
            },
            InvalidReason::UnpairingAdvancingSystem {
                system: shatar_tournament::System::GroupRoundRobin,
            },
            InvalidReason::PairingChangeInKnockOut,
            InvalidReason::ExchangeWithItself { entrant: n("4") },
            InvalidReason::DecisionForOutsider {
                winner: n("7"),
                first: n("3"),
                second: n("5"),
            },
            InvalidReason::MemberOfAnotherTeam {
                player: n("12"),
                team: n("2"),
            },
            InvalidReason::StartNumberTwice { number: n("3") },
            InvalidReason::MemberNotRegistered {
                team: n("1"),
                member: n("40"),
            },
            InvalidReason::PairedWithItself {
                round: n("1"),
                board: n("2"),
                entrant: n("2"),
            },
            InvalidReason::PairedEntrantNotRegistered {
                round: n("1"),
                board: n("2"),
                entrant: n("30"),
            },
        ];
        let lineups = [
            EventError::InvalidLineup {
                team: Some(n("1")),
                why: InvalidLineupReason::WrongPlayerCount {
                    given: 3,
                    needed: 4,
                },
            },
            EventError::InvalidLineup {
                team: Some(n("1")),
                why: InvalidLineupReason::PlayerTwice { player: n("11") },
            },
            EventError::LineupOutOfOrder {
                team: n("3"),
                lineup: vec![n("22"), n("21")],
                registered: vec![n("21"), n("22")],
                why: LineupOrderRule::FixedBoards,
            },
        ];
        let pairings = [
            PairingError::NoValidPairing {
                round: n("4"),
                players: 8,
                why: NoPairingReason::AbsoluteCriteria,
            },
            PairingError::NoValidPairing {
                round: n("4"),
                players: 7,
                why: NoPairingReason::NoByeLeavesPairableField,
            },
            PairingError::NoValidPairing {
                round: n("6"),
                players: 6,
                why: NoPairingReason::NoRematchFreeWithinColourBounds,
            },
            PairingError::Unsupported(UnsupportedPairing::DutchBracketTooLarge {
                max_players: 1000,
                max_bits: 118,
                players: 400,
                bits: 130,
            }),
            PairingError::Unsupported(UnsupportedPairing::NotAStartNumber { id: 0 }),
        ];
        states
            .into_iter()
            .map(EventError::State)
            .chain(invalid.into_iter().map(EventError::Invalid))
            .chain(lineups)
            .chain(pairings.into_iter().map(EventError::Pairing))
            .collect()
    }

    #[test]
    fn the_tournament_librarys_refusals_keep_its_english() {
        for e in event_errors() {
            assert_eq!(event_error(&e).text(Lang::En), e.to_string(), "{e:?}");
        }
        assert_eq!(
            event_error(&EventError::ColoursReversed {
                round: n("2"),
                board: n("3"),
                white: n("5"),
                black: n("1"),
            })
            .text(Lang::En),
            "round 2 board 3 is 5 (White) – 1 (Black)"
        );
        assert_eq!(
            event_error(&EventError::UnpairedGame {
                round: n("1"),
                white: n("3"),
                black: n("8"),
            })
            .text(Lang::En),
            "round 1 has no game between 3 and 8"
        );
        assert_eq!(
            event_error(&EventError::ResultAlreadyEntered {
                round: n("1"),
                board: n("2"),
                existing: "½-½".into(),
                later_rounds: vec![n("2"), n("3"), n("4")],
            })
            .text(Lang::En),
            "round 1 board 2 already has the result ½-½ (rounds 2–4 were paired after round 1)"
        );
        assert_eq!(
            event_error(&EventError::Pairing(PairingError::RoundIncomplete {
                round: n("3"),
                missing: 2,
            }))
            .text(Lang::En),
            "round 3 still has 2 game(s) without a result"
        );
    }

    #[test]
    fn a_result_for_the_wrong_pairing_names_round_board_and_players_in_every_language() {
        let reversed = event_error(&EventError::ColoursReversed {
            round: n("2"),
            board: n("3"),
            white: n("5"),
            black: n("1"),
        });
        assert_eq!(
            reversed.text(Lang::Zh),
            "第 2 轮第 3 台是 5（执白）– 1（执黑）"
        );
        assert_eq!(
            reversed.text(Lang::Mn),
            "2-р тойргийн 3-р ширээнд 5 (цагаан) – 1 (хар) тоглоно"
        );
        let unpaired = event_error(&EventError::UnpairedGame {
            round: n("1"),
            white: n("3"),
            black: n("8"),
        });
        assert_eq!(unpaired.text(Lang::Zh), "第 1 轮没有 3 与 8 的对局");
        assert_eq!(unpaired.text(Lang::Mn), "1-р тойрогт 3, 8 хоёрын өрөг алга");
        // Names stay as they were typed.
        let twice = event_error(&EventError::DuplicateTeam {
            name: "Хангай".into(),
            existing: n("2"),
        });
        assert_eq!(twice.text(Lang::Zh), "重复的队：\"Хангай\" 已登记为 2 号队");
        // Every refusal has its own words in every language: none falls back to English.
        for e in event_errors() {
            let en = event_error(&e).text(Lang::En);
            for lang in [Lang::Zh, Lang::Mn] {
                assert_ne!(event_error(&e).text(lang), en, "{lang:?} {e:?}");
            }
        }
    }

    #[test]
    fn the_librarys_reasons_are_worded_not_quoted() {
        let withdrawn = event_error(&EventError::State(StateReason::AlreadyWithdrawn {
            entrant: n("5"),
        }));
        assert_eq!(
            withdrawn.text(Lang::En),
            "event state: 5 has already withdrawn"
        );
        assert_eq!(withdrawn.text(Lang::Zh), "赛事当前状态不允许：5 已经退赛");
        assert_eq!(
            withdrawn.text(Lang::Mn),
            "тэмцээний төлөв зөвшөөрөхгүй: 5 аль хэдийн тэмцээнээс гарсан"
        );
        let empty = event_error(&EventError::Invalid(InvalidReason::EmptyPlayerName));
        assert_eq!(empty.text(Lang::Zh), "棋手姓名无效：不能为空");
        assert_eq!(empty.text(Lang::Mn), "тоглогчийн нэр буруу: хоосон байна");
        // Each reason has its own words in every language, inside the refusal's sentence.
        for e in event_errors() {
            let reason = match &e {
                EventError::State(r) => state_reason(r),
                EventError::Invalid(r) => invalid_reason(r),
                EventError::InvalidLineup { why, .. } => invalid_lineup_reason(why),
                EventError::LineupOutOfOrder { why, .. } => lineup_order_rule(why),
                EventError::Pairing(PairingError::NoValidPairing { why, .. }) => {
                    no_pairing_reason(why)
                }
                EventError::Pairing(PairingError::Unsupported(r)) => unsupported_pairing(r),
                _ => continue,
            };
            let en = reason.text(Lang::En);
            for lang in [Lang::Zh, Lang::Mn] {
                let text = reason.text(lang);
                assert_ne!(text, en, "{lang:?} {e:?}");
                assert!(event_error(&e).text(lang).contains(&text), "{lang:?} {e:?}");
            }
        }
    }

    #[test]
    fn a_csv_list_is_refused_by_line_and_column_in_every_language() {
        let not_a_number = shatar_tournament::csv_import::read_players("name,rating\nBat,abc\n")
            .expect_err("refused");
        assert_eq!(
            csv_error(&not_a_number).text(Lang::En),
            not_a_number.to_string()
        );
        assert_eq!(
            csv_error(&not_a_number).text(Lang::En),
            "CSV line 2, column \"rating\": \"abc\" is not a whole number"
        );
        assert_eq!(
            csv_error(&not_a_number).text(Lang::Zh),
            "CSV 第 2 行，\"rating\" 列：\"abc\" 不是整数"
        );
        let no_name = shatar_tournament::csv_import::read_players("name,club\n,Khangai\n")
            .expect_err("refused");
        assert_eq!(csv_error(&no_name).text(Lang::En), no_name.to_string());
        assert_eq!(
            csv_error(&no_name).text(Lang::Mn),
            "CSV-ийн 2-р мөр, \"name\" багана: нэр хоосон"
        );
        let no_column =
            shatar_tournament::csv_import::read_players("club\nKhangai\n").expect_err("refused");
        assert_eq!(csv_error(&no_column).text(Lang::En), no_column.to_string());
        let mut event = shatar_tournament::Event::new("Open", shatar_tournament::System::Swiss);
        let twice = shatar_tournament::csv_import::import_players(&mut event, "name\nBat\nBat\n")
            .expect_err("refused");
        assert_eq!(csv_error(&twice).text(Lang::En), twice.to_string());
    }

    #[test]
    fn the_other_library_refusals_keep_their_english() {
        let result: shatar_tournament::result::ParseResultError = "2-0"
            .parse::<shatar_tournament::GameResult>()
            .expect_err("refused");
        assert_eq!(result_error(&result).text(Lang::En), result.to_string());
        assert_eq!(
            result_error(&result).text(Lang::Mn),
            "\"2-0\" үр дүнг уншиж чадсангүй: 1-0, 0-1, 1/2, +-, -+, -- эсвэл adj:Ц-Х:шалтгаан (жишээ нь adj:0.5-0:шийдвэр) гэж бичнэ үү"
        );
        for text in ["", "?", "*60", "40/x", "60:40/30", "300+y"] {
            let e = text
                .parse::<shatar_arbiter::TimeControl>()
                .expect_err("refused");
            assert_eq!(
                time_control_error(&e).text(Lang::En),
                e.to_string(),
                "{text:?}"
            );
        }
        let trf = shatar_tournament::trf::import("012 Open\n", shatar_tournament::System::Dutch)
            .map(|_| ())
            .expect_err("refused");
        assert_eq!(trf_error(&trf).text(Lang::En), trf.to_string());
        let path = std::path::Path::new("body");
        for text in ["{", r#"{"format": "other"}"#] {
            let e = shatar_tournament::store::from_json(text, path).expect_err("refused");
            assert_eq!(event_file_error(&e).text(Lang::En), e.to_string(), "{text}");
        }
    }

    #[test]
    fn an_illegal_position_names_the_side_in_the_language() {
        let no_black_king = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert_eq!(fen_text(no_black_king, Lang::En), "FEN: Black has no king.");
        assert_eq!(fen_text(no_black_king, Lang::Zh), "FEN：黑方没有王。");
    }
}
