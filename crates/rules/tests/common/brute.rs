//! A brute-force move generator for set-up positions under a step-back ruleset, written
//! from the rule text (docs/rules.md §2, step-back pawn) and nothing of the rules crate: a mailbox of
//! 64 squares, each man's moves by direction, and a move legal when the mover's king is
//! not attacked afterwards. Slow and plain on purpose. It knows what set-up positions need:
//! no first round (its two-step moves belong to the start array), pawns one step forward,
//! and under `bare_king_ends` no moves once a side has only its king.

/// A man: its side, its kind, and for a returning pawn nothing more (its steps are its
/// distance from the last rank).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    kind: Kind,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    King,
    /// The full bers: any distance along ranks, files and diagonals.
    FullBers,
    /// The weak bers: any distance along ranks and files, one step diagonally.
    WeakBers,
    Rook,
    /// Any distance diagonally.
    Camel,
    /// The (1, 2) leap.
    Horse,
    /// One step forward onto an empty square, or diagonally forward taking.
    Pawn,
    /// One step diagonally backward, onto an empty square or taking.
    ReturningPawn,
}

/// A position: 64 squares (`a1` = 0, `h8` = 63), the side to move, the bare-king rule.
#[derive(Clone)]
pub struct Brute {
    squares: [Option<Man>; 64],
    white_to_move: bool,
    bare_king_ends: bool,
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn square(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// A move: from, to, and the UCI promotion letter if any.
#[derive(Clone, Copy)]
struct BruteMove {
    from: usize,
    to: usize,
    letter: Option<char>,
}

impl Brute {
    /// Reads the board and side-to-move fields of a FEN (`P~` a returning pawn, `J` a weak
    /// bers, `Q` a full bers).
    pub fn from_fen(text: &str, bare_king_ends: bool) -> Brute {
        let mut fields = text.split_whitespace();
        let board = fields.next().expect("a board field");
        let mut squares = [None; 64];
        let mut last = 0usize;
        for (i, row) in board.split('/').enumerate() {
            let rank = 7 - i as i32;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                    continue;
                }
                if c == '~' {
                    let man: &mut Option<Man> = &mut squares[last];
                    let m = man.as_mut().expect("a man before ~");
                    assert_eq!(m.kind, Kind::Pawn, "~ after a pawn");
                    m.kind = Kind::ReturningPawn;
                    continue;
                }
                let kind = match c.to_ascii_uppercase() {
                    'K' => Kind::King,
                    'Q' => Kind::FullBers,
                    'J' => Kind::WeakBers,
                    'R' => Kind::Rook,
                    'B' => Kind::Camel,
                    'N' => Kind::Horse,
                    'P' => Kind::Pawn,
                    other => panic!("unknown man {other}"),
                };
                last = square(file, rank).expect("on the board");
                squares[last] = Some(Man {
                    white: c.is_ascii_uppercase(),
                    kind,
                });
                file += 1;
            }
        }
        Brute {
            squares,
            white_to_move: fields.next() == Some("w"),
            bare_king_ends,
        }
    }

