//! What the styles share: candidate pieces for disambiguation, movement directions as the
//! mover sees them, digit spellings, and the matcher that turns a parsed pattern into the
//! one legal move it names.

use crate::style::{DragonGlyph, KingGlyph, Options};
use crate::{NotationError, Style};
use tokin_core::{Bitboard, Color, IllegalMove, Move, PieceKind, Position, Square, attacks};

/// The pieces of `color` and `kind` that could move to `to` by their movement alone
/// (pseudo-legal: a pinned piece still counts, as in every major notation library).
///
/// Worked out from `to`: a piece of `color` on a square reaches `to` exactly when the same
/// kind of the other color on `to` reaches that square (the steps are mirror images and a
/// ray is blocked by the same squares both ways), so one attack set answers for every piece
/// of the kind, rather than one for each. A test checks the two ways agree.
pub(crate) fn candidates(pos: &Position, color: Color, kind: PieceKind, to: Square) -> Bitboard {
    pos.pieces_of(color, kind) & attacks::piece(!color, kind, to, pos.occupied())
}

/// The kind of the piece a move moves (the kind before any promotion).
pub(crate) fn moved_kind(pos: &Position, mv: Move) -> Option<PieceKind> {
    pos.moved_piece(mv).map(|p| p.kind)
}

/// Whether the move offered a choice to promote: a board move of a kind that promotes,
/// starting or ending in the mover's promotion zone.
pub(crate) fn promotion_possible(pos: &Position, mv: Move) -> bool {
    let Some(from) = mv.from() else { return false };
    let us = pos.side_to_move();
    match pos.piece_at(from) {
        Some(p) => p.kind.can_promote() && (from.in_zone(us) || mv.to().in_zone(us)),
        None => false,
    }
}

/// The file as the mover sees it: smaller is further to the mover's right.
pub(crate) fn rel_file(sq: Square, color: Color) -> u8 {
    match color {
        Color::Black => sq.file().number(),
        Color::White => 10 - sq.file().number(),
    }
}

/// The rank as the mover sees it: smaller is further forward.
pub(crate) fn rel_rank(sq: Square, color: Color) -> u8 {
    sq.rank().relative_number(color)
}

/// A board move's vertical direction as the mover sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Movement {
    /// Forward (上).
    Up,
    /// Backward (引).
    Down,
    /// Along the rank (寄).
    Side,
}

pub(crate) fn movement(color: Color, from: Square, to: Square) -> Movement {
    let (f, t) = (rel_rank(from, color), rel_rank(to, color));
    if t < f {
        Movement::Up
    } else if t > f {
        Movement::Down
    } else {
        Movement::Side
    }
}

/// Straight forward along the file (直).
pub(crate) fn straight_forward(color: Color, from: Square, to: Square) -> bool {
    from.file() == to.file() && rel_rank(to, color) < rel_rank(from, color)
}

/// The value 1-9 of a digit written as ASCII, full-width or kanji.
pub(crate) fn digit_value(c: char) -> Option<u8> {
    // Each subtraction is within the range its arm matched, so none underflows.
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => KANJI_DIGITS
            .iter()
            .position(|&k| k == c)
            .map(|i| i as u8 + 1),
    }
}

/// 一 to 九.
pub(crate) const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
/// １ to ９.
pub(crate) const WIDE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

pub(crate) fn square_from_numbers(file: u8, rank: u8) -> Option<Square> {
    Some(Square::new(
        tokin_core::File::from_number(file)?,
        tokin_core::Rank::from_number(rank)?,
    ))
}

/// The square as two ASCII digits, file then rank: `76`.
pub(crate) fn push_numeric(out: &mut String, sq: Square) {
    out.push(char::from(b'0' + sq.file().number()));
    out.push(char::from(b'0' + sq.rank().number()));
}

/// A side mark of the Japanese and Kitao–Kawasaki styles.
pub(crate) fn mark_color(c: char) -> Option<Color> {
    match c {
        '☗' | '▲' | '■' | '▼' => Some(Color::Black),
        '☖' | '△' | '□' | '▽' => Some(Color::White),
        _ => None,
    }
}

