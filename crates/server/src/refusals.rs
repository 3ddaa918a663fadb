//! The libraries' refusals (the rules core's FEN and move errors, the records library's
//! reading errors) as [`Msg`]s, so that a visitor reads why a FEN, a move or a record was
//! refused in the page's language. The libraries' own `Display` texts stay English (they
//! are for logs, the CLI and UCI); this module is the one place that words them for people.
//! Where a library gives only an English phrase (a record's syntax error), the phrase is
//! quoted inside the translated sentence.

use crate::i18n::{Msg, color_id};
use shatar_records::{GameError, MoveError, MoveTextError, RecordError};
use shatar_rules::PositionError;
use shatar_rules::fen::{FenError, ParseFenError};
use shatar_rules::outcome::GameEnd;
use shatar_rules::uci::UciMoveError;

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
    fn an_illegal_position_names_the_side_in_the_language() {
        let no_black_king = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert_eq!(fen_text(no_black_king, Lang::En), "FEN: Black has no king.");
        assert_eq!(fen_text(no_black_king, Lang::Zh), "FEN：黑方没有王。");
    }
}