    /// The squares the man on `from` attacks (or could take on).
    fn attacks(&self, from: usize) -> Vec<usize> {
        let Some(man) = self.squares[from] else {
            return Vec::new();
        };
        let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
        let forward = if man.white { 1 } else { -1 };
        let steps = |dirs: &[(i32, i32)]| -> Vec<usize> {
            dirs.iter()
                .filter_map(|(df, dr)| square(file + df, rank + dr))
                .collect()
        };
        let slides = |dirs: &[(i32, i32)]| -> Vec<usize> {
            let mut out = Vec::new();
            for (df, dr) in dirs {
                let (mut f, mut r) = (file + df, rank + dr);
                while let Some(sq) = square(f, r) {
                    out.push(sq);
                    if self.squares[sq].is_some() {
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
            out
        };
        match man.kind {
            Kind::King => {
                let mut all = steps(&ORTHOGONAL);
                all.extend(steps(&DIAGONAL));
                all
            }
            Kind::FullBers => {
                let mut all = slides(&ORTHOGONAL);
                all.extend(slides(&DIAGONAL));
                all
            }
            Kind::WeakBers => {
                let mut all = slides(&ORTHOGONAL);
                all.extend(steps(&DIAGONAL));
                all
            }
            Kind::Rook => slides(&ORTHOGONAL),
            Kind::Camel => slides(&DIAGONAL),
            Kind::Horse => steps(&LEAPS),
            Kind::Pawn => steps(&[(-1, forward), (1, forward)]),
            Kind::ReturningPawn => steps(&[(-1, -forward), (1, -forward)]),
        }
    }

    fn attacked_by(&self, sq: usize, white: bool) -> bool {
        (0..64).any(|from| {
            self.squares[from].is_some_and(|m| m.white == white) && self.attacks(from).contains(&sq)
        })
    }

    fn king(&self, white: bool) -> usize {
        (0..64)
            .find(|&s| {
                self.squares[s]
                    == Some(Man {
                        white,
                        kind: Kind::King,
                    })
            })
            .expect("a king")
    }

    /// Ranks between `sq` and the last rank of a `white` man.
    fn from_last_rank(sq: usize, white: bool) -> i32 {
        let rank = (sq / 8) as i32;
        if white { 7 - rank } else { rank }
    }

    fn pseudo_moves(&self) -> Vec<BruteMove> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(man) = self.squares[from] else {
                continue;
            };
            if man.white != us {
                continue;
            }
            let enemy_or_empty = |to: usize| self.squares[to].is_none_or(|m| m.white != us);
            let plain = |to| BruteMove {
                from,
                to,
                letter: None,
            };
            match man.kind {
                Kind::Pawn => {
                    let forward = if us { 8 } else { -8 };
                    let ahead = from as i32 + forward;
                    if (0..64).contains(&ahead) && self.squares[ahead as usize].is_none() {
                        out.push(plain(ahead as usize));
                    }
                    for to in self.attacks(from) {
                        if self.squares[to].is_some_and(|m| m.white != us) {
                            out.push(plain(to));
                        }
                    }
                }
                Kind::ReturningPawn => {
                    for to in self.attacks(from) {
                        if !enemy_or_empty(to) {
                            continue;
                        }
                        // The step's number is the distance reached from the last rank.
                        match Brute::from_last_rank(to, us) {
                            1 => {
                                out.push(plain(to));
                                out.push(BruteMove {
                                    from,
                                    to,
                                    letter: Some('j'),
                                });
                            }
                            3 => out.push(BruteMove {
                                from,
                                to,
                                letter: Some('q'),
                            }),
                            _ => out.push(plain(to)),
                        }
                    }
                }
                _ => {
                    for to in self.attacks(from) {
                        if enemy_or_empty(to) {
                            out.push(plain(to));
                        }
                    }
                }
            }
        }
        out
    }

    fn after(&self, m: BruteMove) -> Brute {
        let mut next = self.clone();
        let mut man = next.squares[m.from].take().expect("a man to move");
        let last_rank = if man.white { 7 } else { 0 };
        match (man.kind, m.letter) {
            (Kind::Pawn, _) if m.to / 8 == last_rank => man.kind = Kind::ReturningPawn,
            (Kind::ReturningPawn, Some('j')) => man.kind = Kind::WeakBers,
            (Kind::ReturningPawn, Some('q')) => man.kind = Kind::FullBers,
            _ => {}
        }
        next.squares[m.to] = Some(man);
        next.white_to_move = !self.white_to_move;
        next
    }

    fn has_bare_king(&self) -> bool {
        [true, false].into_iter().any(|white| {
            self.squares
                .iter()
                .flatten()
                .all(|m| m.white != white || m.kind == Kind::King)
        })
    }

    fn legal_moves(&self) -> Vec<BruteMove> {
        if self.bare_king_ends && self.has_bare_king() {
            return Vec::new();
        }
        let us = self.white_to_move;
        self.pseudo_moves()
            .into_iter()
            .filter(|&m| {
                let next = self.after(m);
                !next.attacked_by(next.king(us), !us)
            })
            .collect()
    }

    /// The legal moves as UCI text, sorted.
    pub fn moves_sorted(&self) -> Vec<String> {
        let mut list: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut text = format!("{}{}", name(m.from), name(m.to));
                text.extend(m.letter);
                text
            })
            .collect();
        list.sort();
        list
    }
}

/// Leaves of the move tree `depth` plies deep.
pub fn perft(pos: &Brute, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| perft(&pos.after(m), depth - 1))
        .sum()
}
