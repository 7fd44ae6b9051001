//! Where a `GameNode` is in a record, and the python-chess tree over the
//! core's lines: a node is a move of a line (the line named by a path of
//! [`Fork`]s from the main line), its children are the moves playable
//! after it that the record holds — the next move of its line first, then
//! the first move of each of that move's variations (and of theirs on
//! their first moves, in written order) — and its parent is the move
//! before it, on whichever line that is.
//!
//! Paths are linked lists shared by the nodes below (`Link`), so listing
//! the hundred thousand children of a nest costs one link each. Nothing
//! here recurses on the depth.

use std::sync::Arc;

use cescacs::{Fork, Line, Variation};

/// A move's place under a slot: in the subtree of child `k`, at `forks`
/// and `index` counted from that child's first move.
pub(crate) struct Rel {
    pub(crate) k: usize,
    forks: Vec<Fork>,
    index: usize,
}

/// The number of children a variation stands for: itself and the
/// variations nested on its first move, at any depth.
fn subtree_size(v: &Variation) -> usize {
    let mut size = 0;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        size += 1;
        if let Some(first) = v.line.moves.first() {
            stack.extend(first.variations.iter());
        }
    }
    size
}

/// The child number (pre-order, the main move 0) of the variation reached
/// by `ranks` from `variations`: `ranks[0]` among them, then each next rank
/// among the variations of the first move of the one before.
fn preorder(mut variations: &[Variation], ranks: &[usize]) -> Option<usize> {
    let mut k = 1;
    for (level, &r) in ranks.iter().enumerate() {
        let v = variations.get(r)?;
        k += variations[..r].iter().map(subtree_size).sum::<usize>();
        if level + 1 < ranks.len() {
            k += 1;
            variations = &v.line.moves.first()?.variations;
        }
    }
    Some(k)
}

/// A link of a node's path: `fork` after the path `up`, `depth` forks in all.
pub(crate) struct Link {
    up: Option<Arc<Link>>,
    fork: Fork,
    depth: usize,
}

impl Drop for Link {
    /// Frees the links above with a loop: a deep path would overflow the
    /// stack if each link dropped the next.
    fn drop(&mut self) {
        let mut up = self.up.take();
        while let Some(link) = up {
            up = Arc::into_inner(link).and_then(|mut link| link.up.take());
        }
    }
}

/// A path from the main line (`None`: the main line itself).
pub(crate) type Path = Option<Arc<Link>>;

/// A move of the record: move `index` of the line at `path`.
#[derive(Clone)]
pub(crate) struct At {
    pub(crate) path: Path,
    pub(crate) index: usize,
}

/// `path` followed by `fork`.
pub(crate) fn extend(path: &Path, fork: Fork) -> Path {
    Some(Arc::new(Link {
        up: path.clone(),
        fork,
        depth: depth(path) + 1,
    }))
}

/// The number of forks of `path`.
fn depth(path: &Path) -> usize {
    path.as_ref().map_or(0, |link| link.depth)
}

/// Whether two paths name the same line.
fn same_path(a: &Path, b: &Path) -> bool {
    let (mut a, mut b) = (a.as_deref(), b.as_deref());
    loop {
        match (a, b) {
            (None, None) => return true,
            (Some(x), Some(y)) if std::ptr::eq(x, y) => return true,
            (Some(x), Some(y)) if x.fork == y.fork => (a, b) = (x.up.as_deref(), y.up.as_deref()),
            _ => return false,
        }
    }
}

/// The forks of `path`, from the main line down.
pub(crate) fn forks(path: &Path) -> Vec<Fork> {
    let mut out = Vec::new();
    let mut at = path.as_deref();
    while let Some(link) = at {
        out.push(link.fork);
        at = link.up.as_deref();
    }
    out.reverse();
    out
}

impl At {
    /// Whether both name the same move.
    pub(crate) fn same(&self, other: &At) -> bool {
        self.index == other.index && same_path(&self.path, &other.path)
    }

    /// The plies from the game's start to after this move.
    pub(crate) fn ply(&self) -> usize {
        let mut ply = self.index + 1;
        let mut at = self.path.as_deref();
        while let Some(link) = at {
            ply += link.fork.index;
            at = link.up.as_deref();
        }
        ply
    }

    /// The move before this one (`None`: the game's start).
    pub(crate) fn parent(&self) -> Option<At> {
        let (mut path, mut index) = (self.path.clone(), self.index);
        loop {
            if index > 0 {
                return Some(At {
                    path,
                    index: index - 1,
                });
            }
            let link = path?;
            index = link.fork.index;
            path = link.up.clone();
        }
    }
}

