//! The game record model: plain data shared by every file format.
//!
//! A [`Record`] is a start position, header facts, comments on the start, and a main [`Line`]
//! of [`Node`]s. Each node holds one move with its time and comments, and the alternative
//! lines (変化, *henka*) that replace that move. A line may end with an [`Ending`] (投了,
//! 千日手, ...). Moves are engine [`Move`]s; the positions are not stored, they are replayed
//! from the start with [`Record::walk`], so the tree cannot disagree with itself.

use std::time::Duration;
use tokin_core::{Color, Handicap, Move, Position, Strictness};

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A standard start: the even game (平手) or a named handicap (駒落ち).
    Handicap(Handicap),
    /// Any other position, as set up by a diagram or an SFEN.
    Position(Box<Position>),
}

impl Default for Start {
    fn default() -> Start {
        Start::Handicap(Handicap::Even)
    }
}

impl Start {
    /// The start for `pos`: a named handicap when the position is one, otherwise the position.
    ///
    /// # Examples
    /// ```
    /// use tokin_core::{Handicap, Position};
    /// use tokin_notation::record::Start;
    ///
    /// let pos = Position::from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
    /// assert_eq!(Start::from_position(&pos), Start::Handicap(Handicap::TwoPieces));
    /// ```
    /// Readers use this so a handicap read from a diagram equals the same handicap read by name.
    /// The move number of `pos` is not kept (records number their moves from 1).
    pub fn from_position(pos: &Position) -> Start {
        let mut setup = pos.to_setup();
        setup.move_number = 1;
        for h in Handicap::ALL {
            if h.position().to_setup() == setup {
                return Start::Handicap(h);
            }
        }
        // `pos` already passed the caller's strictness; only its move number changes, and
        // the most relaxed level accepts every position that exists, so this rebuilds it
        // with move 1 without judging it again.
        match Strictness::Relaxed.validate(&setup) {
            Ok(p) => Start::Position(Box::new(p)),
            Err(_) => Start::Position(Box::new(pos.clone())),
        }
    }

    /// The position the game starts from.
    pub fn position(&self) -> Position {
        match self {
            Start::Handicap(h) => h.position(),
            Start::Position(p) => (**p).clone(),
        }
    }

    /// The handicap, when the start is a named one.
    pub fn handicap(&self) -> Option<Handicap> {
        match self {
            Start::Handicap(h) => Some(*h),
            Start::Position(_) => None,
        }
    }
}

/// A header fact's key. The common ones are named so every format can map them; anything
/// else keeps the key as the file spelled it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeaderKey {
    /// Black's player (先手 / 下手; CSA `N+`).
    Black,
    /// White's player (後手 / 上手; CSA `N-`).
    White,
    /// The event or tournament (棋戦; CSA `$EVENT`).
    Event,
    /// Where the game was played (場所; CSA `$SITE`).
    Site,
    /// When the game started (開始日時; CSA `$START_TIME`).
    StartTime,
    /// When the game ended (終了日時; CSA `$END_TIME`).
    EndTime,
    /// The time control (持ち時間; CSA `$TIME_LIMIT`).
    TimeControl,
    /// The opening (戦型; CSA `$OPENING`).
    Opening,
    /// Any other key, spelled as in the file it came from.
    Other(String),
}

impl HeaderKey {
    /// The KIF/JKF (Japanese) key. In handicap games Black is 下手 and White 上手;
    /// `handicap` chooses those spellings.
    pub fn japanese(&self, handicap: bool) -> &str {
        match self {
            HeaderKey::Black if handicap => "下手",
            HeaderKey::White if handicap => "上手",
            HeaderKey::Black => "先手",
            HeaderKey::White => "後手",
            HeaderKey::Event => "棋戦",
            HeaderKey::Site => "場所",
            HeaderKey::StartTime => "開始日時",
            HeaderKey::EndTime => "終了日時",
            HeaderKey::TimeControl => "持ち時間",
            HeaderKey::Opening => "戦型",
            HeaderKey::Other(k) => k,
        }
    }

    /// The key for a KIF/JKF (Japanese) key; unknown keys become [`HeaderKey::Other`].
    pub fn from_japanese(key: &str) -> HeaderKey {
        match key {
            "先手" | "下手" => HeaderKey::Black,
            "後手" | "上手" => HeaderKey::White,
            "棋戦" => HeaderKey::Event,
            "場所" => HeaderKey::Site,
            "開始日時" => HeaderKey::StartTime,
            "終了日時" => HeaderKey::EndTime,
            "持ち時間" => HeaderKey::TimeControl,
            "戦型" => HeaderKey::Opening,
            other => HeaderKey::Other(other.to_string()),
        }
    }
}

