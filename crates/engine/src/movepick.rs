//! Move ordering (Stockfish's `MovePicker` stages): the hash move first, then captures and
//! promotions by the victim's value plus the capture history, with losing captures (static
//! exchange evaluation below zero) after the quiet moves; then the two killers, the counter
//! move, and the quiet moves by butterfly plus continuation history.

use crate::eval::piece_value;
use crate::history::{ContinuationKeys, Histories, Killers, piece_to};
use crate::tt;
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Bitboard, Move, MoveList, Position, Role, Square};

/// Ordering bands (higher first).
const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = KILLER - 1;
const BAD_CAPTURE: i32 = -(1 << 28);

/// The legal moves of a node with their ordering scores, handed out best first. Pickers
/// are boxed and reused node after node (see [`PickerPool`]): the list and its scores take
/// 4.6 kB, which moving and zeroing at every node cost several percent of the search.
pub struct MovePicker {
    moves: MoveList,
    /// The score of each move of `moves`; entries beyond its length are stale.
    scores: [i32; 512],
    next: usize,
}

impl Default for MovePicker {
    fn default() -> Self {
        MovePicker {
            moves: MoveList::new(),
            scores: [0; 512],
            next: 0,
        }
    }
}

impl MovePicker {
    /// Takes the legal moves of `pos`, to be ordered next.
    pub fn generate(&mut self, pos: &Position) {
        pos.legal_moves_into(&mut self.moves);
        self.next = 0;
    }

    /// Takes the legal captures and promotions of `pos`, to be ordered next.
    pub fn generate_captures(&mut self, pos: &Position) {
        pos.legal_captures_and_promotions_into(&mut self.moves);
        self.next = 0;
    }

    /// Orders the moves of a main-search node.
    pub fn order(
        &mut self,
        pos: &Position,
        tt_move: u16,
        killers: &Killers,
        hist: &Histories,
        prev: ContinuationKeys,
    ) {
        let bers = pos.ruleset().bers;
        let us = pos.turn();
        let counter = hist.counter_of(prev[0]);
        for (slot, m) in self.scores.iter_mut().zip(self.moves.iter()) {
            *slot = if tt::same_move(m, tt_move) {
                HASH_MOVE
            } else if m.is_capture() || m.is_promotion() {
                // Stockfish: the victim's value dominates, the capture history breaks ties
                // between captures of like victims.
                let mvv = capture_value(m, bers) * 16 + hist.capture.get(us, m) / 2;
                if see(pos, m) >= 0 {
                    GOOD_CAPTURE + mvv
                } else {
                    BAD_CAPTURE + mvv
                }
            } else if killers.contains(m) {
                KILLER
                    + if killers.0[0].as_ref() == Some(m) {
                        1
                    } else {
                        0
                    }
            } else if counter == Some(*m) {
                COUNTER
            } else {
                hist.quiet_score(us, m, piece_to(us, m), prev)
            };
        }
    }

    /// Orders captures and promotions for quiescence: the hash move, then MVV-LVA.
    pub fn order_captures(&mut self, pos: &Position, tt_move: u16) {
        let bers = pos.ruleset().bers;
        for (slot, m) in self.scores.iter_mut().zip(self.moves.iter()) {
            *slot = if tt::same_move(m, tt_move) {
                HASH_MOVE
            } else {
                mvv_lva(m, bers)
            };
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next best move and its ordering score (selection sort: most nodes cut early).
    pub fn next_move(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        // The first of the highest scores, by a scan of the plain slice.
        let rest = self.scores.get(self.next..n)?;
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, &score) in rest.iter().enumerate() {
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        let best = self.next + best;
        // Read before the swap: a move read back just after the swap wrote it (in two
        // stores of 4 and 1 bytes) waits for those stores.
        let out = self.moves.get(best).map(|&m| (m, best_score));
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        out
    }
}

/// The pickers of the nodes being searched, kept for the next nodes: a stack, as the
/// search is recursive and a node may search itself again (the singular test) while its
/// picker is out.
#[derive(Default)]
pub struct PickerPool(Vec<Box<MovePicker>>);

impl PickerPool {
    /// A picker for a node (a new one only when every kept one is in use).
    pub fn take(&mut self) -> Box<MovePicker> {
        self.0.pop().unwrap_or_default()
    }

    /// Keeps a node's picker for the next nodes.
    pub fn give_back(&mut self, picker: Box<MovePicker>) {
        self.0.push(picker);
    }
}

/// The material a capture or promotion wins at once.
fn capture_value(m: &Move, bers: BersMove) -> i32 {
    m.capture.map_or(0, |r| piece_value(r, bers)) + m.promotion.map_or(0, |r| piece_value(r, bers))
}

/// Most valuable victim, least valuable attacker.
fn mvv_lva(m: &Move, bers: BersMove) -> i32 {
    let victim = m.capture.map_or(0, |r| piece_value(r, bers));
    let promo = m.promotion.map_or(0, |r| piece_value(r, bers));
    (victim + promo) * 8 - piece_value(m.role, bers) / 16
}

/// The king's value in exchanges: larger than everything else together.
const KING_VALUE: i32 = 20000;

fn exchange_value(role: Role, bers: BersMove) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        piece_value(role, bers)
    }
}

