//! The `tokin` binary's library: the command line and the tools behind each subcommand.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod annotate_cmd;
pub mod bench;
pub mod board_cmd;
pub mod cli;
pub mod command;
pub mod convert_cmd;
pub mod eval_cmd;
pub mod files;
pub mod gensfen_cmd;
pub mod mate_cmd;
pub mod notate_cmd;
pub mod numbers;
pub mod options;
pub mod perft_cmd;
mod search_thread;
pub mod session;
pub mod time;
pub mod train_cmd;
pub mod wa_cmd;