/// Running totals of time used per side, to tell stated totals from computed ones.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Clock(pub(crate) [Duration; 2]);

// The sums saturate at `Duration::MAX` (about 585 billion years) instead of panicking: a
// file can state any time (JKF minutes and seconds are whole JSON numbers), and two huge ones
// would overflow a plain `+`. No real clock gets near the limit, and there a sum decides only
// whether a stated total is the running sum.
impl Clock {
    /// Adds `time` for `side` and returns the total to write (the stated one, if any).
    pub(crate) fn advance(&mut self, side: Color, time: &MoveTime) -> Duration {
        let sum = self.0[side.index()].saturating_add(time.spent);
        let total = time.total.unwrap_or(sum);
        self.0[side.index()] = total;
        total
    }

    /// As [`Clock::advance`] with `time.spent` cut to whole seconds, for formats that
    /// write whole seconds only (so the totals they write add up when read back).
    pub(crate) fn advance_whole_seconds(&mut self, side: Color, time: &MoveTime) -> Duration {
        let whole = MoveTime {
            spent: Duration::from_secs(time.spent.as_secs()),
            total: time.total,
        };
        self.advance(side, &whole)
    }

    /// Adds a time read from a file; returns it with `total` dropped when it is the sum.
    pub(crate) fn read(
        &mut self,
        side: Color,
        spent: Duration,
        total: Option<Duration>,
    ) -> MoveTime {
        let sum = self.0[side.index()].saturating_add(spent);
        let total = total.filter(|t| *t != sum);
        self.0[side.index()] = total.unwrap_or(sum);
        MoveTime { spent, total }
    }
}

/// Time spent on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveTime {
    /// Time spent on this move.
    pub spent: Duration,
    /// The mover's total time used so far, when the file states one that is not simply the sum
    /// of the mover's `spent` times (readers drop totals that are).
    pub total: Option<Duration>,
}

/// How a line ends (終局, *shūkyoku*). Who wins follows from the side to move at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndKind {
    /// The side to move resigns (投了; CSA `%TORYO`).
    Resign,
    /// The game was interrupted (中断; `%CHUDAN`).
    Interrupt,
    /// Fourfold repetition (千日手, *sennichite*; `%SENNICHITE`).
    Repetition,
    /// Impasse (持将棋, *jishōgi*; `%JISHOGI`).
    Impasse,
    /// The side to move declares an entering-king win (入玉勝ち; `%KACHI`).
    EnteringKingWin,
    /// A draw (引き分け; `%HIKIWAKE`).
    Draw,
    /// The side to move is mated (詰み; `%TSUMI`).
    Mate,
    /// No mate exists (不詰; `%FUZUMI`).
    NoMate,
    /// The side to move lost on time (切れ負け; `%TIME_UP`).
    TimeUp,
    /// The side to move wins because the other side broke a rule (反則勝ち; `%±ILLEGAL_ACTION`).
    IllegalWin,
    /// The side to move loses by an illegal move or action (反則負け; `%ILLEGAL_MOVE`).
    IllegalLoss,
    /// The move limit was reached (最大手数; `%MAX_MOVES`).
    MaxMoves,
    /// The last move was taken back (待った; `%MATTA`).
    TakeBack,
    /// The game ended by an error (`%ERROR`).
    Error,
    /// The side to move wins by default (不戦勝).
    ForfeitWin,
    /// The side to move loses by default (不戦敗).
    ForfeitLoss,
    /// The game was adjourned with a sealed move (封じ手).
    SealedMove,
}

impl EndKind {
    /// Every ending.
    pub const ALL: [EndKind; 17] = [
        EndKind::Resign,
        EndKind::Interrupt,
        EndKind::Repetition,
        EndKind::Impasse,
        EndKind::EnteringKingWin,
        EndKind::Draw,
        EndKind::Mate,
        EndKind::NoMate,
        EndKind::TimeUp,
        EndKind::IllegalWin,
        EndKind::IllegalLoss,
        EndKind::MaxMoves,
        EndKind::TakeBack,
        EndKind::Error,
        EndKind::ForfeitWin,
        EndKind::ForfeitLoss,
        EndKind::SealedMove,
    ];

