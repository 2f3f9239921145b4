//! Wa shogi's readers: the position string and the game record (with the seed's move
//! notation in it).

use tokin_wa::{Rules, record, sfen};

/// The position string in both forms: what is read writes a string that reads back to the
/// same position, and every legal move of it plays.
pub(crate) fn position(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for rules in [Rules::Drops, Rules::NoDrops] {
        if let Ok(pos) = sfen::parse(&text, rules) {
            let again = sfen::write(&pos);
            let back = sfen::parse(&again, rules)
                .unwrap_or_else(|e| panic!("`{again}` (written from `{text}`) does not read: {e}"));
            assert_eq!(back, pos, "position string round trip of `{text}`");
            for m in pos.legal_moves() {
                let mut p = pos.clone();
                p.play(m)
                    .unwrap_or_else(|e| panic!("legal move of `{again}` refused: {e}"));
            }
        }
    }
}

/// A record: what is read is written again, and the written record reads back to the same
/// moves.
pub(crate) fn record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(rec) = record::parse(&text) {
        let written = record::write(&rec.tags, &rec.game, &rec.result);
        let back = record::parse(&written).unwrap_or_else(|e| {
            panic!("record written from `{text}` does not read: {e}\n{written}")
        });
        assert_eq!(
            back.game.moves(),
            rec.game.moves(),
            "record round trip of `{text}`"
        );
    }
}
