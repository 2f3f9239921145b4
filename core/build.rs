//! Copies the library example from the workspace README into the crate documentation, so
//! that the README's example is the one `cargo test --doc` runs rather than a hand copy.

use std::path::Path;
use std::{env, fs};

const BEGIN: &str = "<!-- library example: begin -->";
const END: &str = "<!-- library example: end -->";

fn main() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    println!("cargo:rerun-if-changed={}", readme.display());
    let text = fs::read_to_string(&readme).unwrap_or_default();
    // Outside the workspace (a packaged crate) there is no README to copy from: the crate
    // documentation then simply has no example section.
    let example = match (text.find(BEGIN), text.find(END)) {
        (Some(b), Some(e)) if b < e => &text[b + BEGIN.len()..e],
        _ => "",
    };
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("example.md");
    fs::write(out, example.trim()).expect("OUT_DIR is writable");
}