/// The static exchange evaluation of a capture (or quiet move) `m`: the material balance
/// of the best sequence of captures on its destination, each side taking with its least
/// valuable man and free to stop. Attackers are recomputed from the shrinking occupancy, so
/// men behind men (x-rays) join in.
pub fn see(pos: &Position, m: &Move) -> i32 {
    let bers = pos.ruleset().bers;
    let occupied = pos
        .board()
        .occupied()
        .without(Bitboard::from_square(m.from));
    let mut first = m.capture.map_or(0, |r| exchange_value(r, bers));
    let on_square = exchange_value(m.promotion.unwrap_or(m.role), bers);
    if let Some(p) = m.promotion {
        first += piece_value(p, bers) - piece_value(Role::Pawn, bers);
    }
    exchange(pos, m.to, first, on_square, occupied)
}

/// What the side to move stands to lose on `sq`, where its man of role `role` stands, if
/// the opponent starts the exchanges there (zero or negative). Stockfish 11's
/// `!see_ge(reverse_move(move))`: the man that left `sq` escaped a capture when this is
/// below zero.
pub fn see_standing(pos: &Position, sq: Square, role: Role) -> i32 {
    let bers = pos.ruleset().bers;
    exchange(
        pos,
        sq,
        0,
        exchange_value(role, bers),
        pos.board().occupied(),
    )
}

/// The exchanges on `to`: the side to move has gained `first` and stands there with a man
/// worth `on_square`; the opponent replies first, among the men of `occupied`.
fn exchange(pos: &Position, to: Square, first: i32, on_square: i32, occupied: Bitboard) -> i32 {
    let bers = pos.ruleset().bers;
    let b = pos.board();
    let mut occupied = occupied;
    let mut on_square = on_square;
    let mut gain = [0i32; 34];
    gain[0] = first;
    let mut side = !pos.turn();
    let mut d = 0usize;
    loop {
        let attackers = pos.attackers_to(to, side, occupied) & occupied;
        let Some((role, from)) = Role::ALL
            .iter()
            .find_map(|&r| (attackers & b.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        d += 1;
        if d >= gain.len() {
            break;
        }
        gain[d] = on_square - gain[d - 1];
        if gain[d].max(-gain[d - 1]) < 0 {
            break;
        }
        on_square = exchange_value(role, bers);
        occupied = occupied.without(Bitboard::from_square(from));
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -((-gain[d - 1]).max(gain[d]));
        d -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen, uci};

    fn see_of(fen_text: &str, mv: &str) -> i32 {
        let pos = fen::read(fen_text, Ruleset::OFFICIAL).unwrap();
        let m = uci::parse_move(&pos, mv).unwrap();
        see(&pos, &m)
    }

    #[test]
    fn exchanges() {
        let pawn = piece_value(Role::Pawn, BersMove::Queen);
        let rook = piece_value(Role::Rook, BersMove::Queen);
        let horse = piece_value(Role::Horse, BersMove::Queen);
        // Undefended pawn taken by a rook.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), pawn);
        // Pawn defended by a pawn: the rook is lost for a pawn.
        assert_eq!(
            see_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            pawn - rook
        );
        // Horse defended by a pawn taken by a pawn: pawn for horse.
        assert_eq!(
            see_of("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            horse - pawn
        );
        // Doubled rooks against one defender (x-ray): horse + rook - rook... R takes N,
        // r takes R, R takes r: horse - rook + rook.
        assert_eq!(see_of("3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), horse);
    }

    fn standing(fen_text: &str, sq: &str) -> i32 {
        let pos = fen::read(fen_text, Ruleset::OFFICIAL).unwrap();
        let sq: Square = sq.parse().unwrap();
        let role = pos.board().piece_at(sq).unwrap().role;
        see_standing(&pos, sq, role)
    }

    #[test]
    fn a_man_standing_where_it_can_be_taken() {
        let pawn = piece_value(Role::Pawn, BersMove::Queen);
        let horse = piece_value(Role::Horse, BersMove::Queen);
        // White horse on d5 attacked by the pawn on e6, undefended: the horse is lost.
        assert_eq!(standing("4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1", "d5"), -horse);
        // Defended by the pawn on e4: a horse for a pawn.
        assert_eq!(
            standing("4k3/8/4p3/3N4/4P3/8/8/4K3 w - - 0 1", "d5"),
            pawn - horse
        );
        // Attacked by nothing: nothing to lose.
        assert_eq!(standing("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "d5"), 0);
        // A pawn defended by a pawn and attacked by a rook: the rook does not take.
        assert_eq!(standing("3rk3/8/8/3P4/4P3/8/8/4K3 w - - 0 1", "d5"), 0);
    }
}