/// Where the children of a node are: the line at `path`, whose move
/// `index` and its alternatives follow the node.
#[derive(Clone)]
pub(crate) struct Slot {
    pub(crate) path: Path,
    pub(crate) index: usize,
}

impl Slot {
    /// The slot after `node` (`None`: the game's start, before the main
    /// line's first move).
    pub(crate) fn after(node: Option<&At>) -> Slot {
        match node {
            None => Slot {
                path: None,
                index: 0,
            },
            Some(at) => Slot {
                path: at.path.clone(),
                index: at.index + 1,
            },
        }
    }

    /// The moves playable here that the record holds, in python-chess's
    /// order: the line's move, then the first move of each variation in
    /// written order (pre-order through variations nested on first moves).
    /// `line` is the line at `self.path`.
    pub(crate) fn children(&self, line: &Line) -> Vec<At> {
        let Some(am) = line.moves.get(self.index) else {
            return Vec::new();
        };
        let mut out = vec![At {
            path: self.path.clone(),
            index: self.index,
        }];
        // (variations left to list, their path prefix, the move they hang on, next rank)
        let mut stack: Vec<(&[Variation], Path, usize, usize)> =
            vec![(&am.variations, self.path.clone(), self.index, 0)];
        while let Some((variations, prefix, index, next)) = stack.last_mut() {
            let Some(v) = variations.get(*next) else {
                stack.pop();
                continue;
            };
            let path = extend(
                prefix,
                Fork {
                    index: *index,
                    rank: *next,
                },
            );
            *next += 1;
            out.push(At {
                path: path.clone(),
                index: 0,
            });
            if let Some(first) = v
                .line
                .moves
                .first()
                .filter(|first| !first.variations.is_empty())
            {
                stack.push((&first.variations, path, 0, 0));
            }
        }
        out
    }

    /// Where `at` is among the subtrees of this slot's children (`None`
    /// if elsewhere); `line` is the line at the slot's path.
    pub(crate) fn locate(&self, line: &Line, at: &At) -> Option<Rel> {
        let below = depth(&at.path).checked_sub(depth(&self.path))?;
        let mut rest = Vec::with_capacity(below);
        let mut up = at.path.clone();
        for _ in 0..below {
            let link = up.expect("a path as deep as its depth");
            rest.push(link.fork);
            up = link.up.clone();
        }
        if !same_path(&up, &self.path) {
            return None;
        }
        rest.reverse();
        let j = self.index;
        match rest.first() {
            None => (at.index >= j).then(|| Rel {
                k: 0,
                forks: Vec::new(),
                index: at.index - j,
            }),
            Some(f) if f.index > j => {
                rest[0].index -= j;
                Some(Rel {
                    k: 0,
                    forks: rest,
                    index: at.index,
                })
            }
            Some(f) if f.index == j => {
                let nested = 1 + rest[1..].iter().take_while(|f| f.index == 0).count();
                let ranks: Vec<usize> = rest[..nested].iter().map(|f| f.rank).collect();
                let k = preorder(&line.moves.get(j)?.variations, &ranks)?;
                Some(Rel {
                    k,
                    forks: rest.split_off(nested),
                    index: at.index,
                })
            }
            Some(_) => None,
        }
    }

    /// The move at `rel` under child `k` of this slot, listed flat.
    pub(crate) fn place(&self, k: usize, rel: &Rel) -> At {
        let base = self.flat_child(k);
        match rel.forks.split_first() {
            None => At {
                path: base.path,
                index: base.index + rel.index,
            },
            Some((first, rest)) => {
                let path = extend(
                    &base.path,
                    Fork {
                        index: base.index + first.index,
                        rank: first.rank,
                    },
                );
                At {
                    path: rest.iter().fold(path, |p, &f| extend(&p, f)),
                    index: rel.index,
                }
            }
        }
    }

    /// Child `k` of a slot whose alternatives are listed flat
    /// ([`cescacs::Game::flatten_variations`]).
    pub(crate) fn flat_child(&self, k: usize) -> At {
        match k {
            0 => At {
                path: self.path.clone(),
                index: self.index,
            },
            k => At {
                path: extend(
                    &self.path,
                    Fork {
                        index: self.index,
                        rank: k - 1,
                    },
                ),
                index: 0,
            },
        }
    }
}
