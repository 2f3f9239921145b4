//! `tokin`: with no arguments a USI shogi engine on standard input and output; with a
//! subcommand one of the tools (`perft`, `bench`, `notate`, `annotate`, `convert`, `board`).

use std::process::ExitCode;
use tokin_usi::cli::{parse, run};

fn main() -> ExitCode {
    if let Some(code) = tokin_usi::wa_cmd::dispatch(&std::env::args_os().collect::<Vec<_>>()) {
        return code;
    }
    match parse(std::env::args_os()) {
        Ok(cli) => run(cli),
        Err(code) => code,
    }
}
