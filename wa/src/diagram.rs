//! A board diagram as text, drawn from Black's side: file numbers on top (11 on the left), a
//! rank letter at the end of each row, each square four characters wide. A piece is its
//! two-letter name, upper case for Black and lower case for White, `+` in front when promoted;
//! an empty square is `.`. The hands are written above (White) and below (Black).
//!
//! ```text
//! White in hand: -
//!   11  10   9   8   7   6   5   4   3   2   1
//!   lh  cm  so  fc  vs  ck  vw  fg  sc  bd  oc  a
//! ```

use crate::board::{Color, SIDE, Square};
use crate::piece::Kind;
use crate::position::Position;

/// The diagram of `pos`.
pub fn write(pos: &Position) -> String {
    let mut out = hand_line(pos, Color::White);
    for file in (1..=SIDE).rev() {
        out.push_str(&format!("{file:>4}"));
    }
    out.push('\n');
    for rank in 1..=SIDE {
        for file in (1..=SIDE).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            let cell = match pos.piece_at(sq) {
                None => ".".to_string(),
                Some(p) if p.color() == Color::Black => p.code(),
                Some(p) => p.code().to_ascii_lowercase(),
            };
            out.push_str(&format!("{cell:>4}"));
        }
        out.push_str(&format!("  {}\n", (b'a' + rank - 1) as char));
    }
    out.push_str(&hand_line(pos, Color::Black));
    out
}

fn hand_line(pos: &Position, color: Color) -> String {
    let held: Vec<String> = Kind::HAND
        .into_iter()
        .filter(|&k| pos.hand(color).count(k) > 0)
        .map(|k| match pos.hand(color).count(k) {
            1 => k.code().to_string(),
            n => format!("{}x{n}", k.code()),
        })
        .collect();
    let side = if color == Color::Black {
        "Black"
    } else {
        "White"
    };
    let list = if held.is_empty() {
        "-".to_string()
    } else {
        held.join(" ")
    };
    format!("{side} in hand: {list}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Rules;

    #[test]
    fn the_start_position_as_drawn() {
        let expected = "\
White in hand: -
  11  10   9   8   7   6   5   4   3   2   1
  lh  cm  so  fc  vs  ck  vw  fg  sc  bd  oc  a
   .  ce   .   .   .  sw   .   .   .  ff   .  b
  sp  sp  sp  rr  sp  sp  sp  tf  sp  sp  sp  c
   .   .   .  sp   .   .   .  sp   .   .   .  d
   .   .   .   .   .   .   .   .   .   .   .  e
   .   .   .   .   .   .   .   .   .   .   .  f
   .   .   .   .   .   .   .   .   .   .   .  g
   .   .   .  SP   .   .   .  SP   .   .   .  h
  SP  SP  SP  TF  SP  SP  SP  RR  SP  SP  SP  i
   .  FF   .   .   .  SW   .   .   .  CE   .  j
  OC  BD  SC  FG  VW  CK  VS  FC  SO  CM  LH  k
Black in hand: -
";
        assert_eq!(write(&Position::start(Rules::Drops)), expected);
    }

    #[test]
    fn hands_and_promoted_pieces() {
        let pos = crate::sfen::parse(
            "5ck5/11/11/11/11/11/11/11/11/11/+SP4CK5 b 2SPoc 1",
            Rules::Drops,
        )
        .expect("valid");
        let text = write(&pos);
        assert!(text.starts_with("White in hand: OC\n"), "{text}");
        assert!(text.contains(" +SP   .   .   .   .  CK"), "{text}");
        assert!(text.ends_with("Black in hand: SPx2\n"), "{text}");
    }
}
