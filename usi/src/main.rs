//! `tokin`: with no arguments a USI shogi engine on standard input and output; with a
//! subcommand one of the command-line tools (`tokin --help` lists them).

use std::process::ExitCode;
use tokin_usi::cli::parse;

fn main() -> ExitCode {
    if let Some(code) = tokin_usi::wa_cmd::dispatch(&std::env::args_os().collect::<Vec<_>>()) {
        return code;
    }
    match parse(std::env::args_os()) {
        Ok(cli) => match cli.command {
            Some(command) => tokin_usi::cli::run(command),
            None => {
                tokin_usi::session::run_stdio();
                ExitCode::SUCCESS
            }
        },
        Err(code) => code,
    }
}
