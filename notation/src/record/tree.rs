//! Building a record from formats that list variations after the main line (KIF and KI2's
//! `変化：N手`), and writing them back in the order those readers expect.
//!
//! Reading keeps the moves in an arena where each node knows its parent; `変化：N手` goes
//! back along the path of the line read last to move N−1 and starts a new branch there, which
//! is how the Kakinoki programs read them. Writing therefore lists a line's variations from
//! its last branch point to its first, each followed by its own variations.

use super::model::Clock;
use super::{Ending, Line, MoveTime, Node, Record, RecordErrorKind};
use std::time::Duration;
use tokin_core::{Move, Position, Square};

/// How deeply the readers let variations nest (a variation of a variation is at depth 2);
/// a KIF, KI2 or PSN file that nests them deeper is an error.
///
/// Records, their readers, writers and walkers go through variations by recursion, a few
/// stack frames per level; without a limit a crafted file (tens of thousands of nested
/// variations, a few hundred kilobytes) overflows the stack and aborts the process. Real
/// records nest a few levels; this many fits a 2 MiB thread stack with room to spare. (JKF
/// cannot get here: its JSON reader refuses nesting deeper than 128 values, which is about
/// 40 levels of `forks`.)
pub const MAX_VARIATION_DEPTH: usize = 100;

pub(crate) struct TreeNode {
    mv: Option<Move>,
    /// Boxed: a line has one ending and many moves, and every node is copied as the arena
    /// grows.
    end: Option<Box<Ending>>,
    pub(crate) time: Option<MoveTime>,
    pub(crate) comments: Vec<String>,
    pub(crate) bookmark: Option<String>,
    parent: usize,
    /// The first and last children and the next sibling, 0 for none (the root, node 0, is no
    /// one's child): a list through the arena rather than a vector of children in every
    /// node, which cost an allocation a move.
    first_child: usize,
    last_child: usize,
    next_sibling: usize,
    /// Moves from the start to here (0 at the root; an ending counts as one more).
    ply: usize,
    /// How deeply the line holding this node is nested: 0 for the main line (a first child
    /// continues its parent's line, a later one starts a variation one level deeper).
    depth: usize,
    clock: Clock,
}

/// Where a variation began, to drop it again ([`Tree::mark`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BranchMark {
    from: usize,
    first_new: usize,
}

/// The arena, with the reading cursor (the node read last) and its position.
///
/// Every index into `nodes` (`cur`, a `parent`, a child) is the id of a node already pushed,
/// and nodes are never removed, so the indexing below cannot fail.
pub(crate) struct Tree {
    nodes: Vec<TreeNode>,
    cur: usize,
    start: Position,
    pos: Position,
}

impl Tree {
    /// A tree of the start alone, with room for the moves of a text of `text_len` bytes: a
    /// KIF move line is some 40 bytes (a KI2 move takes fewer, and the arena grows then),
    /// and growing copies every node read so far. The bound keeps a long text of something
    /// else from reserving more than a long game needs.
    pub(crate) fn new(start: Position, text_len: usize) -> Tree {
        let mut nodes = Vec::with_capacity((text_len / 40).clamp(1, 512));
        nodes.push(TreeNode {
            mv: None,
            end: None,
            time: None,
            comments: Vec::new(),
            bookmark: None,
            parent: 0,
            first_child: 0,
            last_child: 0,
            next_sibling: 0,
            ply: 0,
            depth: 0,
            clock: Clock::default(),
        });
        Tree {
            nodes,
            cur: 0,
            pos: start.clone(),
            start,
        }
    }

    /// The position after the node read last.
    pub(crate) fn position(&self) -> &Position {
        &self.pos
    }

    /// The number the next move must have.
    pub(crate) fn next_ply(&self) -> usize {
        self.nodes[self.cur].ply + 1
    }

    /// Whether the line read last has ended.
    pub(crate) fn ended(&self) -> bool {
        self.nodes[self.cur].end.is_some()
    }

