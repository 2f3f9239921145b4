//! `tokin`: with no arguments a USI shogi engine on standard input and output; with a
//! subcommand one of the tools (`perft`, `bench`, `notate`, `annotate`, `convert`, `board`).

use clap::Parser;
use std::process::ExitCode;
use tokin_usi::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
}
