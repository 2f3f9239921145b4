//! Evaluation files: any bytes are a network or a refusal, and a network read evaluates.

use tokin_core::Position;
use tokin_engine::eval::nnue::Network;

/// Reads the bytes as an NNUE file; one that reads evaluates the start position.
pub(crate) fn network(data: &[u8]) {
    if let Ok(net) = Network::read(data) {
        let _ = net.evaluate(&Position::startpos());
    }
}