    /// The destination of the node read last (for 同).
    pub(crate) fn last_to(&self) -> Option<Square> {
        self.nodes[self.cur].mv.map(Move::to)
    }

    fn push(&mut self, mv: Option<Move>, end: Option<Box<Ending>>) {
        let parent = self.cur;
        let ply = self.nodes[parent].ply + 1;
        let depth = self.child_depth(parent);
        let clock = self.nodes[parent].clock;
        self.nodes.push(TreeNode {
            mv,
            end,
            time: None,
            comments: Vec::new(),
            bookmark: None,
            parent,
            first_child: 0,
            last_child: 0,
            next_sibling: 0,
            ply,
            depth,
            clock,
        });
        let id = self.nodes.len() - 1;
        match self.nodes[parent].last_child {
            0 => self.nodes[parent].first_child = id,
            last => self.nodes[last].next_sibling = id,
        }
        self.nodes[parent].last_child = id;
        self.cur = id;
    }

    /// The nesting depth of a new child of `parent`: its line's, or one more when it has a
    /// child already (the new one is then a variation).
    fn child_depth(&self, parent: usize) -> usize {
        let p = &self.nodes[parent];
        p.depth + usize::from(p.first_child != 0)
    }

    /// The children of node `id`, in the order they were read.
    fn children(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.nodes[id].first_child;
        std::iter::successors((first != 0).then_some(first), |&c| {
            let next = self.nodes[c].next_sibling;
            (next != 0).then_some(next)
        })
    }

    /// Appends a legal move.
    pub(crate) fn play(&mut self, mv: Move) {
        self.push(Some(mv), None);
        self.pos.play_unchecked(mv);
    }

    /// Plays `mv`, or follows the move already read at this point when it is the same: a
    /// variation that repeats the move it branches from (some writers start every variation
    /// with the move of the line it leaves) adds nothing of its own.
    pub(crate) fn play_or_follow(&mut self, mv: Move) {
        let same = self
            .children(self.cur)
            .find(|&c| self.nodes[c].mv == Some(mv));
        match same {
            Some(c) => {
                self.cur = c;
                self.pos.play_unchecked(mv);
            }
            None => self.play(mv),
        }
    }

    /// The number of the ending that closes the line read last, if it has one.
    pub(crate) fn ending_ply(&self) -> Option<usize> {
        let node = &self.nodes[self.cur];
        node.end.as_ref().map(|_| node.ply)
    }

    /// Ends the current line.
    pub(crate) fn end(&mut self, ending: Ending) {
        self.push(None, Some(Box::new(ending)));
    }

    /// Sets the time of the node read last; `total` is dropped when it is the running sum.
    pub(crate) fn set_time(&mut self, spent: Duration, total: Option<Duration>) {
        let mover = if self.nodes[self.cur].end.is_some() {
            self.pos.side_to_move()
        } else {
            !self.pos.side_to_move()
        };
        let parent = self.nodes[self.cur].parent;
        let mut clock = self.nodes[parent].clock;
        let t = clock.read(mover, spent, total);
        let node = &mut self.nodes[self.cur];
        node.clock = clock;
        if let Some(end) = node.end.as_mut() {
            end.time = Some(t);
        } else {
            node.time = Some(t);
        }
    }

    /// Adds a comment to the node read last (the start, a move or an ending).
    pub(crate) fn comment(&mut self, text: String) {
        let node = &mut self.nodes[self.cur];
        match node.end.as_mut() {
            Some(end) => end.comments.push(text),
            None => node.comments.push(text),
        }
    }

    /// Sets the bookmark of the node read last.
    pub(crate) fn bookmark(&mut self, name: String) {
        self.nodes[self.cur].bookmark = Some(name);
    }

