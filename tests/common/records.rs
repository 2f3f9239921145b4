//! Helpers shared by the record tests: what each format can hold.

use std::time::Duration;
use tokin_notation::record::{self, Format, HeaderKey, Line, MoveTime, Record};

/// CSA keeps no stated totals; KIF and JKF keep whole seconds.
fn restrict_time(time: &mut Option<MoveTime>, f: Format) {
    if let Some(t) = time {
        if f == Format::Csa {
            t.total = None;
        }
        if matches!(f, Format::Kif | Format::Jkf) {
            t.spent = Duration::from_secs(t.spent.as_secs());
        }
    }
}

/// What is left of `line` in a format.
pub fn restrict_line(line: &mut Line, f: Format, main: bool) {
    for node in &mut line.moves {
        match f {
            Format::Csa | Format::Usi => node.variations.clear(),
            _ => {
                for v in &mut node.variations {
                    restrict_line(v, f, false);
                }
                node.variations
                    .retain(|v| !v.moves.is_empty() || v.end.is_some());
            }
        }
        if matches!(f, Format::Ki2 | Format::Psn | Format::Usi) {
            node.time = None;
        }
        restrict_time(&mut node.time, f);
        if !matches!(f, Format::Kif | Format::Ki2) {
            node.bookmark = None;
        }
        if f == Format::Usi {
            node.comments.clear();
        }
    }
    let drop_end = match &line.end {
        None => false,
        Some(end) => match f {
            Format::Usi => true,
            Format::Csa | Format::Jkf => end.kind.csa(tokin_core::Color::Black).is_none(),
            Format::Psn => !main || end.kind.csa(tokin_core::Color::Black).is_none(),
            _ => false,
        },
    };
    if drop_end {
        line.end = None;
    }
    if let Some(end) = &mut line.end {
        match f {
            Format::Csa => end.variations.clear(),
            Format::Psn => {
                end.variations.clear();
                end.comments.clear();
                end.time = None;
            }
            _ => {
                for v in &mut end.variations {
                    restrict_line(v, f, false);
                }
                end.variations
                    .retain(|v| !v.moves.is_empty() || v.end.is_some());
            }
        }
        if f == Format::Ki2 {
            end.time = None;
        }
        restrict_time(&mut end.time, f);
    }
}

pub fn restrict(record: &Record, f: Format) -> Record {
    let mut r = record.clone();
    restrict_line(&mut r.main, f, true);
    match f {
        Format::Usi => {
            r.header.clear();
            r.comments.clear();
        }
        Format::Csa => r.header.retain(
            |(k, _)| !matches!(k, HeaderKey::Other(k) if !record::csa::OTHER_KEYS.contains(&k.as_str())),
        ),
        Format::Psn => r
            .header
            .retain(|(k, _)| !matches!(k, HeaderKey::Other(k) if !k.is_ascii())),
        Format::Kif | Format::Ki2 => {
            for (_, v) in &mut r.header {
                *v = v.trim_matches([' ', '\t', '\u{3000}']).to_string();
            }
        }
        _ => {}
    }
    r
}