/// The number of characters taken by a leading side mark (☗☖▲△…) of `chars`: 1 if there is
/// one naming the side to move, 0 if there is none.
///
/// # Errors
/// [`NotationError::WrongSide`] when the mark names the side not to move.
pub(crate) fn side_mark_len(
    chars: &[(usize, char)],
    pos: &Position,
    text: &str,
) -> Result<usize, NotationError> {
    match chars.first().and_then(|&(_, c)| mark_color(c)) {
        None => Ok(0),
        Some(color) if color == pos.side_to_move() => Ok(1),
        Some(_) => Err(NotationError::WrongSide {
            text: text.to_string(),
        }),
    }
}

/// [`char::is_whitespace`] (the Unicode White_Space property) as a few comparisons: the
/// standard one looks non-ASCII characters up in a table, and move text is mostly kanji.
/// A test checks that the two agree on every character.
#[inline]
pub(crate) fn is_white(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// A move text as (original character index, character) pairs without white space, so that
/// errors can point into the text as written.
pub(crate) struct Scan {
    /// The first characters, kept here without an allocation (every move of a record read
    /// comes through here, and a move's text is a dozen characters or fewer).
    inline: [(usize, char); Scan::INLINE],
    /// How many of `inline` are in use.
    len: usize,
    /// All of them instead, for a longer text.
    heap: Vec<(usize, char)>,
    /// The text's length in characters: where errors past the last character point.
    end: usize,
}

impl Scan {
    const INLINE: usize = 16;

    pub(crate) fn new(text: &str) -> Scan {
        let mut scan = Scan {
            inline: [(0, ' '); Scan::INLINE],
            len: 0,
            heap: Vec::new(),
            end: 0,
        };
        for (i, c) in text.chars().enumerate() {
            scan.end = i + 1;
            if is_white(c) {
                continue;
            }
            if scan.len < Scan::INLINE {
                scan.inline[scan.len] = (i, c);
                scan.len += 1;
            } else {
                if scan.heap.is_empty() {
                    scan.heap.extend_from_slice(&scan.inline);
                }
                scan.heap.push((i, c));
            }
        }
        scan
    }

    /// The significant characters.
    pub(crate) fn chars(&self) -> &[(usize, char)] {
        if self.heap.is_empty() {
            // `len` never exceeds `INLINE`: `new` spills to `heap` at that point.
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }

    /// Where significant character `i` stands in the text (the end if there is none).
    pub(crate) fn at(&self, i: usize) -> usize {
        self.chars().get(i).map_or(self.end, |&(a, _)| a)
    }
}

/// English name of a kind, for messages.
pub(crate) fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Lance => "lance",
        PieceKind::Knight => "knight",
        PieceKind::Silver => "silver",
        PieceKind::Gold => "gold",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::King => "king",
        PieceKind::ProPawn => "promoted pawn",
        PieceKind::ProLance => "promoted lance",
        PieceKind::ProKnight => "promoted knight",
        PieceKind::ProSilver => "promoted silver",
        PieceKind::Horse => "horse",
        PieceKind::Dragon => "dragon",
    }
}

/// Japanese direction words (and their Western-free meaning) a pattern may carry.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Dirs {
    pub(crate) up: bool,
    pub(crate) down: bool,
    pub(crate) side: bool,
    pub(crate) straight: bool,
    pub(crate) right: bool,
    pub(crate) left: bool,
}

impl Dirs {
    fn any(self) -> bool {
        self.up || self.down || self.side || self.straight || self.right || self.left
    }