    /// `変化：N手`: goes back along the current path to move `n - 1`.
    ///
    /// # Errors
    /// When the current path has no move `n - 1`.
    pub(crate) fn branch(&mut self, n: usize) -> Result<(), RecordErrorKind> {
        if n == 0 {
            return Err(RecordErrorKind::syntax(
                "a variation starts at move 1 or later",
            ));
        }
        // `n >= 1` (checked above); the walk stops at the root at the latest (ply 0).
        let mut x = self.cur;
        while self.nodes[x].ply > n - 1 {
            x = self.nodes[x].parent;
        }
        if self.nodes[x].ply != n - 1 || self.nodes[x].end.is_some() {
            return Err(RecordErrorKind::NoBranchPoint { after: n - 1 });
        }
        self.branch_at(x)
    }

    /// As [`Tree::branch`], and when the line read last has no move `n - 1`, branches from
    /// the main line instead: some writers list variations in the order they were added
    /// rather than from the last branch point to the first. Says whether it fell back.
    ///
    /// # Errors
    /// When neither the line read last nor the main line has a move `n - 1`.
    pub(crate) fn branch_or_main(&mut self, n: usize) -> Result<bool, RecordErrorKind> {
        match self.branch(n) {
            Ok(()) => Ok(false),
            Err(RecordErrorKind::NoBranchPoint { after }) => {
                // Along the first children from the root: the main line read so far.
                let mut x = 0;
                while self.nodes[x].ply < after {
                    match self.nodes[x].first_child {
                        c if c != 0 && self.nodes[c].end.is_none() => x = c,
                        _ => return Err(RecordErrorKind::NoBranchPoint { after }),
                    }
                }
                self.branch_at(x)?;
                Ok(true)
            }
            Err(e) => Err(e),
        }
    }

    /// Where a variation begins: the node it branches from and the first node it may add.
    /// Taken right after [`Tree::branch_or_main`], for [`Tree::drop_since`].
    pub(crate) fn mark(&self) -> BranchMark {
        BranchMark {
            from: self.cur,
            first_new: self.nodes.len(),
        }
    }

    /// Drops every node read since `mark` (a broken variation) and goes back to the node it
    /// branched from, so that the next `変化` line branches as if it had never been read.
    pub(crate) fn drop_since(&mut self, mark: BranchMark) {
        for id in mark.first_new..self.nodes.len() {
            let parent = self.nodes[id].parent;
            if parent < mark.first_new {
                self.unlink(parent, id);
            }
        }
        self.nodes.truncate(mark.first_new);
        // The node it branched from was read before the mark, so it stays.
        let _ = self.branch_at(mark.from);
    }

    /// Takes child `id` out of `parent`'s list of children.
    fn unlink(&mut self, parent: usize, id: usize) {
        let next = self.nodes[id].next_sibling;
        let mut prev = 0;
        let mut c = self.nodes[parent].first_child;
        while c != id && c != 0 {
            prev = c;
            c = self.nodes[c].next_sibling;
        }
        if prev == 0 {
            self.nodes[parent].first_child = next;
        } else {
            self.nodes[prev].next_sibling = next;
        }
        if self.nodes[parent].last_child == id {
            self.nodes[parent].last_child = prev;
        }
    }

    /// Moves the cursor to node `x`, replaying the position there.
    fn branch_at(&mut self, x: usize) -> Result<(), RecordErrorKind> {
        // Only a branch makes a line deeper than its parent's, so this one check bounds them.
        if self.child_depth(x) > MAX_VARIATION_DEPTH {
            return Err(RecordErrorKind::Syntax {
                reason: format!("variations nest more than {MAX_VARIATION_DEPTH} levels deep")
                    .into(),
            });
        }
        let mut path = Vec::new();
        let mut y = x;
        while y != 0 {
            if let Some(mv) = self.nodes[y].mv {
                path.push(mv);
            }
            y = self.nodes[y].parent;
        }
        let mut pos = self.start.clone();
        for mv in path.into_iter().rev() {
            pos.play_unchecked(mv);
        }
        self.pos = pos;
        self.cur = x;
        Ok(())
    }

    /// Moves the comments on the start into the record and builds its lines.
    pub(crate) fn finish(mut self, record: &mut Record) {
        record.comments.append(&mut self.nodes[0].comments);
        record.main = self.line_after(0);
    }

