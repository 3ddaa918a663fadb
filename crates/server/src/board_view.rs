//! What the board script (`static/board.js`) draws of a position, the same for every page
//! that shows a board: the live game, the analysis board, the archive's replay and an
//! over-the-board game's tablet. The script knows no rules; the legal destinations and the
//! promotion choices come from here.

use serde_json::{Map, Value, json};
use shatar_rules::{Game, Move, Position, Role, Ruleset, Square, fen, uci};

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

/// The code of the man on `sq` of `pos`, without its colour: its role's code, and under a
/// step-back ruleset its mark (docs/rules.md §2): `P~` a returning pawn, `B-` a weak bers,
/// `B+` a full bers (both kinds may share such a board, so each bers says which it is).
fn man_code(pos: &Position, sq: Square, role: Role) -> String {
    let mut code = String::from(role_code(role));
    if pos.ruleset().steps_back() {
        if pos.board().returning().contains(sq) {
            code.push('~');
        } else if role == Role::Bers {
            code.push(if pos.weak_bers().contains(sq) {
                '-'
            } else {
                '+'
            });
        }
    }
    code
}

/// The men of `pos` by square, as the script draws them (`wK`, `bB` …, and under a
/// step-back ruleset `wP~`, `bB-`, `wB+`).
pub fn men(pos: &Position) -> Map<String, Value> {
    pos.board()
        .iter()
        .map(|(sq, piece)| {
            let code = format!(
                "{}{}",
                piece.color.fen_char(),
                man_code(pos, sq, piece.role)
            );
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
/// the move's squares (`{"b7b8": [["B", "b7b8b"], …]}`: the code of the man the pawn
/// becomes, as [`men`] writes it without the colour, and the move's UCI) of the side to
/// move; both empty once the game has ended by the rules. Under a step-back ruleset the
/// first step back offers the weak bers and the returning pawn (`[["B-", "b8a7j"], ["P~",
/// "b8a7"]]`).
pub fn dests(game: &Game, ruleset: &Ruleset) -> (Map<String, Value>, Map<String, Value>) {
    let mut dests: Map<String, Value> = Map::new();
    let mut promotions: Map<String, Value> = Map::new();
    if game.end().is_some() {
        return (dests, promotions);
    }
    let moves = game.legal_moves();
    for m in &moves {
        let from = m.from.to_string();
        let to = Value::String(m.to.to_string());
        if let Value::Array(list) = dests
            .entry(from.clone())
            .or_insert_with(|| Value::Array(Vec::new()))
            && !list.contains(&to)
        {
            list.push(to);
        }
    }
    // A choice wherever one pair of squares carries a promotion: every move with those
    // squares, named by the man it leaves there.
    for m in moves.iter().filter(|m| m.promotion.is_some()) {
        let key = format!("{}{}", m.from, m.to);
        if promotions.contains_key(&key) {
            continue;
        }
        let mut same: Vec<&Move> = moves
            .iter()
            .filter(|n| n.from == m.from && n.to == m.to)
            .collect();
        // The promotions first, then the step that leaves the pawn a pawn.
        same.sort_by_key(|n| n.promotion.is_none());
        let choices = same
            .into_iter()
            .map(|n| {
                let mut after = game.position().clone();
                after.play_unchecked(*n);
                let role = after.board().piece_at(n.to).map_or(n.role, |p| p.role);
                json!([man_code(&after, n.to, role), uci::write(n, ruleset)])
            })
            .collect();
        promotions.insert(key, Value::Array(choices));
    }
    (dests, promotions)
}
