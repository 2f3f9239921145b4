//! Move ordering: the hash move first, then captures by most valuable victim / least
//! valuable attacker (MVV-LVA), promotions, the two killer moves, and quiet moves by their
//! history score.
//!
//! CITE: MVV-LVA, killer heuristic, history heuristic —
//! <https://www.chessprogramming.org/Move_Ordering>.

use super::captures::{CaptureList, captures};
use super::history::{CaptureHistory, HISTORY_MAX};
use super::see::see_ge;
use crate::eval::piece_value;
use arrayvec::ArrayVec;
use tokin_core::movegen::Sink;
use tokin_core::{Bitboard, Move, PieceKind, Position, attacks};

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;

/// Whether `mv` captures or promotes (such moves are not "quiet").
#[inline]
pub(crate) fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() || pos.captured_piece(mv).is_some()
}

/// Value gained by a capture (and promotion), for ordering and pruning.
#[inline]
pub(crate) fn capture_gain(pos: &Position, mv: Move) -> i32 {
    let victim = pos.captured_piece(mv).map_or(0, |p| piece_value(p.kind));
    let promo = if mv.is_promotion() {
        pos.moved_piece(mv).map_or(0, |p| {
            p.kind
                .promote()
                .map_or(0, |q| piece_value(q) - piece_value(p.kind))
        })
    } else {
        0
    };
    victim + promo
}

/// Whether `see_ge(pos, mv, threshold)` holds, for a move a [`Picker`] handed out with
/// ordering score `order`. Captures and promotions scored between the killers and the hash
/// move passed `see_ge(pos, mv, 0)` when they were scored, and an exchange that gains at
/// least nothing also clears any threshold at or below zero: those need no second exchange.
#[inline]
pub(crate) fn see_ge_ordered(pos: &Position, mv: Move, order: i32, threshold: i32) -> bool {
    (threshold <= 0 && (PROMOTION..TT_MOVE).contains(&order)) || see_ge(pos, mv, threshold)
}

/// Ordering score of a capture that loses material by exchange: after every quiet move.
pub(crate) const BAD_CAPTURE: i32 = -(1 << 28);

/// Quiet moves handed out by selection before the rest are sorted.
const SELECTED_QUIETS: usize = 6;

/// Sorts the moves of [`Picker::generate_rest`] into the picker's lists as the generator
/// hands them over.
struct RestSink<'a> {
    pos: &'a Position,
    /// The opponent's pieces: a legal board move onto one of them captures it.
    theirs: Bitboard,
    in_check: bool,
    /// Moves handed out before: the hash move, and the killers when not in check.
    skip: [Option<Move>; 3],
    tactical: &'a mut ArrayVec<(Move, i32), { tokin_core::MAX_MOVES }>,
    quiets: &'a mut ArrayVec<(Move, i32), { tokin_core::MAX_MOVES }>,
    history: &'a CaptureHistory,
}

impl RestSink<'_> {
    #[inline(always)]
    fn add(&mut self, mv: Move, capture: bool) {
        if self.skip.contains(&Some(mv)) {
            return;
        }
        let pos = self.pos;
        if capture {
            if self.in_check || !self.tactical.iter().any(|t| t.0 == mv) {
                self.tactical
                    .push((mv, Picker::capture_score(pos, mv, self.history)));
            }
        } else if mv.is_promotion() && see_ge(pos, mv, 0) {
            self.quiets.push((mv, PROMOTION + capture_gain(pos, mv)));
        } else {
            self.quiets.push((mv, i32::MIN));
        }
    }
}

impl Sink for RestSink<'_> {
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        // A legal board move onto an enemy piece captures it; a drop never does.
        let capture = mv.from().is_some() && self.theirs.contains(mv.to());
        self.add(mv, capture);
    }
}

/// Where a [`Picker`] is in its sequence.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    Captures,
    GoodTactical,
    Killers,
    Rest,
    Quiets,
    BadTactical,
    Done,
}

