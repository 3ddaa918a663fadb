//! A stored game as a game record (the records library's [`Record`]): the moves replayed by
//! the rules core from the stored UCI texts, with the tags the PGN and the score sheet carry.
//! Also the page language and the visitor's notation as the records library names them.

use crate::db::games::{self, GameRow, Status};
use crate::db::{Db, users};
use crate::error::AppError;
use crate::i18n;
use crate::i18n::PageLang;
use crate::live::game::ruleset_of;
use crate::wording::{clock_text, side_name};
use axum::http::HeaderMap;
use shatar_records::{Lang, Notation, Record, write_move};
use shatar_rules::{Color, Game, Move, Position, fen, uci};

/// The cookie that remembers the visitor's notation (`san`, `full`, `short`, `uci`).
pub const NOTATION_COOKIE: &str = "notation";

/// The notations offered, in the switcher's order.
pub const NOTATIONS: [Notation; 4] = [
    Notation::San,
    Notation::Full,
    Notation::Short,
    Notation::Uci,
];

/// The records library's language of a page language.
pub const fn records_lang(l: i18n::Lang) -> Lang {
    match l {
        i18n::Lang::En => Lang::En,
        i18n::Lang::Zh => Lang::Zh,
        i18n::Lang::Mn => Lang::Mn,
    }
}

/// The visitor's notation: the cookie, else SAN.
pub fn notation_of(headers: &HeaderMap) -> Notation {
    crate::auth::cookie(headers, NOTATION_COOKIE)
        .and_then(|n| n.parse().ok())
        .unwrap_or(Notation::San)
}

/// A stored game: its header row and its record.
#[derive(Debug, Clone)]
pub struct StoredGame {
    /// The header.
    pub row: GameRow,
    /// The record, tags set.
    pub record: Record,
    /// The stored moves with the clocks after each.
    pub moves: Vec<games::MoveRow>,
}

impl StoredGame {
    /// The game's main line replayed.
    pub fn game(&self) -> Game {
        self.record.game()
    }

    /// Whether the game is still being played.
    pub fn is_live(&self) -> bool {
        self.row.status == Status::Started
    }
}

/// The civil date (year, month, day) of a time stamp, proleptic Gregorian, UTC
/// (H. Hinnant's `civil_from_days`).
pub fn civil_date(ms: i64) -> (i64, u32, u32) {
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        u32::try_from(month).unwrap_or(1),
        u32::try_from(day).unwrap_or(1),
    )
}

/// A time stamp as `YYYY-MM-DD HH:MM` (UTC), for the pages' lists of changes and tokens.
pub fn utc_minute(ms: i64) -> String {
    let (y, m, d) = civil_date(ms);
    let minutes = ms.div_euclid(60_000);
    let (h, min) = (
        minutes.div_euclid(60).rem_euclid(24),
        minutes.rem_euclid(60),
    );
    format!("{y:04}-{m:02}-{d:02} {h:02}:{min:02}")
}

