//! `PartialEq`, `Debug` and `Drop` for the record tree ([`Line`] holding
//! moves holding [`Variation`]s holding shared lines), written as loops
//! over a stack of their own. Derived impls recurse once per nesting level,
//! and a record read from text may nest as deep as the text is long: a
//! million levels would overflow any thread's stack.
//!
//! Only `Line` has hand-written impls; `AnnotatedMove` and `Variation`
//! derive theirs, which reach the tree below them through `Line` and so
//! never go deeper than one level of derived code. `Clone` is derived
//! everywhere: it shares the variations' lines (an `Arc` each) instead of
//! copying them, so it never goes down the tree.

use std::fmt;
use std::mem::ManuallyDrop;
use std::sync::Arc;

use crate::record::{AnnotatedMove, Line, Variation};

impl Drop for Line {
    fn drop(&mut self) {
        // Detach every line below this one that no one else shares onto a
        // list, so each is dropped with no variations left under it. A line
        // still shared (by a view or another record) only loses one count.
        // The moves are dropped in the same pass; one that owns nothing (no
        // comment, no variation: nearly every move) is forgotten, which
        // frees nothing it holds and costs no drop of its two vectors.
        let mut pending: Vec<Line> = Vec::new();
        let detach = |line: &mut Line, pending: &mut Vec<Line>| {
            let moves = std::mem::take(&mut line.moves);
            if moves
                .iter()
                .all(|am| am.comments.capacity() == 0 && am.variations.capacity() == 0)
            {
                // Nothing to free but the vector itself (the same layout
                // collected in place, no move's drop run).
                let bare: Vec<ManuallyDrop<AnnotatedMove>> =
                    moves.into_iter().map(ManuallyDrop::new).collect();
                drop(bare);
                return;
            }
            for mut am in moves {
                if am.comments.capacity() == 0 && am.variations.capacity() == 0 {
                    std::mem::forget(am);
                    continue;
                }
                pending.extend(
                    am.variations
                        .drain(..)
                        .filter_map(|v: Variation| Arc::into_inner(v.line)),
                );
            }
        };
        detach(self, &mut pending);
        while let Some(mut line) = pending.pop() {
            detach(&mut line, &mut pending);
        }
    }
}

impl PartialEq for Line {
    fn eq(&self, other: &Line) -> bool {
        let mut pairs: Vec<(&Line, &Line)> = vec![(self, other)];
        while let Some((a, b)) = pairs.pop() {
            if a.comments != b.comments || a.moves.len() != b.moves.len() {
                return false;
            }
            for (x, y) in a.moves.iter().zip(&b.moves) {
                if x.mv != y.mv
                    || x.assessment != y.assessment
                    || x.indicator != y.indicator
                    || x.comments != y.comments
                    || x.variations.len() != y.variations.len()
                {
                    return false;
                }
                for (v, w) in x.variations.iter().zip(&y.variations) {
                    if v.label != w.label {
                        return false;
                    }
                    if !Arc::ptr_eq(&v.line, &w.line) {
                        pairs.push((&v.line, &w.line));
                    }
                }
            }
        }
        true
    }
}

impl Eq for Line {}

/// What is left to write of a line being formatted.
struct DebugFrame<'a> {
    line: &'a Line,
    mv: usize,
    var: usize,
}

impl fmt::Debug for Line {
    /// The derived format (`Line { comments: [..], moves: [AnnotatedMove {
    /// .. variations: [Variation { label: .., line: Line { .. } }] }] }`),
    /// always on one line, written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let open = |f: &mut fmt::Formatter<'_>, line: &Line| {
            write!(f, "Line {{ comments: {:?}, moves: [", line.comments)
        };
        open(f, self)?;
        let mut stack = vec![DebugFrame {
            line: self,
            mv: 0,
            var: 0,
        }];
        while let Some(top) = stack.last_mut() {
            let Some(am) = top.line.moves.get(top.mv) else {
                f.write_str("] }")?;
                stack.pop();
                if stack.last().is_some() {
                    f.write_str(" }")?; // closes the Variation
                }
                continue;
            };
            if top.var == 0 {
                if top.mv > 0 {
                    f.write_str(", ")?;
                }
                write!(
                    f,
                    "AnnotatedMove {{ mv: {:?}, assessment: {:?}, indicator: {:?}, comments: {:?}, variations: [",
                    am.mv, am.assessment, am.indicator, am.comments
                )?;
            }
            match am.variations.get(top.var) {
                Some(v) => {
                    if top.var > 0 {
                        f.write_str(", ")?;
                    }
                    top.var += 1;
                    write!(f, "Variation {{ label: {:?}, line: ", v.label)?;
                    open(f, &v.line)?;
                    stack.push(DebugFrame {
                        line: &v.line,
                        mv: 0,
                        var: 0,
                    });
                }
                None => {
                    f.write_str("] }")?;
                    top.mv += 1;
                    top.var = 0;
                }
            }
        }
        Ok(())
    }
}
