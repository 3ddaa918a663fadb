//! What the board script (`static/board.js`) draws of a position, the same for every page
//! that shows a board: the live game, the analysis board, the archive's replay and an
//! over-the-board game's tablet. The script knows no rules; the legal destinations and the
//! promotion choices come from here.

use serde_json::{Map, Value, json};
use shatar_rules::{Game, Move, Position, Role, Ruleset, fen, uci};

/// The board code of a role: `K B R C H P` (king, bers, rook/cart, camel, horse, pawn).
pub const fn role_code(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Bers => 'B',
        Role::Rook => 'R',
        Role::Camel => 'C',
        Role::Horse => 'H',
        Role::Pawn => 'P',
    }
}

/// The men of `pos` by square, as the script draws them (`wK`, `bB` …).
pub fn men(pos: &Position) -> Map<String, Value> {
    pos.board()
        .iter()
        .map(|(sq, piece)| {
            let code = format!("{}{}", piece.color.fen_char(), role_code(piece.role));
            (sq.to_string(), Value::String(code))
        })
        .collect()
}

/// The square of the king in check in `pos`, if any.
pub fn checked_king(pos: &Position) -> Option<String> {
    if pos.is_check() {
        pos.board().king_of(pos.turn()).map(|s| s.to_string())
    } else {
        None
    }
}

/// A move's squares, as the script marks the last move.
pub fn squares(m: &Move) -> Value {
    json!([m.from.to_string(), m.to.to_string()])
}

/// A position as the script shows it: men by square, the last move, the checked king, the
/// side to move, the FEN and the ply.
pub fn position(pos: &Position, last: Option<&Move>, ply: usize) -> Value {
    json!({
        "board": men(pos),
        "last": last.map(squares),
        "check": checked_king(pos),
        "turn": pos.turn().name(),
        "fen": fen::write(pos),
        "ply": ply,
    })
}

/// The legal destinations by square (`{"e2": ["e3", "e4"]}`) and the promotion choices by
/// the move's squares (`{"b7b8": [["B", "b7b8b"], …]}`: the man's code and the move's UCI)
/// of the side to move; both empty once the game has ended by the rules.
pub fn dests(game: &Game, ruleset: &Ruleset) -> (Map<String, Value>, Map<String, Value>) {
    let mut dests: Map<String, Value> = Map::new();
    let mut promotions: Map<String, Value> = Map::new();
    if game.end().is_some() {
        return (dests, promotions);
    }
    for m in game.legal_moves() {
        let from = m.from.to_string();
        let to = Value::String(m.to.to_string());
        if let Value::Array(list) = dests
            .entry(from.clone())
            .or_insert_with(|| Value::Array(Vec::new()))
            && !list.contains(&to)
        {
            list.push(to);
        }
        if let Some(role) = m.promotion
            && let Value::Array(list) = promotions
                .entry(format!("{from}{}", m.to))
                .or_insert_with(|| Value::Array(Vec::new()))
        {
            list.push(json!([
                role_code(role).to_string(),
                uci::write(&m, ruleset)
            ]));
        }
    }
    (dests, promotions)
}