    /// The word KIF and KI2 write for this ending.
    pub fn japanese(self) -> &'static str {
        match self {
            EndKind::Resign => "投了",
            EndKind::Interrupt => "中断",
            EndKind::Repetition => "千日手",
            EndKind::Impasse => "持将棋",
            EndKind::EnteringKingWin => "入玉勝ち",
            EndKind::Draw => "引き分け",
            EndKind::Mate => "詰み",
            EndKind::NoMate => "不詰",
            EndKind::TimeUp => "切れ負け",
            EndKind::IllegalWin => "反則勝ち",
            EndKind::IllegalLoss => "反則負け",
            EndKind::MaxMoves => "最大手数",
            EndKind::TakeBack => "待った",
            EndKind::Error => "エラー",
            EndKind::ForfeitWin => "不戦勝",
            EndKind::ForfeitLoss => "不戦敗",
            EndKind::SealedMove => "封じ手",
        }
    }

    /// The ending for a KIF/KI2 word (also accepting the spellings 詰 and 時間切れ).
    pub fn from_japanese(word: &str) -> Option<EndKind> {
        match word {
            "詰" => return Some(EndKind::Mate),
            "時間切れ" => return Some(EndKind::TimeUp),
            "引分け" => return Some(EndKind::Draw),
            _ => {}
        }
        EndKind::ALL.into_iter().find(|e| e.japanese() == word)
    }

    /// The CSA/JKF special-move name without `%`, given the side to move; `None` where CSA
    /// has none.
    pub fn csa(self, side_to_move: Color) -> Option<&'static str> {
        Some(match self {
            EndKind::Resign => "TORYO",
            EndKind::Interrupt => "CHUDAN",
            EndKind::Repetition => "SENNICHITE",
            EndKind::Impasse => "JISHOGI",
            EndKind::EnteringKingWin => "KACHI",
            EndKind::Draw => "HIKIWAKE",
            EndKind::Mate => "TSUMI",
            EndKind::NoMate => "FUZUMI",
            EndKind::TimeUp => "TIME_UP",
            EndKind::IllegalWin => match side_to_move {
                Color::Black => "-ILLEGAL_ACTION",
                Color::White => "+ILLEGAL_ACTION",
            },
            EndKind::IllegalLoss => "ILLEGAL_MOVE",
            EndKind::MaxMoves => "MAX_MOVES",
            EndKind::TakeBack => "MATTA",
            EndKind::Error => "ERROR",
            EndKind::ForfeitWin | EndKind::ForfeitLoss | EndKind::SealedMove => return None,
        })
    }

    /// The ending for a CSA/JKF special-move name (without `%`), given the side to move.
    pub fn from_csa(name: &str, side_to_move: Color) -> Option<EndKind> {
        let illegal_by = |c: Color| {
            if c == side_to_move {
                EndKind::IllegalLoss
            } else {
                EndKind::IllegalWin
            }
        };
        Some(match name {
            "TORYO" => EndKind::Resign,
            "CHUDAN" => EndKind::Interrupt,
            "SENNICHITE" => EndKind::Repetition,
            "JISHOGI" => EndKind::Impasse,
            "KACHI" => EndKind::EnteringKingWin,
            "HIKIWAKE" => EndKind::Draw,
            "TSUMI" => EndKind::Mate,
            "FUZUMI" => EndKind::NoMate,
            "TIME_UP" => EndKind::TimeUp,
            "ILLEGAL_MOVE" => EndKind::IllegalLoss,
            "+ILLEGAL_ACTION" => illegal_by(Color::Black),
            "-ILLEGAL_ACTION" => illegal_by(Color::White),
            "MAX_MOVES" => EndKind::MaxMoves,
            "MATTA" => EndKind::TakeBack,
            "ERROR" => EndKind::Error,
            _ => return None,
        })
    }
}

/// The end of a line, with the time the last player took and comments on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// What happened.
    pub kind: EndKind,
    /// Time spent before the ending (the resigning player's thinking time, say).
    pub time: Option<MoveTime>,
    /// Comments written after the ending.
    pub comments: Vec<String>,
    /// Alternative lines that replace the ending (a move instead of resigning, say).
    pub variations: Vec<Line>,
}

