//! Game-ending rules that depend on more than the current board: repetition (千日手,
//! *sennichite*) with perpetual check (連続王手の千日手), and the entering-king declaration
//! (入玉宣言, *nyūgyoku sengen*) with its point rules and the try rule (トライルール).
//!
//! The search and the USI layer both judge games with these functions, so the engine never
//! plays on in a position the GUI has already scored, and never declares a win the GUI refuses.

mod declaration;
mod repetition;

pub use declaration::{
    Declaration, EnteringKingRule, ParseRuleError, declaration, declaration_points, try_move,
};
pub use repetition::{GameHistory, RepetitionVerdict};
