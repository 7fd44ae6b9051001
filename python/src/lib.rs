//! `cescacs._cescacs`: the PyO3 binding of the `cescacs` rules crate.
//!
//! The binding only translates values between Python and the core: every
//! rule answer (legal moves, notation, PDTL, outcome, perft) comes from
//! `cescacs::Position`. The Python package `cescacs` re-exports what is
//! defined here and wraps it: it hands over its enums (`cescacs._types`,
//! through `_init_enums`) and adds the methods written in Python (Arrow
//! and Parquet, tag mappings and visitors, readable result labels), the
//! SVG drawing (with `Board._repr_svg_`) and the command line. The native
//! layer imports no module of the package.
//!
//! One module per class family, each importing only those below it:
//! `convert` (values between Rust and Python, the cached enum members),
//! `errors` (exception types and the mapping of core errors), `work` (long
//! work that releases the GIL and stops on Ctrl-C, perft among it), `hex`
//! (Hex, Piece, their interned objects, reading a hex argument), `hexset`
//! (HexSet), `board` (Board's state; its Python methods in
//! `board/methods.rs`, above `moves`), `moves` (Move, LegalMoves), `game`
//! (Game), `nodes` (GameNode, Variation: views of a record's lines), `pgn` (CTL-PGN reading and writing),
//! `encode` (NumPy encodings), `engine` (the search), `dataset` (GameBatch, selfplay), `batch` (functions over many positions), `study` (built-in matches and their statistics) and
//! `vec_env` (the games of `cescacs.env.VecEnv`, stepped together).

#![deny(missing_docs)]

mod batch;
mod board;
mod convert;
mod dataset;
mod encode;
mod engine;
mod errors;
mod game;
mod hex;
mod hexset;
mod moves;
mod node_place;
mod nodes;
mod pgn;
mod positions;
mod rows;
mod spare;
mod study;
mod study_spec;
mod svg;
mod vec_env;
mod visit;
mod work;

use cescacs::HEX_COUNT;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::board::PyBoard;
use crate::errors::{
    GameOverError, IllegalMoveError, InvalidMoveError, InvalidPdtlError, InvalidPgnError,
};
use crate::game::PyGame;
use crate::hex::{PyHex, PyPiece};
use crate::moves::{PyLegalMoves, PyMove};
use crate::nodes::PyGameNode;

#[pymodule]
fn _cescacs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(convert::_init_enums, m)?)?;
    m.add_class::<PyHex>()?;
    m.add_class::<PyPiece>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyLegalMoves>()?;
    m.add_class::<hexset::PyHexSet>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyGameNode>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyStop>()?;
    m.add("InvalidPgnError", py.get_type::<InvalidPgnError>())?;
    m.add("InvalidPdtlError", py.get_type::<InvalidPdtlError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("HEX_COUNT", HEX_COUNT)?;
    m.add("SKILL_ELO", PyTuple::new(py, cescacs_engine::SKILL_ELO)?)?;
    m.add_function(wrap_pyfunction!(batch::count_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_moves_long, m)?)?;
    m.add_function(wrap_pyfunction!(batch::perft_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::perft, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_games, m)?)?;
    m.add_class::<dataset::PyGameBatch>()?;
    m.add_class::<dataset::PyGameBatchIter>()?;
    m.add_function(wrap_pyfunction!(dataset::selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::_pgn_read_batch, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_planes, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_legal_mask, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_release_buffers, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_move_index, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_index_move, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_mirror_actions, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_encode_layout, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_moves_batch_lines, m)?)?;
    m.add_function(wrap_pyfunction!(hex::all_hexes, m)?)?;
    m.add_function(wrap_pyfunction!(svg::_board_svg, m)?)?;
    m.add_function(wrap_pyfunction!(board::initial_pdtl, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_pgn_read_games, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_pgn_read_games_lenient, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_pgn_read_game, m)?)?;
    m.add_class::<pgn::PyPgnStream>()?;
    m.add_function(wrap_pyfunction!(pgn::_pgn_game_end, m)?)?;
    m.add_class::<pgn::PySplitter>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(vec_env::_reward, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_pgn_write_game, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_pgn_write_games, m)?)?;
    m.add_function(wrap_pyfunction!(study::_study_match, m)?)?;
    m.add_function(wrap_pyfunction!(study::_study_names, m)?)?;
    m.add_function(wrap_pyfunction!(study::_study_stats, m)?)?;
    positions::register(m)?;
    Ok(())
}
