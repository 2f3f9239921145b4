//! The network built into the binary: `engine/nets/kp-5.nnue`, a `kp_256x2-32-32` file.
//! Generation 3 was trained by `tokin train --mirror` on 6.8 million positions of `tokin
//! gensfen` games (3.4 million of the handcrafted evaluation's, 1.8 million of generation
//! 1f's and 1.6 million of generation 2's); generation 4 went on from it (`--init`) on
//! 0.5 million positions of generation 3's games, and generation 5 from generation 4 on
//! 0.8 million of generation 4's, each at a fraction of the learning rate
//! (`docs/strength.md`, "Learned evaluation", with the commands).
//!
//! K-P rather than HalfKP: its file is 0.9 MB (a HalfKP file is 64 MB), and on the data
//! this project can make, HalfKP learned new games less well (same document).

use super::nnue::Network;
use std::sync::{Arc, OnceLock};

/// The file's bytes, as `tokin train` wrote them.
const BYTES: &[u8] = include_bytes!("../../nets/kp-5.nnue");

/// The built-in network, read from the binary once.
///
/// # Panics
/// Never in practice: the bytes are fixed at build time, and a test reads them.
pub fn builtin_network() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    Arc::clone(NET.get_or_init(|| {
        Arc::new(Network::from_bytes(BYTES).expect("the built-in network is a valid file"))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokin_core::Position;

    /// The shipped file reads, and evaluates a fixed list of positions as it did when it was
    /// shipped: a changed file, feature numbering or integer kernel shows here.
    #[test]
    fn the_builtin_network_evaluates_as_shipped() {
        let net = builtin_network();
        assert_eq!(net.architecture().to_string(), "kp_256x2-32-32");
        let cases = [
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                PIN[0],
            ),
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
                PIN[1],
            ),
            (
                "ln1g1g1nl/1r1sk2b1/pppppsppp/9/2P3P2/9/PP1PPP1PP/1B1S1S1R1/LN1GKG1NL b - 13",
                PIN[2],
            ),
            (
                "lnsgk2nl/6g2/ppppppsp1/9/7Bp/9/PPPPPPP1P/7R1/LNSGKGSNL b RBp 21",
                PIN[3],
            ),
            (
                "ln1g3nl/1r2gk3/p1sppsbpp/1pp2pp2/9/2PP1PP2/PPS1P1SPP/1BG1G2R1/LN2K2NL b - 29",
                PIN[4],
            ),
        ];
        for (sfen, want) in cases {
            let pos = Position::from_sfen(sfen).unwrap();
            assert_eq!(net.evaluate(&pos), want, "{sfen}");
        }
    }

    const PIN: [i32; 5] = [302, -63, 493, 1700, -75];
}
