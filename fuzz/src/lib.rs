//! Fuzz targets: one function per reader of outside input, each taking raw bytes and checking
//! what the reader promises. A target returns normally on any input the reader accepts or
//! refuses; it panics only when a promise is broken (a reader that panics, a move read that is
//! not legal, a text written that does not read back).
//!
//! The same functions run two ways: under AFL++ (the `tokin-fuzz` binary, built with the `afl`
//! feature; see the README's reliability section for the commands), and as a plain test over
//! the seed corpus and every regression input in `fuzz/corpus/<target>/` (`cargo test`).

#![forbid(unsafe_code)]

mod moves;
mod network;
mod positions;
mod records;
mod usi_session;
mod wa;

use std::path::{Path, PathBuf};

/// A fuzz target: its name (the folder of its corpus) and the function that checks one input.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The name given to `TOKIN_FUZZ_TARGET`, and the folder under `fuzz/corpus/`.
    pub name: &'static str,
    /// Checks one input; panics when the reader breaks a promise.
    pub run: fn(&[u8]),
}

/// Every target.
pub const TARGETS: [Target; 14] = [
    Target {
        name: "sfen",
        run: positions::sfen,
    },
    Target {
        name: "start",
        run: positions::start,
    },
    Target {
        name: "moves",
        run: moves::moves,
    },
    Target {
        name: "kif",
        run: records::kif,
    },
    Target {
        name: "ki2",
        run: records::ki2,
    },
    Target {
        name: "csa",
        run: records::csa,
    },
    Target {
        name: "jkf",
        run: records::jkf,
    },
    Target {
        name: "psn",
        run: records::psn,
    },
    Target {
        name: "email",
        run: records::email,
    },
    Target {
        name: "usi_record",
        run: records::usi,
    },
    Target {
        name: "usi",
        run: usi_session::session,
    },
    Target {
        name: "nnue",
        run: network::network,
    },
    Target {
        name: "wa_position",
        run: wa::position,
    },
    Target {
        name: "wa_record",
        run: wa::record,
    },
];

/// The target called `name`.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().copied().find(|t| t.name == name)
}

/// The seed corpus and regression inputs of `target`: every file in `fuzz/corpus/<target>/`.
pub fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
