//! The AFL++ entry point: runs the target named by `TOKIN_FUZZ_TARGET` on each input.

fn main() {
    let name = std::env::var("TOKIN_FUZZ_TARGET").unwrap_or_default();
    let Some(target) = tokin_fuzz::target(&name) else {
        let names: Vec<&str> = tokin_fuzz::TARGETS.iter().map(|t| t.name).collect();
        eprintln!("set TOKIN_FUZZ_TARGET to one of: {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| (target.run)(data));
}