/// Hands out the moves of a node best first, in stages, so that a node that cuts off early
/// pays for little: the hash move before any generation; then captures (generated alone)
/// that do not lose material, by victim and then attacker; the killers; then the rest is
/// generated: promotions, the quiet moves by their history, and last the captures that lose
/// material. In check, every evasion is generated at once.
pub(crate) struct Picker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    killer_index: usize,
    tactical: ArrayVec<(Move, i32), { tokin_core::MAX_MOVES }>,
    quiets: ArrayVec<(Move, i32), { tokin_core::MAX_MOVES }>,
    next_tactical: usize,
    next_quiet: usize,
    /// Whether any move has been handed out.
    yielded: bool,
    /// Whether [`Picker::drop_quiets`] has pruned the quiet list.
    quiets_dropped: bool,
}

impl Picker {
    pub(crate) fn new(pos: &Position, tt_move: Option<Move>, killers: [Option<Move>; 2]) -> Picker {
        // The hash move and the killers come from elsewhere in the tree (or from another
        // position with the same key): each is checked as a move of this position.
        let tt_move = tt_move.filter(|&m| pos.is_legal(m).is_ok());
        Picker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            killer_index: 0,
            tactical: ArrayVec::new(),
            quiets: ArrayVec::new(),
            next_tactical: 0,
            next_quiet: 0,
            yielded: false,
            quiets_dropped: false,
        }
    }

    /// Whether the position has no legal move at all (asked once the picker has run dry).
    pub(crate) fn no_legal_move(&self) -> bool {
        self.stage == Stage::Done && !self.yielded
    }

    /// The ordering score of a capture: good or bad by exchange, then by victim (and
    /// promotion), then by its capture history, then by attacker.
    fn capture_score(pos: &Position, mv: Move, history: &CaptureHistory) -> i32 {
        let victim = pos.captured_piece(mv).map(|p| p.kind);
        let mover = pos.moved_piece(mv).map(|p| p.kind);
        let learned = match (mover, victim) {
            (Some(m), Some(v)) => history.get(pos.side_to_move(), m, mv, v),
            _ => 0,
        };
        let victim = victim.map_or(0, piece_value);
        let attacker = mover.map_or(0, piece_value);
        // A victim's step (16 x 1,024, at least 45 x 16 x 1,024 between two victims) is far
        // above the history's share (512 either way) and the attacker's (under 44).
        let mvv = (victim * 16 + if mv.is_promotion() { 200 } else { 0 }) * 1024 + learned / 32
            - attacker / 32;
        if see_ge(pos, mv, 0) {
            CAPTURE + mvv
        } else {
            BAD_CAPTURE + mvv
        }
    }

    /// The legal captures, generated alone (not in check).
    fn generate_captures(&mut self, pos: &Position, history: &CaptureHistory) {
        let us = pos.side_to_move();
        let occ = pos.occupied();
        let pinned = pos.pinned(us, occ);
        let ksq = pos.king_square(us);
        let mut caps = CaptureList::new();
        captures(pos, &mut caps);
        for &mv in &caps {
            if Some(mv) == self.tt_move {
                continue;
            }
            let Some(from) = mv.from() else { continue };
            let legal = match ksq {
                Some(k) if k == from => !pos.is_attacked_by(!us, mv.to(), occ.without(from)),
                Some(k) => !pinned.contains(from) || attacks::line(from, k).contains(mv.to()),
                None => true,
            };
            if legal {
                self.tactical
                    .push((mv, Self::capture_score(pos, mv, history)));
            }
        }
    }

    /// Everything else: promotions, quiet moves and the captures not generated before (in
    /// check, every evasion).
    fn generate_rest(&mut self, pos: &Position, history: &CaptureHistory) {
        let in_check = pos.in_check();
        // The generator hands its moves straight to the lists, in its own order (which
        // decides the order of equal scores), without a full move list in between.
        let mut sink = RestSink {
            pos,
            theirs: pos.pieces(!pos.side_to_move()),
            in_check,
            skip: if in_check {
                [self.tt_move, None, None]
            } else {
                [self.tt_move, self.killers[0], self.killers[1]]
            },
            tactical: &mut self.tactical,
            quiets: &mut self.quiets,
            history,
        };
        tokin_core::movegen::generate(pos, &mut sink);
    }

    /// Index of the best of `v[from..]` by score, if any is at least `min`.
    fn best_from(v: &[(Move, i32)], from: usize, min: i32) -> Option<usize> {
        let mut best = None;
        let mut best_score = min;
        for (i, &(_, s)) in v.iter().enumerate().skip(from) {
            if s >= best_score {
                best_score = s;
                best = Some(i);
            }
        }
        best
    }

    /// Drops the quiet-list moves not handed out yet that the test `make_keep` makes
    /// rejects, once the list is scored (before that, and after the first time, it does
    /// nothing, and the test is not made). For a search that would skip those moves anyway
    /// (late move pruning): it then neither sorts nor looks at them again. The moves kept
    /// come out in the same order as before, the order being total.
    pub(crate) fn drop_quiets<K: Fn(Move) -> bool>(&mut self, make_keep: impl FnOnce() -> K) {
        if self.stage != Stage::Quiets || self.quiets_dropped {
            return;
        }
        self.quiets_dropped = true;
        let keep = make_keep();
        let mut w = self.next_quiet;
        for r in self.next_quiet..self.quiets.len() {
            let q = self.quiets[r];
            if keep(q.0) {
                self.quiets[w] = q;
                w += 1;
            }
        }
        self.quiets.truncate(w);
    }

    /// Index of the first of the best of `v[from..]` by score, if any.
    fn first_best_from(v: &[(Move, i32)], from: usize) -> Option<usize> {
        let mut best = None;
        let mut best_score = i32::MIN;
        for (i, &(_, s)) in v.iter().enumerate().skip(from) {
            if s > best_score || best.is_none() {
                best_score = s;
                best = Some(i);
            }
        }
        best
    }

    /// The next move and its ordering score. Captures are rated with `captures`' history.
    /// Quiet moves are rated by history with the
    /// scorer `quiet_scorer` makes (asked once, when the quiet moves are reached, so that
    /// the scorer can look up what all quiet moves of the node share only once); the scorer
    /// is called once per quiet move, with the kind of the piece moved or dropped.
    pub(crate) fn next<S: Fn(Move, PieceKind) -> i32>(
        &mut self,
        pos: &Position,
        captures: &CaptureHistory,
        quiet_scorer: impl FnOnce() -> S,
    ) -> Option<(Move, i32)> {
        let r = self.advance(pos, captures, quiet_scorer);
        self.yielded |= r.is_some();
        r
    }

    fn advance<S: Fn(Move, PieceKind) -> i32>(
        &mut self,
        pos: &Position,
        captures: &CaptureHistory,
        quiet_scorer: impl FnOnce() -> S,
    ) -> Option<(Move, i32)> {
        // Taken by the one stage that scores quiet moves.
        let mut quiet_scorer = Some(quiet_scorer);
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::Captures;
                    if let Some(m) = self.tt_move {
                        return Some((m, TT_MOVE));
                    }
                }
                Stage::Captures => {
                    if pos.in_check() {
                        // Evasions: all at once, ordered like any other list.
                        self.killers = [None; 2];
                        self.generate_rest(pos, captures);
                    } else {
                        self.generate_captures(pos, captures);
                    }
                    self.stage = Stage::GoodTactical;
                }
                Stage::GoodTactical => {
                    match Self::best_from(&self.tactical, self.next_tactical, CAPTURE) {
                        Some(i) => {
                            self.tactical.swap(self.next_tactical, i);
                            self.next_tactical += 1;
                            return Some(self.tactical[self.next_tactical - 1]);
                        }
                        None => self.stage = Stage::Killers,
                    }
                }
                Stage::Killers => {
                    if self.killer_index < 2 {
                        let i = self.killer_index;
                        self.killer_index += 1;
                        let ok = self.killers[i].is_some_and(|k| {
                            Some(k) != self.tt_move
                                && (i == 0 || self.killers[0] != Some(k))
                                && pos.captured_piece(k).is_none()
                                && pos.is_legal(k).is_ok()
                        });
                        if ok && let Some(k) = self.killers[i] {
                            return Some((k, KILLER + 1 - i as i32));
                        }
                        self.killers[i] = None;
                    } else {
                        self.stage = Stage::Rest;
                    }
                }
                Stage::Rest => {
                    if !pos.in_check() {
                        self.generate_rest(pos, captures);
                    }
                    let zone = tokin_core::movegen::zone(pos.side_to_move());
                    // The scorer is made only when there is a quiet move to score (making it
                    // may work out the node's threats, which the search then also uses).
                    let quiet_score = match self.quiets.iter().any(|q| q.1 == i32::MIN) {
                        true => quiet_scorer.take().map(|make| make()),
                        false => None,
                    };
                    for q in &mut self.quiets {
                        if q.1 != i32::MIN {
                            continue;
                        }
                        let (kind, poor) = match q.0.from() {
                            None => (q.0.drop_kind().unwrap_or(PieceKind::Pawn), false),
                            Some(from) => {
                                let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
                                // Unpromoted moves of pawns, bishops and rooks that could
                                // have promoted are almost never good: order them last.
                                let poor = matches!(
                                    kind,
                                    PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook
                                ) && (zone.contains(q.0.to()) || zone.contains(from));
                                (kind, poor)
                            }
                        };
                        let score = quiet_score.as_ref().map_or(0, |f| f(q.0, kind));
                        q.1 = score - if poor { 16 * HISTORY_MAX } else { 0 };
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    // The first few by selection (shallow nodes stop after a handful), the
                    // rest sorted once. Both hand out equal scores in the order generated
                    // (the selection takes the first best and shifts the ones before it up,
                    // the sort is stable), so the order is total: dropping moves from the
                    // list (`drop_quiets`) does not change the order of the others.
                    if self.next_quiet == SELECTED_QUIETS {
                        self.quiets[SELECTED_QUIETS..].sort_by_key(|q| std::cmp::Reverse(q.1));
                    }
                    if self.next_quiet < SELECTED_QUIETS
                        && let Some(i) = Self::first_best_from(&self.quiets, self.next_quiet)
                    {
                        self.quiets[self.next_quiet..=i].rotate_right(1);
                    }
                    match self.quiets.get(self.next_quiet) {
                        Some(&q) => {
                            self.next_quiet += 1;
                            return Some(q);
                        }
                        None => self.stage = Stage::BadTactical,
                    }
                }
                Stage::BadTactical => {
                    match Self::best_from(&self.tactical, self.next_tactical, i32::MIN) {
                        Some(i) => {
                            self.tactical.swap(self.next_tactical, i);
                            self.next_tactical += 1;
                            return Some(self.tactical[self.next_tactical - 1]);
                        }
                        None => self.stage = Stage::Done,
                    }
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;
    use tokin_core::testing::{Pick, random_game_positions};
    use tokin_core::{Color, PieceKind};

    /// Dropping quiet moves part-way through leaves the others in the order they came in
    /// without the drop, at any point of the quiet stage, with many equal scores.
    #[test]
    fn dropping_quiets_keeps_the_order_of_the_rest() {
        let score = |m: Move, _| i32::from(m.to_bits() % 5);
        let keep = |m: Move| !m.to_bits().is_multiple_of(3);
        let history = CaptureHistory::new();
        random_game_positions(5, 20, 120, Pick::Uniform, |pos, rng| {
            let mut full = Picker::new(pos, None, [None; 2]);
            let mut all = Vec::new();
            while let Some((m, _)) = full.next(pos, &history, || score) {
                all.push((m, full.stage));
            }
            if all.is_empty() {
                return;
            }
            let cut = rng.random_range(0..all.len());
            let mut picker = Picker::new(pos, None, [None; 2]);
            let mut got = Vec::new();
            for _ in 0..cut {
                got.push(picker.next(pos, &history, || score).unwrap().0);
            }
            picker.drop_quiets(|| keep);
            while let Some((m, _)) = picker.next(pos, &history, || score) {
                got.push(m);
            }
            let dropping = all
                .get(cut.wrapping_sub(1))
                .is_some_and(|a| a.1 == Stage::Quiets);
            let want: Vec<Move> = all
                .iter()
                .enumerate()
                .filter(|&(i, &(m, st))| i < cut || !dropping || st != Stage::Quiets || keep(m))
                .map(|(_, &(m, _))| m)
                .collect();
            assert_eq!(got, want, "{}", pos.to_sfen());
        });
    }

    /// Captures of one victim come in the order of their capture history, the cheaper
    /// attacker first where it says nothing; a more valuable victim still comes first.
    #[test]
    fn capture_history_orders_the_captures_of_one_victim() {
        // Black's pawn (5f) and gold (4f) can both take White's pawn on 5e; the rook (2i)
        // can take White's gold on 2g.
        let pos = Position::from_sfen("4k4/9/9/9/4p4/4PG3/7g1/9/4K2R1 b - 1").unwrap();
        let order = |history: &CaptureHistory| {
            let mut picker = Picker::new(&pos, None, [None; 2]);
            let mut out = Vec::new();
            while let Some((m, score)) = picker.next(&pos, history, || |_, _| 0) {
                if score >= CAPTURE {
                    out.push(m.to_string());
                }
            }
            out
        };
        let mut history = CaptureHistory::new();
        assert_eq!(order(&history), ["2i2g", "5f5e", "4f5e"]);
        let gold = Move::from_usi("4f5e").unwrap();
        for _ in 0..8 {
            history.update(Color::Black, PieceKind::Gold, gold, PieceKind::Pawn, 2000);
        }
        assert_eq!(order(&history), ["2i2g", "4f5e", "5f5e"]);
        // White's entries are apart.
        assert_eq!(
            history.get(Color::White, PieceKind::Gold, gold, PieceKind::Pawn),
            0
        );
    }

    /// On random games, with random hash moves and killers (legal or not), the picker hands
    /// out every legal move exactly once and nothing else.
    #[test]
    fn hands_out_each_legal_move_once() {
        let mut stale: Vec<Move> = Vec::new();
        let history = CaptureHistory::new();
        random_game_positions(3, 40, 150, Pick::Uniform, |pos, rng| {
            let list = pos.legal_moves();
            let mut guess = || -> Option<Move> {
                match rng.random_range(0..3) {
                    0 => None,
                    1 if !list.is_empty() => Some(list[rng.random_range(0..list.len())]),
                    1 => None,
                    _ => stale.get(rng.random_range(0..stale.len().max(1))).copied(),
                }
            };
            let (tt, k1, k2) = (guess(), guess(), guess());
            let mut picker = Picker::new(pos, tt, [k1, k2]);
            let mut seen = Vec::new();
            while let Some((m, _)) = picker.next(pos, &history, || |_, _| 0) {
                seen.push(m);
            }
            let mut want: Vec<Move> = list.iter().copied().collect();
            want.sort_by_key(|m| m.to_bits());
            seen.sort_by_key(|m| m.to_bits());
            assert_eq!(seen, want, "{}", pos.to_sfen());
            assert_eq!(picker.no_legal_move(), list.is_empty());
            stale.extend(list.iter().take(3));
        });
    }
}