/// The PGN date (`YYYY.MM.DD`) of a time stamp.
pub fn pgn_date(ms: i64) -> String {
    let (y, m, d) = civil_date(ms);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The record of a stored game and its moves. Names are written in English (`Guest`,
/// `Computer (level 3)`) so that a PGN reads the same whoever downloads it.
pub fn record_of(row: &GameRow, moves: &[games::MoveRow]) -> Result<Record, AppError> {
    let ruleset = ruleset_of(&row.ruleset)?;
    let initial = fen::read(&row.initial_fen, ruleset)
        .map_err(|e| AppError::Internal(format!("game {}: initial FEN: {e}", row.id)))?;
    let mut game = Game::from_position(initial);
    for m in moves {
        let mv = uci::parse_move(game.position(), &m.uci).map_err(|e| {
            AppError::Internal(format!("game {}: stored move {}: {e}", row.id, m.ply))
        })?;
        game.play_unchecked(mv);
    }
    let mut record = Record::from_game(&game);
    let en = i18n::Lang::En;
    let tags = &mut record.tags;
    tags.set(
        "Event",
        if row.rated {
            "Rated Shatar game"
        } else {
            "Casual Shatar game"
        },
    );
    tags.set("Site", format!("/game/{}", row.id));
    tags.set("Date", pgn_date(row.created_ms));
    tags.set("Round", "-");
    tags.set(
        "White",
        side_name(en, row, &row.white_name, &row.white_guest),
    );
    tags.set(
        "Black",
        side_name(en, row, &row.black_name, &row.black_guest),
    );
    tags.set(
        "Result",
        match (row.status, &row.result) {
            (Status::Ended, Some(r)) => r.pgn(),
            _ => "*",
        },
    );
    tags.set(
        "TimeControl",
        format!("{}+{}", row.initial_ms / 1000, row.increment_ms / 1000),
    );
    if let Some(t) = row.termination {
        tags.set("Termination", en.t(&t.message_id()));
    }
    Ok(record)
}

/// Loads game `id` with its moves as a record; `None` when there is no such game.
pub async fn load(db: &Db, id: &str) -> Result<Option<StoredGame>, AppError> {
    let Some(row) = games::by_id(db, id).await? else {
        return Ok(None);
    };
    let moves = games::moves(db, id).await?;
    let record = record_of(&row, &moves)?;
    Ok(Some(StoredGame { row, record, moves }))
}

/// A clock as `%clk` writes it: `h:mm:ss`, whole seconds (rounded down; none below 0).
///
/// ```
/// assert_eq!(shatar_server::archive::clk(300_000), "0:05:00");
/// assert_eq!(shatar_server::archive::clk(3_725_999), "1:02:05");
/// assert_eq!(shatar_server::archive::clk(-5), "0:00:00");
/// ```
pub fn clk(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The players' ratings for `WhiteElo`/`BlackElo` of a rated game between two accounts:
/// their ratings before it once it has been rated, else (still being played) their ratings
/// now in its category; rounded. `None` for casual games, guests and the computer.
pub async fn elos(db: &Db, row: &GameRow) -> Result<Option<(i64, i64)>, AppError> {
    let (true, Some(w), Some(b)) = (row.rated, row.white_id, row.black_id) else {
        return Ok(None);
    };
    let changes = crate::db::ratings::changes_of_game(db, &row.id).await?;
    let key = crate::ratings::Category::of(&row.ruleset, row.initial_ms, row.increment_ms).key();
    let mut before = Vec::with_capacity(2);
    for id in [w, b] {
        before.push(match changes.iter().find(|c| c.user_id == id) {
            Some(c) => c.before,
            None => crate::db::ratings::get(db, id, &key).await?,
        });
    }
    let (white, black) = (before[0], before[1]);
    // Ratings are bounded far inside i64 (Glicko-2 on the usual scale).
    #[allow(clippy::cast_possible_truncation)]
    let elo = |r: crate::ratings::Rating| r.rating.round() as i64;
    Ok(Some((elo(white), elo(black))))
}

/// The PGN download of a stored game: the record's PGN (`Ruleset`, `Variant`…) with an
/// absolute `Site` (`site`: the site's address, [`crate::Config::site_url`]),
/// `WhiteElo`/`BlackElo` for a rated game and, for each move, a `{[%clk h:mm:ss]}` comment
/// with the mover's clock after it (increment included).
pub async fn download_pgn(db: &Db, g: &StoredGame, site: &str) -> Result<String, AppError> {
    Ok(shatar_records::pgn::write_pgn(
        &pgn_record(db, g, site).await?,
    ))
}

/// The game's record as [`download_pgn`] writes it: `Site` its page, the players'
/// ratings, the mover's clock after each move.
pub async fn pgn_record(db: &Db, g: &StoredGame, site: &str) -> Result<Record, AppError> {
    let mut record = g.record.clone();
    record.tags.set("Site", format!("{site}/game/{}", g.row.id));
    if let Some((w, b)) = elos(db, &g.row).await? {
        record.tags.set("WhiteElo", w.to_string());
        record.tags.set("BlackElo", b.to_string());
    }
    let first = record.initial.turn();
    for (k, (node, m)) in record.moves.iter_mut().zip(&g.moves).enumerate() {
        let mover = if k % 2 == 0 { first } else { !first };
        let left = match mover {
            Color::White => m.white_ms,
            Color::Black => m.black_ms,
        };
        node.comments.push(format!("[%clk {}]", clk(left)));
    }
    Ok(record)
}

/// A side's name in the page language (accounts by name; the computer and guests
/// translated).
pub fn player_name(l: i18n::Lang, row: &GameRow, color: Color) -> String {
    match color {
        Color::White => side_name(l, row, &row.white_name, &row.white_guest),
        Color::Black => side_name(l, row, &row.black_name, &row.black_guest),
    }
}

/// The time control as shown.
pub fn time_control(row: &GameRow) -> String {
    clock_text(row.initial_ms, row.increment_ms)
}

/// The account named `username`, if any.
pub async fn account(db: &Db, username: &str) -> Result<Option<users::User>, AppError> {
    users::by_name(db, username).await
}

/// One move of a record as the move list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedMove {
    /// The ply after the move (1 for the first move of the record).
    pub ply: usize,
    /// The move number (as in the position before the move).
    pub number: u32,
    /// Who moved.
    pub color: Color,
    /// The move in the notation and language asked for.
    pub text: String,
    /// The move in UCI.
    pub uci: String,
}

impl ListedMove {
    /// The move as the move-list scripts take it (analysis board, board tablet).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "ply": self.ply,
            "number": self.number,
            "color": self.color.name(),
            "text": self.text,
            "uci": self.uci,
        })
    }
}

/// The main line of `initial` followed by `moves`, each written by the records library in
/// `notation` and `lang`.
pub fn listed_moves(
    initial: &Position,
    moves: &[Move],
    notation: Notation,
    lang: Lang,
) -> Vec<ListedMove> {
    let mut pos = initial.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (k, m) in moves.iter().enumerate() {
        out.push(ListedMove {
            ply: k + 1,
            number: pos.fullmoves(),
            color: pos.turn(),
            text: write_move(&pos, m, notation, lang),
            uci: uci::write(m, pos.ruleset()),
        });
        pos.play_unchecked(*m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_time_stamps() {
        // 0 is 1970-01-01; 951782400000 ms is 2000-02-29 (a leap day of a century leap year);
        // 1700000000000 ms is 2023-11-14T22:13:20Z.
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(1_700_000_000_000), "2023.11.14");
        assert_eq!(pgn_date(-86_400_000), "1969.12.31");
    }
}