    /// Whether a board move from `from` to `to` fits every word, given the candidates.
    fn fits(self, color: Color, from: Square, to: Square, cands: Bitboard) -> bool {
        let mv = movement(color, from, to);
        if self.up && mv != Movement::Up
            || self.down && mv != Movement::Down
            || self.side && mv != Movement::Side
            || self.straight && !straight_forward(color, from, to)
        {
            return false;
        }
        let f = rel_file(from, color);
        if self.right && cands.into_iter().any(|c| rel_file(c, color) < f) {
            return false;
        }
        if self.left && cands.into_iter().any(|c| rel_file(c, color) > f) {
            return false;
        }
        true
    }
}

/// What a parsed move says; `None` fields are not said.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Pattern {
    /// The kind of the moving piece as it stands before the move.
    pub(crate) kind: Option<PieceKind>,
    pub(crate) from: Option<Square>,
    /// `None`: the previous move's destination (同, or a Kitao–Kawasaki recapture).
    pub(crate) to: Option<Square>,
    pub(crate) drop: Option<bool>,
    pub(crate) promote: Option<bool>,
    pub(crate) dirs: Dirs,
    /// KIF habit: a move with an origin and no 成 does not promote.
    pub(crate) unmarked_means_no_promotion: bool,
}

/// How a style reports the moves an ambiguous text could be.
pub(crate) struct Reader<'a> {
    pub(crate) style: Style,
    pub(crate) text: &'a str,
    /// Writes a legal move unambiguously in the style.
    pub(crate) render: &'a dyn Fn(&Position, Option<Square>, Move) -> String,
    /// What to add to say the promotion status, such as `+ or =`.
    pub(crate) promotion_hint: &'static str,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(
        style: Style,
        text: &'a str,
        render: &'a dyn Fn(&Position, Option<Square>, Move) -> String,
        promotion_hint: &'static str,
    ) -> Reader<'a> {
        Reader {
            style,
            text,
            render,
            promotion_hint,
        }
    }

    pub(crate) fn syntax(&self, at: usize, reason: &'static str) -> NotationError {
        NotationError::Syntax {
            style: self.style,
            text: self.text.to_string(),
            at,
            reason,
        }
    }

    fn no_match(&self, reason: String) -> NotationError {
        NotationError::NoMatch {
            text: self.text.to_string(),
            reason,
        }
    }

    /// The one legal move the pattern names.
    pub(crate) fn resolve(
        &self,
        pos: &Position,
        last_to: Option<Square>,
        pat: &Pattern,
    ) -> Result<Move, NotationError> {
        self.resolve_admitting(pos, last_to, pat, &|_| false)
    }

    /// As [`Reader::resolve`], with the moves that break only the rules `admit` names
    /// counted as moves: a record reader asks which move a text names when the game ended
    /// on a foul (a second pawn on a file, a king left in check).
    pub(crate) fn resolve_admitting(
        &self,
        pos: &Position,
        last_to: Option<Square>,
        pat: &Pattern,
        admit: &dyn Fn(IllegalMove) -> bool,
    ) -> Result<Move, NotationError> {
        let to = match pat.to.or(last_to) {
            Some(t) => t,
            None => {
                return Err(NotationError::NoPreviousMove {
                    text: self.text.to_string(),
                });
            }
        };
        let us = pos.side_to_move();
        // A text that names the origin, the piece and whether it promotes (KIF's `２二角成(88)`,
        // `７六歩(77)`) names one move; when that move is legal, it is what the filters below
        // would leave, and the one legality check is all it takes.
        if let (Some(kind), Some(from)) = (pat.kind, pat.from)
            && pat.drop != Some(true)
            && !pat.dirs.any()
            && (pat.promote.is_some() || pat.unmarked_means_no_promotion)
            && pos.piece_at(from).is_some_and(|p| p.kind == kind)
            && let Ok(mv) = Move::try_normal(from, to, pat.promote.unwrap_or(false))
            && pos.is_legal(mv).is_ok()
        {
            return Ok(mv);
        }
        let mut set = moves_to(pos, to, pat.kind, pat.from, admit);
        if set.is_empty() {
            return Err(self.no_match(explain(pos, pat, to)));
        }
        match pat.drop {
            Some(true) => {
                set.retain(|m| m.is_drop());
                if set.is_empty() {
                    return Err(self.no_match(explain(pos, pat, to)));
                }
            }
            Some(false) => {
                set.retain(|m| !m.is_drop());
                if set.is_empty() {
                    return Err(self.no_match(format!(
                        "no piece on the board can move to {to}; only a drop can (mark it as one)"
                    )));
                }
            }
            None => {
                // A drop is only meant when no board piece could make the move (打 rule).
                if set.iter().any(|m| !m.is_drop()) {
                    set.retain(|m| !m.is_drop());
                }
            }
        }
        if pat.dirs.any() {
            set.retain(|&m| match (m.from(), moved_kind(pos, m)) {
                (Some(from), Some(kind)) => {
                    pat.dirs.fits(us, from, to, candidates(pos, us, kind, to))
                }
                _ => false,
            });
            if set.is_empty() {
                return Err(self.no_match(format!(
                    "no piece that can move to {to} fits the direction words"
                )));
            }
            // A side word alone (`左`) where the rules add the movement (`左寄`, because
            // another piece on that side moves differently) fits more than one piece: the
            // text does not say which, so it is refused below with the candidates named
            // rather than read as one of them.
        }
        match pat.promote {
            Some(p) => {
                set.retain(|m| m.is_promotion() == p);
                if set.is_empty() {
                    return Err(self.no_match(if p {
                        format!("the piece cannot promote on a move to {to}")
                    } else {
                        format!("the piece must promote on a move to {to}")
                    }));
                }
            }
            None => {
                let has_both =
                    set.iter().any(|m| m.is_promotion()) && set.iter().any(|m| !m.is_promotion());
                if has_both && pat.unmarked_means_no_promotion {
                    set.retain(|m| !m.is_promotion());
                }
            }
        }
        // `set` is not empty here: every filter above either returns on an empty set or keeps
        // at least one move, so `set[0]` exists (and below, with `len != 1`, two do).
        if set.len() == 1 {
            return Ok(set[0]);
        }
        // Several moves: either different pieces, or one piece that may or may not promote.
        let first = set[0];
        let one_piece = set
            .iter()
            .all(|m| m.from() == first.from() && m.drop_kind() == first.drop_kind());
        if one_piece && pat.promote.is_none() {
            return Err(NotationError::PromotionRequired {
                text: self.text.to_string(),
                hint: self.promotion_hint,
            });
        }
        // Reading order as Black sees the board: top rank first, left file first; drops last.
        set.sort_by_key(|m| match m.from() {
            Some(f) => (f.rank().number(), 10 - f.file().number(), m.is_promotion()),
            None => (10, 0, false),
        });
        let mut candidates: Vec<String> = Vec::new();
        for &m in &set {
            let s = (self.render)(pos, last_to, m);
            if !candidates.contains(&s) {
                candidates.push(s);
            }
        }
        Err(NotationError::Ambiguous {
            text: self.text.to_string(),
            candidates,
        })
    }
}

