//! A plain-text picture of the board, for terminals and debugging output
//! (the CLI's `show`, the Python `__str__`, the C API all reuse it).
//!
//! The board is drawn by cross-lines, line 28 (Black's side) at the top and
//! line 0 at the bottom, one text row per line. Each of the 15 columns has a
//! fixed two-character slot, so a hex of column `c` is always drawn at the
//! same horizontal place; since a cross-line only holds every other column,
//! neighbouring rows interleave and the hexagonal outline of the board shows.
//! Line numbers stand on the left, column letters along the bottom.
//!
//! ```
//! use cescacs::Position;
//! let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
//! let text = pos.board_text(false);
//! let rows: Vec<&str> = text.lines().collect();
//! assert_eq!(rows.len(), 30); // lines 28..=0 and the column letters
//! assert_eq!(rows[0], "28               .");
//! assert_eq!(rows[1], "27             .   k");
//! assert_eq!(rows[29], "   P T A B C D E F G H I K L X Z");
//! // Unicode mode draws FAN figurines and middle dots.
//! assert_eq!(pos.board_text(true).lines().nth(1), Some("27             ·   ♚"));
//! ```

use crate::bitboard::Bitboard;
use crate::geometry::{Hex, COLUMN_LETTERS};
use crate::position::Position;

/// Characters of the left margin: a right-aligned line number and a space.
const MARGIN: usize = 3;
/// Characters per column slot.
const SLOT: usize = 2;

impl Position {
    /// The board as text: 29 rows for cross-lines 28 down to 0, then a row
    /// of column letters; every row ends with `'\n'` and has no trailing
    /// spaces. Pieces are shown by their PDTL letter (uppercase White,
    /// lowercase Black) or, with `unicode`, by their FAN figurine
    /// ([`Piece::figurine`](crate::Piece::figurine)); empty hexes by `.`
    /// (`·` with `unicode`).
    pub fn board_text(&self, unicode: bool) -> String {
        let empty = if unicode { '·' } else { '.' };
        draw(|hex| match self.piece_at(hex) {
            Some(p) if unicode => p.figurine(),
            Some(p) => p.char(),
            None => empty,
        })
    }
}

impl Bitboard {
    /// The set drawn on the board like [`Position::board_text`]: `1` for a
    /// hex in the set, `.` for the others (python-chess's `SquareSet`
    /// picture).
    ///
    /// ```
    /// use cescacs::{Bitboard, Hex};
    /// let set: Bitboard = ["G1", "G27"].iter().map(|h| h.parse::<Hex>().unwrap()).collect();
    /// let text = set.board_text();
    /// assert_eq!(text.lines().nth(1), Some("27             .   1"));
    /// assert_eq!(text.lines().nth(27), Some(" 1             .   1"));
    /// ```
    pub fn board_text(self) -> String {
        draw(|hex| if self.contains(hex) { '1' } else { '.' })
    }
}

/// The board layout with one character per hex, given by `mark`.
fn draw(mark: impl Fn(Hex) -> char) -> String {
    let mut out = String::with_capacity(30 * (MARGIN + SLOT * COLUMN_LETTERS.len() + 1));
    for line in (0..=28u8).rev() {
        let mut row = format!("{line:>2} ");
        for column in 0..COLUMN_LETTERS.len() as u8 {
            match Hex::new(column, line) {
                Some(hex) => {
                    row.push(mark(hex));
                    row.push(' ');
                }
                None => row.push_str("  "),
            }
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out.push_str(&" ".repeat(MARGIN));
    let letters: Vec<String> = COLUMN_LETTERS.iter().map(|c| c.to_string()).collect();
    out.push_str(&letters.join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use crate::Position;

    const KINGS_AND_ROOKS: &str = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

    #[test]
    fn kings_and_rooks_ascii() {
        let pos: Position = KINGS_AND_ROOKS.parse().unwrap();
        let want = concat!(
            "28               .\n",
            "27             .   k\n",
            "26           .   .   .\n",
            "25         r   .   .   .\n",
            "24       .   .   .   .   .\n",
            "23     .   .   .   .   .   .\n",
            "22   .   .   .   .   .   .   .\n",
            "21 .   .   .   .   .   .   .   .\n",
            "20   .   .   .   .   .   .   .\n",
            "19 .   .   .   .   .   .   .   .\n",
            "18   .   .   .   .   .   .   .\n",
            "17 .   .   .   .   .   .   .   .\n",
            "16   .   .   .   .   .   .   .\n",
            "15 .   .   .   .   .   .   .   .\n",
            "14   .   .   .   .   .   .   .\n",
            "13 .   .   .   .   .   .   .   .\n",
            "12   .   .   .   .   .   .   .\n",
            "11 .   .   .   .   .   .   .   .\n",
            "10   .   .   .   .   .   .   .\n",
            " 9 .   .   .   .   .   .   .   .\n",
            " 8   .   .   .   .   .   .   .\n",
            " 7 .   .   .   .   .   .   .   .\n",
            " 6   .   .   .   .   .   .   .\n",
            " 5     .   .   .   .   .   .\n",
            " 4       .   .   .   .   .\n",
            " 3         R   .   .   R\n",
            " 2           .   .   .\n",
            " 1             .   K\n",
            " 0               .\n",
            "   P T A B C D E F G H I K L X Z\n",
        );
        assert_eq!(pos.board_text(false), want);
    }

    #[test]
    fn kings_and_rooks_unicode() {
        let pos: Position = KINGS_AND_ROOKS.parse().unwrap();
        let text = pos.board_text(true);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 30);
        assert_eq!(rows[0], "28               ·");
        assert_eq!(rows[1], "27             ·   ♚");
        assert_eq!(rows[3], "25         ♜   ·   ·   ·");
        assert_eq!(rows[25], " 3         ♖   ·   ·   ♖");
        assert_eq!(rows[27], " 1             ·   ♔");
        assert_eq!(rows[29], "   P T A B C D E F G H I K L X Z");
        // Same layout as ASCII: only the symbols differ.
        let ascii = pos.board_text(false);
        let mapped: String = text
            .chars()
            .map(|c| match c {
                '·' => '.',
                '♚' => 'k',
                '♜' => 'r',
                '♖' => 'R',
                '♔' => 'K',
                other => other,
            })
            .collect();
        assert_eq!(mapped, ascii);
    }

    #[test]
    fn every_hex_and_piece_is_drawn_once() {
        let pos = Position::default();
        for unicode in [false, true] {
            let text = pos.board_text(unicode);
            let empty = if unicode { '·' } else { '.' };
            let pieces = text
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_ascii_digit())
                .count();
            // 169 hexes + 15 column letters.
            assert_eq!(pieces, 169 + 15);
            assert_eq!(text.chars().filter(|&c| c == empty).count(), 169 - 2 * 27);
        }
        let ascii = pos.board_text(false);
        let rows: Vec<&str> = ascii.lines().collect();
        // Initial position: the Wyverns on F28 and F0, Queen and King on lines 27 / 1.
        assert_eq!(rows[0], "28               v");
        assert_eq!(rows[1], "27             d   k");
        assert_eq!(rows[26], " 2           G   J   G");
        assert_eq!(rows[27], " 1             D   K");
        assert_eq!(rows[28], " 0               V");
        assert!(ascii.lines().all(|r| r == r.trim_end()));
    }
}