    fn line_after(&mut self, parent: usize) -> Line {
        let mut line = Line::default();
        // The line's length first, for one allocation of its moves.
        let mut len = 0;
        let mut x = self.nodes[parent].first_child;
        while x != 0 && self.nodes[x].mv.is_some() {
            len += 1;
            x = self.nodes[x].first_child;
        }
        line.moves.reserve_exact(len);
        let mut p = parent;
        loop {
            let first = self.nodes[p].first_child;
            if first == 0 {
                break;
            }
            let mut variations: Vec<Line> = Vec::new();
            let mut k = self.nodes[first].next_sibling;
            while k != 0 {
                variations.push(self.line_from(k));
                k = self.nodes[k].next_sibling;
            }
            if let Some(mut end) = self.nodes[first].end.take() {
                end.variations = variations;
                line.end = Some(*end);
                break;
            }
            let Some(mut node) = self.node(first) else {
                break;
            };
            node.variations = variations;
            line.moves.push(node);
            p = first;
        }
        line
    }

    /// The model node of a move node; `None` for the root, the one node without a move
    /// or an ending ([`Tree::line_after`] and [`Tree::line_from`] take endings out first).
    fn node(&mut self, id: usize) -> Option<Node> {
        let n = &mut self.nodes[id];
        Some(Node {
            mv: n.mv?,
            time: n.time,
            comments: std::mem::take(&mut n.comments),
            bookmark: n.bookmark.take(),
            variations: Vec::new(),
        })
    }

    fn line_from(&mut self, first: usize) -> Line {
        if let Some(end) = self.nodes[first].end.take() {
            return Line {
                moves: Vec::new(),
                end: Some(*end),
            };
        }
        let Some(node) = self.node(first) else {
            return Line::default();
        };
        let mut rest = self.line_after(first);
        rest.moves.insert(0, node);
        rest
    }
}

/// A branch point met while writing a line: the move number, the position before it, the
/// previous destination, the clock before it, and the alternative lines.
pub(crate) struct Branch<'a> {
    pub(crate) ply: usize,
    pub(crate) pos: Position,
    pub(crate) last_to: Option<Square>,
    pub(crate) clock: Clock,
    pub(crate) lines: &'a [Line],
}

/// One step of [`walk_line`].
pub(crate) enum Step<'a> {
    /// A move: the position before it, the previous destination, the node, its number, and
    /// the mover's total time after it (when the node has a time).
    Move(
        &'a Position,
        Option<Square>,
        &'a Node,
        usize,
        Option<Duration>,
    ),
    /// The ending: the position at the end, the ending, its number, and the total time.
    End(&'a Position, &'a Ending, usize, Option<Duration>),
}

/// Walks a line for a writer, calling `f` for every move and the ending, and returns the
/// branch points in the order they must be written (last first).
pub(crate) fn walk_line<'a>(
    line: &'a Line,
    mut pos: Position,
    first_ply: usize,
    mut last_to: Option<Square>,
    mut clock: Clock,
    mut f: impl FnMut(Step<'_>),
) -> Vec<Branch<'a>> {
    let mut branches = Vec::new();
    for (i, node) in line.moves.iter().enumerate() {
        let ply = first_ply + i;
        if !node.variations.is_empty() {
            branches.push(Branch {
                ply,
                pos: pos.clone(),
                last_to,
                clock,
                lines: &node.variations,
            });
        }
        let total = node
            .time
            .map(|t| clock.advance_whole_seconds(pos.side_to_move(), &t));
        f(Step::Move(&pos, last_to, node, ply, total));
        last_to = Some(node.mv.to());
        pos.play_unchecked(node.mv);
    }
    if let Some(end) = &line.end {
        let ply = first_ply + line.moves.len();
        if !end.variations.is_empty() {
            branches.push(Branch {
                ply,
                pos: pos.clone(),
                last_to,
                clock,
                lines: &end.variations,
            });
        }
        let total = end
            .time
            .map(|t| clock.advance_whole_seconds(pos.side_to_move(), &t));
        f(Step::End(&pos, end, ply, total));
    }
    branches.reverse();
    branches
}