impl Ending {
    /// An ending with no time and no comments.
    pub fn new(kind: EndKind) -> Ending {
        Ending {
            kind,
            time: None,
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// One move of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move (legal in the position the line reaches).
    pub mv: Move,
    /// Time spent on it.
    pub time: Option<MoveTime>,
    /// Comments on the move (KIF `*`, CSA `'*`, JKF `comments`).
    pub comments: Vec<String>,
    /// A bookmark name (KIF `&`).
    pub bookmark: Option<String>,
    /// Alternative lines that replace this move: each starts in the same position as `mv`.
    ///
    /// The first move of a variation keeps no variations of its own: alternatives to it are
    /// alternatives to this move too, and are listed here (the form every reader produces).
    pub variations: Vec<Line>,
}

impl Node {
    /// A node with just a move.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            time: None,
            comments: Vec::new(),
            bookmark: None,
            variations: Vec::new(),
        }
    }
}

/// A sequence of moves, possibly with an ending.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Line {
    /// The moves in order.
    pub moves: Vec<Node>,
    /// How the line ends, when it says.
    pub end: Option<Ending>,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Header facts in file order.
    pub header: Vec<(HeaderKey, String)>,
    /// The start position.
    pub start: Start,
    /// Comments on the game or its start position (before the first move).
    pub comments: Vec<String>,
    /// The game as played (本譜, *honpu*) with its variations.
    pub main: Line,
    /// Moves played before the start: a record taken from move 41 of a game has 40 here,
    /// numbers its first move 41, and KIF writes it so; KI2, which numbers no moves, counts
    /// them in the `まで` line of a main line that ends (`まで47手` after 7 moves), and reads
    /// the number back from it. 0 for a record of a whole game.
    pub moves_before: usize,
}

/// One step of [`Record::walk`]: a node, the position before its move, and its place.
pub struct Visit<'a> {
    /// The node.
    pub node: &'a Node,
    /// The position before `node.mv`.
    pub before: &'a Position,
    /// The move's number in the game (1 for the first move).
    pub ply: usize,
    /// How many variations deep the node is (0 on the main line).
    pub depth: usize,
}

impl Record {
    /// A record of an even game with no moves.
    pub fn new() -> Record {
        Record::default()
    }

    /// A record starting from `start`.
    pub fn with_start(start: Start) -> Record {
        Record {
            start,
            ..Record::default()
        }
    }

    /// The first value of a header key.
    pub fn header_value(&self, key: &HeaderKey) -> Option<&str> {
        self.header
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The main-line moves.
    pub fn main_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.main.moves.iter().map(|n| n.mv)
    }

    /// The position after the main line.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.position();
        for mv in self.main_moves() {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// Visits every node, depth first: each node, then its variations, then the next node.
    ///
    /// # Examples
    /// ```
    /// use tokin_notation::record::{self, Format, ReadOptions};
    ///
    /// let text = "[Sente \"A\"]\n\n1. P-7f P-3d (1... P-8d 2. P-2f) 2. P-2f *\n";
    /// let game = &record::parse(text, Format::Psn, ReadOptions::default()).unwrap().records[0];
    /// let mut seen = Vec::new();
    /// game.walk(|v| seen.push(format!("{}:{}:{}", v.ply, v.depth, v.node.mv)));
    /// assert_eq!(seen, ["1:0:7g7f", "2:0:3c3d", "2:1:8c8d", "3:1:2g2f", "3:0:2g2f"]);
    /// ```
    pub fn walk(&self, mut visit: impl FnMut(Visit<'_>)) {
        fn walk_line(
            line: &Line,
            pos: &Position,
            ply: usize,
            depth: usize,
            visit: &mut dyn FnMut(Visit<'_>),
        ) {
            let mut pos = pos.clone();
            for (i, node) in line.moves.iter().enumerate() {
                visit(Visit {
                    node,
                    before: &pos,
                    ply: ply + i,
                    depth,
                });
                for var in &node.variations {
                    walk_line(var, &pos, ply + i, depth + 1, visit);
                }
                pos.play_unchecked(node.mv);
            }
            if let Some(end) = &line.end {
                for var in &end.variations {
                    walk_line(var, &pos, ply + line.moves.len(), depth + 1, visit);
                }
            }
        }
        walk_line(&self.main, &self.start.position(), 1, 0, &mut visit);
    }

    /// How many moves the record holds, variations included.
    pub fn node_count(&self) -> usize {
        let mut n = 0;
        self.walk(|_| n += 1);
        n
    }

    /// Whether any move has variations.
    pub fn has_variations(&self) -> bool {
        self.main.moves.iter().any(|n| !n.variations.is_empty())
            || self
                .main
                .end
                .as_ref()
                .is_some_and(|e| !e.variations.is_empty())
    }
}
