//! `[Redefine "…"]`: the alternative piece letters a record may use,
//! translated back to the standard ones (NOTATION.md §2 and §6.4).

use std::borrow::Cow;
use std::collections::HashMap;

use super::lexer::is_hyphen;
use super::PgnErrorKind;
use crate::geometry::column_from_letter;

/// Alternative letter → standard letter (NOTATION.md §2 and §6.4).
#[derive(Clone, Debug, Default)]
pub(super) struct Letters {
    map: HashMap<char, char>,
}

const ALTERNATIVES: [(char, char); 10] = [
    ('H', 'E'),
    ('A', 'J'),
    ('B', 'J'),
    ('F', 'J'),
    ('L', 'J'),
    ('C', 'N'),
    ('S', 'N'),
    ('T', 'R'),
    ('W', 'V'),
    ('Q', 'D'),
];

impl Letters {
    pub(super) fn parse(value: &str) -> Result<Letters, PgnErrorKind> {
        let mut map = HashMap::new();
        if value.trim().eq_ignore_ascii_case("FAN") {
            return Err(PgnErrorKind::FanNotSupported);
        }
        for pair in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = |reason| PgnErrorKind::BadRedefine {
                pair: pair.to_string(),
                reason,
            };
            let chars: Vec<char> = pair.chars().filter(|c| !c.is_whitespace()).collect();
            let [alt, '@', std] = chars[..] else {
                return Err(bad("expected <alternative>@<standard>, e.g. T@R"));
            };
            if !ALTERNATIVES.contains(&(alt, std)) {
                return Err(bad(
                    "not an allowed alternative (H@E, A/B/F/L@J, C/S@N, T@R, W@V, Q@D)",
                ));
            }
            if map.insert(alt, std).is_some_and(|old| old != std) {
                return Err(bad("the letter is declared twice"));
            }
        }
        // Two alternatives for one standard letter would make the writer's
        // choice ambiguous, but the reader can accept both; keep them.
        Ok(Letters { map })
    }

    pub(super) fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub(super) fn tr(&self, c: char) -> char {
        self.map.get(&c).copied().unwrap_or(c)
    }

    /// Case-preserving translation (PDTL placement and castling field).
    pub(super) fn tr_cased(&self, c: char) -> char {
        if c.is_ascii_lowercase() {
            self.tr(c.to_ascii_uppercase()).to_ascii_lowercase()
        } else {
            self.tr(c)
        }
    }

    /// Translates the piece letters of a PDTL (placement and castling
    /// fields only: the special-capture field holds hex names).
    pub(super) fn pdtl(&self, pdtl: &str) -> String {
        if self.is_empty() {
            return pdtl.to_string();
        }
        pdtl.split_ascii_whitespace()
            .enumerate()
            .map(|(i, f)| {
                if i == 0 || i == 2 {
                    f.chars().map(|c| self.tr_cased(c)).collect()
                } else {
                    f.to_string()
                }
            })
            .collect::<Vec<String>>()
            .join(" ")
    }

    /// Translates the piece letters of a CTL-AN move. A letter is a piece
    /// letter where it is followed by a column letter (NOTATION.md §2): at
    /// the start, after the separator (captured piece) and after `=`.
    pub(super) fn mv<'w>(&self, word: &'w str) -> Cow<'w, str> {
        if self.is_empty() {
            return Cow::Borrowed(word);
        }
        let c: Vec<char> = word.chars().collect();
        // Castling prefixes KTK-, KTD-, KTT- (or KRQ- with Q@D, …).
        if c.len() >= 4
            && c[0] == 'K'
            && self.tr(c[1]) == 'R'
            && matches!(self.tr(c[2]), 'K' | 'D' | 'R')
            && is_hyphen(c[3])
        {
            let mut out = String::from("KR");
            out.push(self.tr(c[2]));
            out.extend(&c[3..]);
            return Cow::Owned(out);
        }
        let is_col = |i: usize| c.get(i).is_some_and(|&ch| column_from_letter(ch).is_some());
        let mut out = String::with_capacity(word.len());
        let mut piece_slot = true;
        let mut i = 0;
        while i < c.len() {
            let ch = c[i];
            if piece_slot && ch.is_ascii_uppercase() && is_col(i + 1) {
                out.push(self.tr(ch));
                piece_slot = false;
            } else if ch == '=' {
                out.push(ch);
                if let Some(&p) = c.get(i + 1) {
                    out.push(self.tr(p));
                    i += 1;
                }
                piece_slot = false;
            } else {
                out.push(ch);
                piece_slot = is_hyphen(ch) || matches!(ch, '×' | '*' | 'x' | '@');
            }
            i += 1;
        }
        Cow::Owned(out)
    }
}
