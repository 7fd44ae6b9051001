//! A `cescacs.study.MatchSpec` as the study crate's match: the dict
//! study.py gives read into a `cescacs_study::MatchSettings`, which
//! describes the match with the defaults of `cescacs match` and the names
//! the games give the two sides. A bad setting is a `ValueError` whose
//! arguments are the field and what is wrong with it
//! (python/cescacs/study.py raises it as `MatchSpecValueError`).

use std::path::PathBuf;

use cescacs_study::{Described, MatchSettings};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The settings of a `MatchSpec`, read from the dict study.py gives.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct Settings {
    depth: Option<u32>,
    vs_depth: Option<u32>,
    eval: String,
    vs_eval: String,
    engine: Option<String>,
    vs_engine: Option<String>,
    tc: Option<String>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    timemargin: u64,
    openings: Option<String>,
    pairs: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    hash_mb: usize,
    no_castling: bool,
    abstain: Option<String>,
    resign: Option<String>,
    draw: Option<String>,
}

/// The error of a bad setting: a `ValueError` carrying (field, message).
pub(crate) fn bad(field: &str, message: impl Into<String>) -> PyErr {
    PyValueError::new_err((field.to_string(), message.into()))
}

impl Settings {
    /// The match these settings describe (no engine started), with the
    /// names of its sides; a bad setting is reported under its field name.
    pub(crate) fn describe(self) -> PyResult<Described> {
        let settings = MatchSettings {
            depth: self.depth,
            vs_depth: self.vs_depth,
            eval: self.eval,
            vs_eval: self.vs_eval,
            engine: self.engine,
            vs_engine: self.vs_engine,
            tc: self.tc,
            movetime: self.movetime,
            nodes: self.nodes,
            timemargin: self.timemargin,
            openings: self.openings.map(PathBuf::from),
            pairs: self.pairs,
            seed: self.seed,
            max_plies: self.max_plies,
            threads: self.threads,
            hash_mb: self.hash_mb,
            no_castling: self.no_castling,
            abstain: self.abstain,
            resign: self.resign,
            draw: self.draw,
            ..MatchSettings::default()
        };
        settings
            .describe()
            .map_err(|e| bad(e.field.name(), e.message))
    }
}
