//! `Clone`, `PartialEq`, `Debug` and `Drop` for the record tree ([`Line`]
//! holding moves holding [`Variation`]s holding lines), written as loops
//! over a stack of their own. Derived impls recurse once per nesting level,
//! and a record read from text may nest as deep as the text is long: a
//! million levels would overflow any thread's stack.
//!
//! Only `Line` has hand-written impls; `AnnotatedMove` and `Variation`
//! derive theirs, which reach the tree below them through `Line` and so
//! never go deeper than one level of derived code.

use std::fmt;
use std::mem;

use crate::record::{AnnotatedMove, Line, Variation};

/// A move without its variations (the part of a node that is not a tree).
fn shallow(am: &AnnotatedMove) -> AnnotatedMove {
    AnnotatedMove {
        mv: am.mv,
        assessment: am.assessment,
        indicator: am.indicator,
        comments: am.comments.clone(),
        variations: Vec::with_capacity(am.variations.len()),
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        // Detach every line below this one onto a list, so each is dropped
        // with no variations left under it.
        let mut pending: Vec<Line> = Vec::new();
        let detach = |line: &mut Line, pending: &mut Vec<Line>| {
            for am in line.moves.iter_mut().filter(|am| !am.variations.is_empty()) {
                for v in am.variations.drain(..) {
                    let mut v = v;
                    pending.push(mem::take(&mut v.line));
                }
            }
        };
        detach(self, &mut pending);
        while let Some(mut line) = pending.pop() {
            detach(&mut line, &mut pending);
        }
    }
}

/// A line being copied: its source, the copy so far, and where the walk is
/// (move `mv`, next variation `var` of that move).
struct CloneFrame<'a> {
    src: &'a Line,
    out: Line,
    mv: usize,
    var: usize,
}

impl<'a> CloneFrame<'a> {
    fn new(src: &'a Line) -> CloneFrame<'a> {
        let out = Line { comments: src.comments.clone(), moves: Vec::with_capacity(src.moves.len()) };
        CloneFrame { src, out, mv: 0, var: 0 }
    }
}

impl Clone for Line {
    fn clone(&self) -> Line {
        let mut stack = vec![CloneFrame::new(self)];
        loop {
            let top = stack.last_mut().expect("the root frame stays until the end");
            if let Some(am) = top.src.moves.get(top.mv) {
                if top.out.moves.len() == top.mv {
                    top.out.moves.push(shallow(am));
                }
                if let Some(v) = am.variations.get(top.var) {
                    top.var += 1;
                    stack.push(CloneFrame::new(&v.line));
                } else {
                    top.mv += 1;
                    top.var = 0;
                }
                continue;
            }
            let done = stack.pop().expect("a frame is on top");
            let Some(parent) = stack.last_mut() else {
                return done.out;
            };
            let label = parent.src.moves[parent.mv].variations[parent.var - 1].label.clone();
            parent.out.moves[parent.mv].variations.push(Variation { label, line: done.out });
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
                    pairs.push((&v.line, &w.line));
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
        let open = |f: &mut fmt::Formatter<'_>, line: &Line| write!(f, "Line {{ comments: {:?}, moves: [", line.comments);
        open(f, self)?;
        let mut stack = vec![DebugFrame { line: self, mv: 0, var: 0 }];
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
                    stack.push(DebugFrame { line: &v.line, mv: 0, var: 0 });
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