/// The legal moves to `to`, of a piece of `kind` and from `from` where they are given (with
/// the kind given, also the moves that break only rules that `admit` names).
///
/// With the kind known, the moves come from the pieces of that kind that reach `to` (the
/// only ones that can move there legally) and the drop, each checked by
/// [`Position::is_legal`], which accepts exactly the moves the generator lists: reading a
/// record thus costs a few legality checks a move instead of generating every legal move
/// (which was a third of the time a KIF record took to read). The order may differ from the
/// generator's; [`Reader::resolve`] depends on it only where two moves of different kinds
/// both remain, which a known kind rules out.
fn moves_to(
    pos: &Position,
    to: Square,
    kind: Option<PieceKind>,
    from: Option<Square>,
    admit: &dyn Fn(IllegalMove) -> bool,
) -> Vec<Move> {
    let Some(kind) = kind else {
        return pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.to() == to && from.is_none_or(|f| m.from() == Some(f)))
            .collect();
    };
    let fits = |mv: Move| pos.is_legal(mv).map_or_else(admit, |()| true);
    let us = pos.side_to_move();
    let mut set = Vec::new();
    let mut origins = candidates(pos, us, kind, to);
    if let Some(f) = from {
        origins = if origins.contains(f) {
            Bitboard::EMPTY.with(f)
        } else {
            Bitboard::EMPTY
        };
    }
    for sq in origins {
        for promote in [false, true] {
            if let Ok(mv) = Move::try_normal(sq, to, promote)
                && fits(mv)
            {
                set.push(mv);
            }
        }
    }
    if from.is_none()
        && let Ok(mv) = Move::try_drop(kind, to)
        && fits(mv)
    {
        set.push(mv);
    }
    set
}

