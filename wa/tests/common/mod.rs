//! A second, deliberately simple move generator for wa shogi, written apart from the crate's:
//! each piece's move is a diagram as the rules article draws it, read at run time; the board is
//! a plain array; legality is found by trying every reply. The tests compare the crate's
//! moves and perft counts with it.

#![allow(dead_code, unreachable_pub)] // each test file uses part of it

use tokin_wa::{Color, Kind, Piece, Position, Rules, Square};

/// The piece's move drawn as the article draws it, the piece `P` in the middle, forward up:
/// `o` a square it reaches when the squares between are empty, `x` a square it jumps to,
/// `#` the first square of a line it ranges along to the board's edge.
pub fn diagram(kind: Kind, promoted: bool) -> &'static str {
    use Kind::*;
    let name = match (kind, promoted) {
        (CraneKing, _) | (Oxcart, true) | (ViolentWolf, true) => "king",
        (SparrowPawn, false) => "sparrow pawn",
        (SparrowPawn, true) | (ViolentWolf, false) | (BlindDog, true) => "violent wolf",
        (Oxcart, false) => "oxcart",
        (LiberatedHorse, false) => "liberated horse",
        (LiberatedHorse, true) => "heavenly horse",
        (ClimbingMonkey, false) | (FlyingGoose, false) => "climbing monkey",
        (ClimbingMonkey, true) | (ViolentStag, false) => "violent stag",
        (BlindDog, false) => "blind dog",
        (SwoopingOwl, false) | (StruttingCrow, false) => "swooping owl",
        (SwoopingOwl, true) | (CloudEagle, _) => "cloud eagle",
        (StruttingCrow, true) | (FlyingFalcon, false) => "flying falcon",
        (FlyingCock, false) => "flying cock",
        (FlyingCock, true) => "raiding falcon",
        (FlyingGoose, true) | (SwallowsWings, false) => "swallow's wings",
        (ViolentStag, true) => "roaming boar",
        (RunningRabbit, false) => "running rabbit",
        (RunningRabbit, true) | (TreacherousFox, _) => "treacherous fox",
        (SwallowsWings, true) => "gliding swallow",
        (FlyingFalcon, true) => "tenacious falcon",
    };
    DIAGRAMS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, d)| *d)
        .expect("every piece drawn")
}

const DIAGRAMS: &[(&str, &str)] = &[
    (
        "king",
        ".......|.......|..ooo..|..oPo..|..ooo..|.......|.......",
    ),
    (
        "sparrow pawn",
        ".......|.......|...o...|...P...|.......|.......|.......",
    ),
    (
        "violent wolf",
        ".......|.......|..ooo..|..oPo..|...o...|.......|.......",
    ),
    (
        "violent stag",
        ".......|.......|..ooo..|...P...|..o.o..|.......|.......",
    ),
    (
        "roaming boar",
        ".......|.......|..ooo..|..oPo..|..o.o..|.......|.......",
    ),
    (
        "oxcart",
        ".......|.......|...#...|...P...|.......|.......|.......",
    ),
    (
        "liberated horse",
        ".......|.......|...#...|...P...|...o...|...o...|.......",
    ),
    (
        "heavenly horse",
        ".......|..x.x..|.......|...P...|.......|..x.x..|.......",
    ),
    (
        "climbing monkey",
        ".......|.......|..ooo..|...P...|...o...|.......|.......",
    ),
    (
        "blind dog",
        ".......|.......|..o.o..|..oPo..|...o...|.......|.......",
    ),
    (
        "swooping owl",
        ".......|.......|...o...|...P...|..o.o..|.......|.......",
    ),
    (
        "flying cock",
        ".......|.......|..o.o..|..oPo..|.......|.......|.......",
    ),
    (
        "raiding falcon",
        ".......|.......|..o#o..|..oPo..|...#...|.......|.......",
    ),
    (
        "swallow's wings",
        ".......|.......|...o...|..#P#..|...o...|.......|.......",
    ),
    (
        "gliding swallow",
        ".......|.......|...#...|..#P#..|...#...|.......|.......",
    ),
    (
        "running rabbit",
        ".......|.......|..o#o..|...P...|..ooo..|.......|.......",
    ),
    (
        "treacherous fox",
        ".......|.x.x.x.|..ooo..|...P...|..ooo..|.x.x.x.|.......",
    ),
    (
        "flying falcon",
        ".......|.......|..#o#..|...P...|..#.#..|.......|.......",
    ),
    (
        "tenacious falcon",
        ".......|.......|..###..|..oPo..|..###..|.......|.......",
    ),
    (
        "cloud eagle",
        "o.....o|.o...o.|..o#o..|..oPo..|..o#o..|.......|.......",
    ),
];

