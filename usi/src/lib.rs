//! The `tokin` binary's library: the USI protocol (the session and what it reads), and the
//! command-line tools behind each subcommand (`cli`).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod bench;
pub mod cli;
pub mod command;
pub mod options;
mod search_thread;
pub mod session;
pub mod time;
pub mod wa_cmd;