/// Why no legal move fits a pattern, as precisely as the pattern allows.
fn explain(pos: &Position, pat: &Pattern, to: Square) -> String {
    let us = pos.side_to_move();
    let because = |why: IllegalMove| format!("{why}");
    if pat.drop == Some(true) {
        return match pat.kind {
            Some(k) => match Move::try_drop(k, to) {
                Ok(mv) => match pos.is_legal(mv) {
                    Err(why) => {
                        format!("cannot drop a {} on {to}: {}", kind_name(k), because(why))
                    }
                    Ok(()) => format!("cannot drop a {} on {to}", kind_name(k)),
                },
                Err(_) => format!("a {} cannot be dropped", kind_name(k)),
            },
            None => format!("no drop on {to} is legal"),
        };
    }
    if let Some(from) = pat.from {
        return match pos.piece_at(from) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != us => format!("the piece on {from} is not yours"),
            Some(p) if pat.kind.is_some_and(|k| k != p.kind) => {
                format!("the piece on {from} is a {}", kind_name(p.kind))
            }
            // The text may name the destination as the origin too (`L1a-1a`, `１一香(11)`).
            Some(p) => match Move::try_normal(from, to, pat.promote.unwrap_or(false)) {
                Err(e) => format!("{} {from}: {e}", kind_name(p.kind)),
                Ok(mv) => match pos.is_legal(mv) {
                    Err(why) => format!("{} {from} to {to}: {}", kind_name(p.kind), because(why)),
                    Ok(()) => format!("{} {from} cannot move to {to} that way", kind_name(p.kind)),
                },
            },
        };
    }
    if let Some(k) = pat.kind {
        let cands = candidates(pos, us, k, to);
        // A candidate attacks `to`, so it does not stand there: `try_normal` cannot fail.
        if let Some(from) = cands.first()
            && let Ok(mv) = Move::try_normal(from, to, pat.promote.unwrap_or(false))
            && let Err(why) = pos.is_legal(mv)
        {
            return format!("{} {from} to {to}: {}", kind_name(k), because(why));
        }
        let drop_refused = match k.to_hand() {
            Some(p) if pat.drop.is_none() && pos.hand(us).has(p) => {
                pos.is_legal(Move::drop(p, to)).err()
            }
            _ => None,
        };
        if let Some(why) = drop_refused {
            return format!("cannot drop a {} on {to}: {}", kind_name(k), because(why));
        }
        return format!("no {} can move to {to}", kind_name(k));
    }
    format!("no legal move goes to {to}")
}

/// The kanji of a piece kind as KI2 and KIF write it.
pub(crate) fn piece_kanji(kind: PieceKind, color: Color, opts: &Options) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => match (opts.king, color) {
            (KingGlyph::Ou, _) | (KingGlyph::OuForWhite, Color::White) => "王",
            _ => "玉",
        },
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => match opts.dragon {
            DragonGlyph::Ryu => "龍",
            DragonGlyph::Simplified => "竜",
        },
    }
}

/// `７六`: full-width file digit and kanji rank.
pub(crate) fn push_square(out: &mut String, sq: Square) {
    out.push(WIDE_DIGITS[sq.file().index()]);
    out.push(KANJI_DIGITS[sq.rank().index()]);
}