/// The squares a piece reaches from `from`, read off its diagram; `occupied` says which squares
/// hold a piece.
pub fn reach(piece: Piece, from: Square, occupied: &dyn Fn(Square) -> bool) -> Vec<Square> {
    let rows: Vec<&[u8]> = diagram(piece.kind(), piece.is_promoted())
        .split('|')
        .map(str::as_bytes)
        .collect();
    // Black's forward is up the board (towards rank a); White's is down.
    let flip: i8 = if piece.color() == Color::Black { 1 } else { -1 };
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            let (dr, df) = ((r as i8 - 3) * flip, (3 - c as i8) * flip);
            let Some(to) = from.offset(df, dr) else {
                continue;
            };
            let (sr, sf) = (dr.signum(), df.signum());
            let steps = dr.abs().max(df.abs());
            let clear =
                (1..steps).all(|k| from.offset(sf * k, sr * k).is_some_and(|s| !occupied(s)));
            match cell {
                b'x' => out.push(to),
                b'o' if clear => out.push(to),
                b'#' => {
                    let mut at = Some(to);
                    while let Some(s) = at {
                        out.push(s);
                        if occupied(s) {
                            break;
                        }
                        at = s.offset(sf, sr);
                    }
                }
                _ => {}
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A move in the reference generator's own terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum RefMove {
    Board(usize, usize, bool),
    Drop(usize, usize),
}

/// The reference board: a plain array of squares and two hand counts.
#[derive(Clone)]
pub struct RefPos {
    pub cells: [Option<Piece>; 121],
    pub hands: [[u8; 17]; 2],
    pub black_to_move: bool,
    pub drops: bool,
}

fn sq(i: usize) -> Square {
    Square::from_index(i).expect("index on the board")
}

/// Whether `color` could never move a piece of `kind` from `to`'s rank: the last rank for the
/// two forward-only pieces.
fn stuck(kind: Kind, color: Color, to: Square) -> bool {
    let last = if color == Color::Black { 1 } else { 11 };
    matches!(kind, Kind::SparrowPawn | Kind::Oxcart) && to.rank() == last
}

fn in_zone(color: Color, s: Square) -> bool {
    if color == Color::Black {
        s.rank() <= 3
    } else {
        s.rank() >= 9
    }
}

impl RefPos {
    pub fn from(pos: &Position) -> RefPos {
        let mut cells = [None; 121];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = pos.piece_at(sq(i));
        }
        let mut hands = [[0; 17]; 2];
        for color in Color::ALL {
            for k in Kind::HAND {
                hands[color.index()][k.index()] = pos.hand(color).count(k);
            }
        }
        RefPos {
            cells,
            hands,
            black_to_move: pos.side_to_move() == Color::Black,
            drops: pos.rules() == Rules::Drops,
        }
    }

    fn us(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    fn targets(&self, i: usize) -> Vec<Square> {
        let piece = self.cells[i].expect("a piece");
        reach(piece, sq(i), &|s: Square| self.cells[s.index()].is_some())
    }

    /// Every move, the king's safety and the sparrow-drop rule not yet checked.
    fn candidates(&self) -> Vec<RefMove> {
        let us = self.us();
        let mut out = Vec::new();
        for i in 0..121 {
            let Some(p) = self.cells[i] else { continue };
            if p.color() != us {
                continue;
            }
            for to in self.targets(i) {
                if self.cells[to.index()].is_some_and(|q| q.color() == us) {
                    continue;
                }
                let may = !p.is_promoted()
                    && p.kind().promotes()
                    && (in_zone(us, sq(i)) || in_zone(us, to));
                if may {
                    out.push(RefMove::Board(i, to.index(), true));
                }
                if p.is_promoted() || !stuck(p.kind(), us, to) {
                    out.push(RefMove::Board(i, to.index(), false));
                }
            }
        }
        if self.drops {
            for k in Kind::HAND {
                if self.hands[us.index()][k.index()] == 0 {
                    continue;
                }
                for to in 0..121 {
                    if self.cells[to].is_some() || stuck(k, us, sq(to)) {
                        continue;
                    }
                    let file = sq(to).file();
                    let twice = k == Kind::SparrowPawn
                        && (0..121).any(|j| {
                            sq(j).file() == file && self.cells[j] == Some(Piece::new(us, k))
                        });
                    if !twice {
                        out.push(RefMove::Drop(k.index(), to));
                    }
                }
            }
        }
        out
    }

    fn after(&self, m: RefMove) -> RefPos {
        let mut next = self.clone();
        let us = self.us();
        match m {
            RefMove::Board(from, to, promote) => {
                let mut p = next.cells[from].take().expect("a piece");
                if promote {
                    p = Piece::new_promoted(us, p.kind()).expect("promotes");
                }
                if let Some(q) = next.cells[to]
                    && next.drops
                {
                    next.hands[us.index()][q.kind().index()] += 1;
                }
                next.cells[to] = Some(p);
            }
            RefMove::Drop(k, to) => {
                next.hands[us.index()][k] -= 1;
                next.cells[to] = Some(Piece::new(us, Kind::ALL[k]));
            }
        }
        next.black_to_move = !next.black_to_move;
        next
    }

    /// Whether the side that just moved left its king where the side to move reaches it.
    fn king_en_prise(&self) -> bool {
        let them = self.us().opponent();
        let king = (0..121).find(|&i| self.cells[i] == Some(Piece::new(them, Kind::CraneKing)));
        let Some(king) = king else { return false };
        (0..121).any(|i| {
            self.cells[i].is_some_and(|p| p.color() == self.us())
                && self.targets(i).contains(&sq(king))
        })
    }

    /// Whether a candidate move is legal: the mover's king not left attacked, and a sparrow
    /// drop that checks leaves a reply.
    fn allowed(&self, m: RefMove) -> bool {
        let next = self.after(m);
        if next.king_en_prise() {
            return false;
        }
        if let RefMove::Drop(k, _) = m
            && k == Kind::SparrowPawn.index()
            && next.in_check()
            && !next.has_legal_move()
        {
            return false;
        }
        true
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let mut passed = self.clone();
        passed.black_to_move = !passed.black_to_move;
        passed.king_en_prise()
    }

    pub fn legal(&self) -> Vec<RefMove> {
        self.candidates()
            .into_iter()
            .filter(|&m| self.allowed(m))
            .collect()
    }

    /// Whether the side to move has a legal move (found without listing them all).
    pub fn has_legal_move(&self) -> bool {
        self.candidates().into_iter().any(|m| self.allowed(m))
    }

    /// Whether `m` is legal.
    pub fn is_legal(&self, m: RefMove) -> bool {
        self.candidates().contains(&m) && self.allowed(m)
    }

    /// The position after `m`, which must be legal.
    pub fn play(&self, m: RefMove) -> RefPos {
        self.after(m)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.after(m).perft(depth - 1)).sum()
    }
}
