//! MultiPV: the best N root moves, each with its score and principal
//! variation, searched as Stockfish searches them. Each iteration searches
//! the root once per line, in turn, with a full window and without the
//! moves of the lines already chosen at that depth; the lines are then
//! ordered by score. With one line this is the plain search, node for node.

use cescacs::Position;

use crate::score::INFINITY;
use crate::search::{Iteration, Line, Searcher};

impl Searcher<'_> {
    /// One iteration at `depth` searching up to `lines` root lines (no more
    /// than the root has moves); `None` when stopped before a first root
    /// move was searched in full. Stopped during the first line, it keeps
    /// the best root move searched so far; stopped during a later line, it
    /// keeps the lines already complete. One line is searched within
    /// aspiration windows around `guess`, the last iteration's score.
    pub(crate) fn search_lines(
        &mut self,
        root: &Position,
        depth: u32,
        lines: usize,
        parent_moves: i32,
        guess: Option<i32>,
    ) -> Option<Iteration> {
        let hash = self.root_hash();
        let mut found: Vec<Line> = Vec::with_capacity(lines);
        self.excluded.clear();
        while found.len() < lines {
            self.root_score = -INFINITY;
            self.pv_len[0] = 0;
            let score = if lines == 1 {
                self.aspirate(root, hash, depth, parent_moves, guess)
            } else {
                self.negamax(
                    root,
                    hash,
                    depth as i32,
                    -INFINITY,
                    INFINITY,
                    0,
                    parent_moves,
                )
            };
            let pv = self.root_pv(root);
            if self.stopped {
                if found.is_empty() && !pv.is_empty() {
                    found.push(Line {
                        score: self.root_score,
                        pv,
                    });
                }
                break;
            }
            if pv.is_empty() {
                break;
            }
            self.excluded.push(pv[0]);
            found.push(Line { score, pv });
        }
        self.excluded.clear();
        // Later lines may outscore earlier ones (a search without the best
        // move sees other transpositions): the best first, ties in search order.
        found.sort_by_key(|l| -l.score);
        let complete = !self.stopped;
        (!found.is_empty()).then_some(Iteration {
            depth,
            complete,
            seldepth: self.seldepth as u32,
            lines: found,
        })
    }
}

impl Iteration {
    /// Completes the lines of this stopped iteration with those of the
    /// `previous` one whose root moves it lacks, up to `lines` (they follow
    /// this iteration's own lines, which are searched deeper).
    pub(crate) fn keep_lines_of(&mut self, previous: &Iteration, lines: usize) {
        for line in &previous.lines {
            if self.lines.len() >= lines {
                break;
            }
            if !self.lines.iter().any(|l| l.pv[0] == line.pv[0]) {
                self.lines.push(line.clone());
            }
        }
    }
}
